/**
 * Codec errors as located data: io-ts's error contexts turned into a JSON
 * Pointer (RFC 6901) to the offending member and a message, collected, never
 * thrown.
 */
import type { Either } from 'fp-ts/lib/Either.js';
import { mapLeft } from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type * as t from 'io-ts';

export interface LocatedError {
  /** JSON Pointer into the decoded value ('' for the value itself). */
  readonly path: string;
  readonly message: string;
}

const pointerPart = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The pointer and message of one io-ts error. */
export const locate = (error: t.ValidationError): LocatedError => {
  const keys = error.context.map((c) => c.key).filter((k) => k !== '');
  const path = keys.map((k) => `/${pointerPart(k)}`).join('');
  const last = error.context.at(-1);
  return { path, message: error.message ?? `expected ${last?.type.name ?? 'a value'}` };
};

/** Decodes `value` with a generated codec: the value, or every error with its location. */
export const decodeWith = <A>(codec: t.Decoder<unknown, A>, value: unknown): Either<readonly LocatedError[], A> =>
  pipe(codec.decode(value), mapLeft((errors) => errors.map(locate)));

/** `path: message` lines, for logs and thrown summaries. */
export const formatLocatedErrors = (errors: readonly LocatedError[]): string =>
  errors.map((e) => `${e.path === '' ? '/' : e.path}: ${e.message}`).join('\n');
