/** What `encodeData` and `encodeDatastore` are given. */
import type { SchemaContext } from '../../meta/meta.ts';

export interface EncodeOptions {
  /** True: RFC 7951. False: the simplified form (see `memberLabel`, and `JsonEncodeOptions.strict` for values). */
  readonly strict: boolean;
  /**
   * Optional. Identities, so that a union with identityref members picks its
   * member by derivation; and, for `encodeDatastore` in the simplified form,
   * every implemented module's top-level names (else only the encoded modules')
   * for deciding which names must stay qualified.
   */
  readonly schema?: SchemaContext;
}
