/**
 * What the codecs need to know beyond the type: the module of the leaf that
 * holds the value (for identityref qualification) and how to find identities.
 */
import type { IdentityMeta, SchemaContext } from '../meta/meta.ts';

/** Finds an identity by the name of its module and its own name. */
export type IdentityLookup = (module: string, name: string) => IdentityMeta | undefined;

export interface ValueContext {
  /** Name of the module of the leaf or leaf-list holding the value; unqualified identities belong to it. */
  readonly leafModule: string;
  readonly identity: IdentityLookup;
  /**
   * The schema, when at hand: instance-identifier values are then resolved
   * against it, and their key and leaf-list values checked and written in
   * their type's canonical form (`[id='007']` → `[id='7']`), so that they
   * name the instance the canonical data holds.
   */
  readonly schema?: SchemaContext;
}

export interface JsonDecodeOptions extends ValueContext {
  /**
   * True: exactly RFC 7951. False (the server's simplified mode): also accept
   * JSON numbers for int64, uint64 and decimal64, and numeric strings for the
   * other integer types. Nothing else is loosened.
   */
  readonly strict: boolean;
}

/** Where a lexical value was written. */
export type Qualifier = 'prefix' | 'module';

export interface StringDecodeOptions extends ValueContext {
  /**
   * `prefix`: the text was written in a YANG module (a default): identityref and
   * instance-identifier names are qualified by prefixes, and integers may also be
   * written in hexadecimal (`0x1F`) or octal (`017`) form (RFC 7950 §9.2.1).
   * `module`: the text is instance data (a URL key or leaf-list value):
   * names are qualified by module names, integers are decimal.
   */
  readonly qualifier: Qualifier;
  /** Prefix → module name, for `qualifier: 'prefix'`. Defaults to `type.prefixes`. */
  readonly prefixes?: ReadonlyMap<string, string>;
}

export interface JsonEncodeOptions {
  /**
   * True: RFC 7951. False (simplified mode): as RFC 7951, except that int64 and
   * uint64 values that are exactly representable as a JavaScript number
   * (|v| ≤ 2^53 − 1) are emitted as JSON numbers; larger ones stay strings.
   */
  readonly strict: boolean;
  readonly leafModule: string;
  /** When given, union members of type identityref are matched by derivation, not only by syntax. */
  readonly identity?: IdentityLookup;
}
