/** boolean (RFC 7950 §9.5, RFC 7951 §6.5): JSON `true`/`false`; lexical `"true"`/`"false"`. */
import type { Codec } from './codec.ts';
import { jsonKind } from './json-kind.ts';
import { typeName } from './type-name.ts';
import { invalid, ok, quote } from './value.ts';

export const booleanCodec: Codec = {
  decodeJson: (type, json) =>
    typeof json === 'boolean' ? ok(json) : invalid(`expected true or false for type ${typeName(type)}, got ${jsonKind(json)}`),
  decodeString: (type, text) =>
    text === 'true' ? ok(true)
    : text === 'false' ? ok(false)
    : invalid(`${quote(text)} is not "true" or "false", as type ${typeName(type)} requires`),
  encodeJson: (_type, value) => value as boolean,
  encodeString: (_type, value) => String(value),
  validate: (type, value) => (typeof value === 'boolean' ? ok(value) : invalid(`a ${typeName(type)} value must be a boolean`)),
};
