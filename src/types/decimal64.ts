/**
 * decimal64 (RFC 7950 §9.3, RFC 7951 §6.1): exact; the runtime value is the
 * canonical string, arithmetic is on the value scaled by 10^fraction-digits.
 */
import type { TypeMeta } from '../meta/meta.ts';
import type { Codec } from './codec.ts';
import { decimal64Range, formatDecimal, numberToDecimalText, parseDecimalLiteral } from './decimal-literal.ts';
import { jsonKind } from './json-kind.ts';
import type { JsonDecodeOptions } from './options.ts';
import { checkRange } from './range-check.ts';
import { typeName } from './type-name.ts';
import { failure, invalid, ok, type Result, type YangValue } from './value.ts';

function fractionDigits(type: TypeMeta): number {
  const digits = type.fractionDigits;
  if (digits === undefined) throw new TypeError(`decimal64 type without fraction-digits (${typeName(type)})`);
  return digits;
}

function fromText(type: TypeMeta, text: string): Result {
  const digits = fractionDigits(type);
  const parsed = parseDecimalLiteral(text, digits);
  if (!parsed.ok) {
    const reason = parsed.errors[0]?.message ?? 'invalid';
    return invalid(`${reason} for type ${typeName(type)}`);
  }
  const error = checkRange(type, parsed.value, decimal64Range(digits), text);
  return error === undefined ? ok(formatDecimal(parsed.value, digits)) : failure([error]);
}

function decodeJson(type: TypeMeta, json: unknown, options: JsonDecodeOptions): Result {
  if (typeof json === 'string') return fromText(type, json);
  if (typeof json === 'number') {
    if (options.strict) {
      return invalid(`decimal64 values are JSON strings in RFC 7951; got the number ${json} for type ${typeName(type)}`);
    }
    return fromText(type, numberToDecimalText(json));
  }
  return invalid(`expected a string for type ${typeName(type)}, got ${jsonKind(json)}`);
}

function validate(type: TypeMeta, value: YangValue): Result {
  if (typeof value !== 'string') return invalid(`a ${typeName(type)} value must be a string`);
  const result = fromText(type, value);
  if (result.ok && result.value !== value) {
    return invalid(`"${value}" is not in canonical form ("${String(result.value)}") for type ${typeName(type)}`);
  }
  return result;
}

export const decimal64Codec: Codec = {
  decodeJson,
  decodeString: (type, text) => fromText(type, text),
  encodeJson: (_type, value) => value as string,
  encodeString: (_type, value) => value as string,
  validate,
};
