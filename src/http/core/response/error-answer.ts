/**
 * The one builder of error answers, for the core and every stage in front
 * of it: the RFC 8040 errors document of every error, and the status the
 * first error's tag decides (or another its tag allows, ERROR_TAGS), never
 * chosen apart from the tag. The one exception is 415, which RFC 8040 gives
 * no tag: see `unsupportedMediaType`.
 */
import { statusOf, type RestconfError } from '../../../errors/index.ts';
import type { CoreResponse } from '../../exchange.ts';
import { errorBody } from './error-body.ts';

export interface ErrorAnswerOptions {
  readonly strict: boolean;
  /** The answer's media type (the mode's JSON type when Accept admits it). */
  readonly mediaType: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** A HEAD request: the status and headers, no body. */
  readonly head?: boolean;
}

export const errorAnswer = (errors: readonly RestconfError[], options: ErrorAnswerOptions): CoreResponse => {
  const first = errors[0];
  const status = first === undefined ? 500 : statusOf(first.tag, first.status);
  return { status, headers: { ...options.headers, 'content-type': options.mediaType }, body: options.head === true ? undefined : errorBody(errors, options.strict) };
};
