/**
 * empty (RFC 7950 §9.11, RFC 7951 §6.9): the runtime value is `null`
 * (present); JSON `[null]`; the lexical form is the empty string.
 */
import type { Codec, JsonScalar } from './codec.ts';
import { jsonKind } from './json-kind.ts';
import { typeName } from './type-name.ts';
import { invalid, ok, quote } from './value.ts';

/** The JSON value of an empty leaf; shared and frozen. */
export const EMPTY_JSON: JsonScalar = Object.freeze([null] as const);

const isEmptyJson = (json: unknown): boolean => Array.isArray(json) && json.length === 1 && json[0] === null;

export const emptyCodec: Codec = {
  decodeJson: (type, json) =>
    isEmptyJson(json) ? ok(null) : invalid(`expected [null] for type ${typeName(type)}, got ${jsonKind(json)}`),
  decodeString: (type, text) =>
    text === '' ? ok(null) : invalid(`${quote(text)} is not empty, as type ${typeName(type)} requires`),
  encodeJson: () => EMPTY_JSON,
  encodeString: () => '',
  validate: (type, value) => (value === null ? ok(null) : invalid(`a ${typeName(type)} value must be null`)),
};
