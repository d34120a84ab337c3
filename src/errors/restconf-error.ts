/**
 * One RFC 8040 error, as data: what went wrong, where (error-path), and the
 * tag that decides the HTTP status. Collected, not thrown at the first.
 */
import { typeOf, type ErrorTag, type ErrorType, type ErrorTypeOf } from './error-tag.ts';

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

/**
 * An error. Its error-type must be one the tag allows (RFC 6241 Appendix A,
 * ERROR_TYPES): the compiler checks that where the tag is written out, and a
 * type the tag does not allow (from a caller that picks both at run time) is
 * replaced by the tag's default, which is also the type when none is named.
 */
export const restconfError = <T extends ErrorTag>(
  tag: T,
  message: string,
  extra: { type?: ErrorTypeOf<T>; appTag?: string | undefined; path?: string | undefined; info?: Record<string, unknown>; status?: number } = {},
): RestconfError => {
  const e: { -readonly [K in keyof RestconfError]: RestconfError[K] } = { type: typeOf(tag, extra.type), tag, message };
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
