/**
 * int8 … uint64 (RFC 7950 §9.2, RFC 7951 §6.1). Values up to 32 bits are
 * `number`s and JSON numbers; int64 and uint64 are `bigint`s and JSON strings.
 */
import type { IntegerTypeName, TypeMeta } from '../meta/meta.ts';
import type { Codec, JsonScalar } from './codec.ts';
import { INTEGER_RANGES, isWideInteger } from './integer-ranges.ts';
import { parseIntegerLiteral, type IntegerSyntax } from './integer-literal.ts';
import type { JsonDecodeOptions, JsonEncodeOptions } from './options.ts';
import { jsonKind } from './json-kind.ts';
import { checkRange } from './range-check.ts';
import { typeName } from './type-name.ts';
import { failure, invalid, ok, quote, type Result, type YangValue } from './value.ts';

const base = (type: TypeMeta): IntegerTypeName => type.base as IntegerTypeName;

/** Range-checks an integer and gives it its runtime shape. */
function accept(type: TypeMeta, value: bigint | number, text?: string): Result {
  const error = checkRange(type, value, INTEGER_RANGES[base(type)], text);
  if (error !== undefined) return failure([error]);
  if (isWideInteger(type.base)) return ok(typeof value === 'bigint' ? value : BigInt(value));
  const n = Number(value);
  return ok(n === 0 ? 0 : n); // no -0
}

function fromText(type: TypeMeta, text: string, syntax: IntegerSyntax): Result {
  const parsed = parseIntegerLiteral(text, syntax);
  if (!parsed.ok) return invalid(`${quote(text)} is not a valid ${typeName(type)} value`);
  return accept(type, parsed.value, text);
}

function fromNumber(type: TypeMeta, n: number): Result {
  if (!Number.isInteger(n)) return invalid(`${quote(String(n))} is not an integer, as type ${typeName(type)} requires`);
  if (isWideInteger(type.base) && !Number.isSafeInteger(n)) {
    return invalid(`${quote(String(n))} cannot be exact as a JSON number; send ${typeName(type)} values as strings`);
  }
  return accept(type, n);
}

function decodeJson(type: TypeMeta, json: unknown, options: JsonDecodeOptions): Result {
  const wide = isWideInteger(type.base);
  if (typeof json === 'number') {
    if (wide && options.strict) {
      return invalid(`${typeName(type)} values are JSON strings in RFC 7951; got the number ${json}`);
    }
    return fromNumber(type, json);
  }
  if (typeof json === 'string') {
    if (!wide && options.strict) {
      return invalid(`${typeName(type)} values are JSON numbers in RFC 7951; got the string ${quote(json)}`);
    }
    return fromText(type, json, 'instance');
  }
  return invalid(`expected a ${wide ? 'string' : 'number'} for type ${typeName(type)}, got ${jsonKind(json)}`);
}

function encodeJson(_type: TypeMeta, value: YangValue, options: JsonEncodeOptions): JsonScalar {
  if (typeof value !== 'bigint') return value as number;
  if (!options.strict && value >= MIN_SAFE && value <= MAX_SAFE) return Number(value);
  return value.toString();
}

function validate(type: TypeMeta, value: YangValue): Result {
  const wide = isWideInteger(type.base);
  if (wide && typeof value === 'bigint') return accept(type, value);
  if (!wide && typeof value === 'number' && Number.isInteger(value)) return accept(type, value);
  return invalid(`a ${typeName(type)} value must be ${wide ? 'a bigint' : 'an integer number'}`);
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = -MAX_SAFE;

export const integerCodec: Codec = {
  decodeJson,
  decodeString: (type, text, options) => fromText(type, text, options.qualifier === 'prefix' ? 'yang' : 'instance'),
  encodeJson,
  encodeString: (_type, value) => String(value),
  validate,
};
