/**
 * string (RFC 7950 §9.4, RFC 7951 §6.3): any characters YANG allows
 * (tab, line feed, carriage return and everything from U+0020, but no other
 * C0 controls, no lone surrogates, no noncharacters), then length (in
 * characters) and every pattern.
 */
import type { TypeMeta } from '../meta/meta.ts';
import type { Codec } from './codec.ts';
import { jsonKind } from './json-kind.ts';
import { checkLength, codePointLength } from './length-check.ts';
import { checkPatterns } from './pattern-check.ts';
import { typeName } from './type-name.ts';
import { failure, invalid, ok, quote, type Result, type ValueError, type YangValue } from './value.ts';

const FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFDD0-\uFDEF\uFFFE\uFFFF\p{Cs}\u{1FFFE}\u{1FFFF}\u{2FFFE}\u{2FFFF}\u{3FFFE}\u{3FFFF}\u{4FFFE}\u{4FFFF}\u{5FFFE}\u{5FFFF}\u{6FFFE}\u{6FFFF}\u{7FFFE}\u{7FFFF}\u{8FFFE}\u{8FFFF}\u{9FFFE}\u{9FFFF}\u{AFFFE}\u{AFFFF}\u{BFFFE}\u{BFFFF}\u{CFFFE}\u{CFFFF}\u{DFFFE}\u{DFFFF}\u{EFFFE}\u{EFFFF}\u{FFFFE}\u{FFFFF}\u{10FFFE}\u{10FFFF}]/u;

/** Checks a string value against the type: allowed characters, length, patterns. */
export function checkString(type: TypeMeta, text: string): Result {
  const bad = FORBIDDEN.exec(text);
  if (bad !== null) {
    const code = (bad[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0');
    return invalid(`${quote(text)} contains U+${code}, which YANG strings cannot hold (type ${typeName(type)})`);
  }
  if (type.length === undefined && type.patterns.length === 0) return ok(text);
  const errors: ValueError[] = [];
  if (type.length !== undefined) checkLength(type, codePointLength(text), text, errors);
  checkPatterns(type, text, errors);
  return errors.length === 0 ? ok(text) : failure(errors);
}

function decodeJson(type: TypeMeta, json: unknown): Result {
  if (typeof json !== 'string') return invalid(`expected a string for type ${typeName(type)}, got ${jsonKind(json)}`);
  return checkString(type, json);
}

function validate(type: TypeMeta, value: YangValue): Result {
  if (typeof value !== 'string') return invalid(`a ${typeName(type)} value must be a string`);
  return checkString(type, value);
}

export const stringCodec: Codec = {
  decodeJson,
  decodeString: checkString,
  encodeJson: (_type, value) => value as string,
  encodeString: (_type, value) => value as string,
  validate,
};
