/** The contract every built-in type implements; `codec-for.ts` picks one by base type. */
import type { TypeMeta } from '../meta/meta.ts';
import type { IdentityLookup, JsonDecodeOptions, JsonEncodeOptions, StringDecodeOptions } from './options.ts';
import type { Result, YangValue } from './value.ts';

/** What `encodeJson` produces: a JSON scalar, or `[null]` for empty. */
export type JsonScalar = string | number | boolean | readonly [null];

export interface Codec {
  /** RFC 7951 §6 value (already parsed from JSON text) → runtime value, restrictions checked. */
  readonly decodeJson: (type: TypeMeta, json: unknown, options: JsonDecodeOptions) => Result;
  /** Lexical form (YANG default, URL key or leaf-list value) → runtime value, restrictions checked. */
  readonly decodeString: (type: TypeMeta, text: string, options: StringDecodeOptions) => Result;
  /** Runtime value (assumed valid) → RFC 7951 JSON value. */
  readonly encodeJson: (type: TypeMeta, value: YangValue, options: JsonEncodeOptions) => JsonScalar;
  /** Runtime value (assumed valid) → canonical lexical form. */
  readonly encodeString: (type: TypeMeta, value: YangValue) => string;
  /**
   * Checks a runtime value against the type (its JavaScript shape and every
   * restriction). Identityref derivation is checked only when `identity` is given.
   */
  readonly validate: (type: TypeMeta, value: YangValue, identity: IdentityLookup | undefined) => Result;
}
