/**
 * A YANG type as generated code carries it: plain data (no compiled schema
 * needed at run time), enough for the runtime's own value codecs to decide
 * exactly what the server's decoder decides. Leafrefs are written as their
 * target's type; identityrefs as the identities they admit.
 */
import type { BuiltinTypeName } from '../../meta/meta.ts';

/** An inclusive interval, bounds as decimal integer text (decimal64: scaled by 10^fraction-digits). */
export type SpecInterval = readonly [string, string];

export interface TypeSpec {
  readonly base: Exclude<BuiltinTypeName, 'leafref'>;
  readonly range?: readonly SpecInterval[];
  readonly length?: readonly SpecInterval[];
  /** XSD patterns as written; `true` marks an inverted one. */
  readonly patterns?: readonly (readonly [string, boolean])[];
  readonly fractionDigits?: number;
  /** enumeration: name and value. */
  readonly enums?: readonly (readonly [string, number])[];
  /** bits: name and position. */
  readonly bits?: readonly (readonly [string, number])[];
  /** identityref: every admitted identity, as `module:name`. */
  readonly identities?: readonly string[];
  /** union members, in order. */
  readonly members?: readonly TypeSpec[];
}
