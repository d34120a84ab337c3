/**
 * The runtime representation of YANG values, and the result of decoding one.
 *
 * Every codec in this folder produces and consumes `YangValue`s:
 *
 * | YANG type                      | `YangValue`                                             |
 * |--------------------------------|---------------------------------------------------------|
 * | int8, int16, int32, uint8, uint16, uint32 | `number` (an integer, never `-0`)            |
 * | int64, uint64                  | `bigint`                                                |
 * | decimal64                      | `string`, canonical form (RFC 7950 §9.3.2): `"1.5"`, `"-0.25"`, `"3.0"`; exact, never a float |
 * | string                         | `string`                                                |
 * | binary                         | `string`, canonical base64 (padded, zero pad bits)      |
 * | enumeration                    | `string`, the enum name                                 |
 * | identityref                    | `string`, always `"module:identity"` (module-qualified) |
 * | instance-identifier            | `string`, the RFC 7951 §6.11 form (module names as prefixes) |
 * | boolean                        | `boolean`                                               |
 * | empty                          | `null` (the leaf is present)                            |
 * | bits                           | `readonly string[]`, the names of the set bits in position order |
 * | union                          | the value of the member type that matched               |
 * | leafref                        | the value of its target's type (`TypeMeta.target.type`) |
 */
export type YangValue = number | bigint | string | boolean | null | readonly string[];

/** One problem with a value. The data path is added by whoever knows it. */
export interface ValueError {
  /** RFC 8040 error-tag. */
  readonly tag: 'invalid-value';
  /** The failed restriction's error-app-tag; undefined when the module gives none. */
  readonly appTag: string | undefined;
  /** The restriction's error-message when given, else a message naming the value and the rule. */
  readonly message: string;
}

export interface Success<T> {
  readonly ok: true;
  readonly value: T;
}

export interface Failure {
  readonly ok: false;
  /** Every problem found, never empty. */
  readonly errors: readonly ValueError[];
}

export type Result<T = YangValue> = Success<T> | Failure;

/** A successful result. */
export const ok = <T>(value: T): Success<T> => ({ ok: true, value });

/** A failed result with one error. */
export const invalid = (message: string, appTag?: string): Failure => ({
  ok: false,
  errors: [{ tag: 'invalid-value', appTag, message }],
});

/** A failed result from collected errors (at least one). */
export const failure = (errors: readonly ValueError[]): Failure => ({ ok: false, errors });

/** A value as it appears in a message: quoted, shortened when long. */
export const quote = (text: string): string =>
  `"${text.length > 80 ? `${text.slice(0, 77)}...` : text}"`;
