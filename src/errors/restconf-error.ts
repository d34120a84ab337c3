/**
 * One RFC 8040 error, as data: what went wrong, where (error-path), and the
 * tag that decides the HTTP status. Collected, not thrown at the first.
 */
import type { ErrorTag, ErrorType } from './error-tag.ts';

export interface RestconfError {
  readonly type: ErrorType;
  readonly tag: ErrorTag;
  readonly appTag?: string;
  /** RFC 7951 instance-identifier of the data concerned. */
  readonly path?: string;
  readonly message: string;
  readonly info?: Readonly<Record<string, unknown>>;
  /** Another status the tag allows (see ERROR_TAGS); the tag's usual one otherwise. */
  readonly status?: number;
}

export const restconfError = (
  tag: ErrorTag,
  message: string,
  extra: { type?: ErrorType; appTag?: string | undefined; path?: string | undefined; info?: Record<string, unknown>; status?: number } = {},
): RestconfError => {
  const e: { -readonly [K in keyof RestconfError]: RestconfError[K] } = { type: extra.type ?? 'application', tag, message };
  if (extra.appTag !== undefined) e.appTag = extra.appTag;
  if (extra.path !== undefined) e.path = extra.path;
  if (extra.info !== undefined) e.info = extra.info;
  if (extra.status !== undefined) e.status = extra.status;
  return e;
};

/** An exception carrying RFC 8040 errors, for the rare places that must throw (node code). */
export class RestconfFailure extends Error {
  constructor(readonly errors: readonly RestconfError[]) {
    super(errors.map((e) => e.message).join('; '));
    this.name = 'RestconfFailure';
  }
}
