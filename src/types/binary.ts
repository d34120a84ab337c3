/**
 * binary (RFC 7950 §9.8, RFC 7951 §6.6): base64 (RFC 4648 §4) with padding
 * and no whitespace. The runtime value is canonical: non-zero pad bits are
 * cleared. Length counts decoded octets.
 */
import type { TypeMeta } from '../meta/meta.ts';
import type { Codec } from './codec.ts';
import { jsonKind } from './json-kind.ts';
import { checkLength } from './length-check.ts';
import { typeName } from './type-name.ts';
import { failure, invalid, ok, quote, type Result, type ValueError, type YangValue } from './value.ts';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The text with the unused low bits of its last character cleared. */
function canonical(text: string): string {
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if (pad === 0) return text;
  const at = text.length - pad - 1;
  const bits = ALPHABET.indexOf(text.charAt(at));
  const mask = pad === 2 ? 0b110000 : 0b111100;
  return (bits & mask) === bits ? text : text.slice(0, at) + ALPHABET.charAt(bits & mask) + text.slice(at + 1);
}

/** Number of octets the (valid) base64 text decodes to. */
export const octetLength = (text: string): number =>
  (text.length / 4) * 3 - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);

function checkBinary(type: TypeMeta, text: string): Result {
  if (!BASE64.test(text)) return invalid(`${quote(text)} is not valid base64 for type ${typeName(type)}`);
  const value = canonical(text);
  if (type.length === undefined) return ok(value);
  const errors: ValueError[] = [];
  checkLength(type, octetLength(value), value, errors);
  return errors.length === 0 ? ok(value) : failure(errors);
}

function decodeJson(type: TypeMeta, json: unknown): Result {
  if (typeof json !== 'string') return invalid(`expected a base64 string for type ${typeName(type)}, got ${jsonKind(json)}`);
  return checkBinary(type, json);
}

function validate(type: TypeMeta, value: YangValue): Result {
  if (typeof value !== 'string') return invalid(`a ${typeName(type)} value must be a base64 string`);
  const result = checkBinary(type, value);
  if (result.ok && result.value !== value) return invalid(`${quote(value)} is not canonical base64 for type ${typeName(type)}`);
  return result;
}

export const binaryCodec: Codec = {
  decodeJson,
  decodeString: checkBinary,
  encodeJson: (_type, value) => value as string,
  encodeString: (_type, value) => value as string,
  validate,
};
