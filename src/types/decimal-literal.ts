/**
 * decimal64 values as exact scaled integers: `1.5` with fraction-digits 2 is
 * 150n. Lexical and canonical forms per RFC 7950 §9.3.
 */
import type { Interval } from '../meta/meta.ts';
import { INTEGER_RANGES } from './integer-ranges.ts';
import { invalid, ok, quote, type Result } from './value.ts';

const DECIMAL = /^([+-]?)([0-9]+)(?:\.([0-9]+))?$/;

/**
 * The value space of decimal64 with the given fraction-digits, scaled by
 * 10^fractionDigits: always the int64 interval, whatever the digits
 * (the decimal point moves, the 64-bit integer does not).
 */
export function decimal64Range(fractionDigits: number): Interval {
  if (!Number.isInteger(fractionDigits) || fractionDigits < 1 || fractionDigits > 18) {
    throw new RangeError(`fraction-digits must be 1..18, got ${fractionDigits}`);
  }
  return INTEGER_RANGES.int64;
}

/**
 * `value`: a value (instance data, a default): every lexical form of a number
 * in the value space, so trailing zeros beyond fraction-digits are fine
 * (`1.500` is 1.5 with fraction-digits 1), as libyang reads them.
 * `boundary`: a range boundary in a module, which libyang takes with at most
 * fraction-digits digits after the point.
 */
export type DecimalSyntax = 'value' | 'boundary';

/**
 * Parses the decimal64 lexical form (RFC 7950 §9.3.1: optional sign, digits,
 * optionally a point and digits; leading zeros allowed; `1.` and `.5` are
 * invalid) into its value scaled by 10^fractionDigits. A digit other than 0
 * beyond fraction-digits is an error, never a rounding. The result is not
 * range-checked.
 */
export function parseDecimalLiteral(text: string, fractionDigits: number, syntax: DecimalSyntax = 'value'): Result<bigint> {
  const m = DECIMAL.exec(text);
  if (m === null) return invalid(`${quote(text)} is not a valid decimal number`);
  const [, sign, whole, written = ''] = m;
  const fraction = syntax === 'value' ? trimZerosAfter(written, fractionDigits) : written;
  if (fraction.length > fractionDigits) {
    return invalid(`${quote(text)} has more than ${fractionDigits} fraction digit${fractionDigits === 1 ? '' : 's'}`);
  }
  const scaled = BigInt((whole as string) + fraction.padEnd(fractionDigits, '0'));
  return ok(sign === '-' ? -scaled : scaled);
}

/** The fraction digits without the zeros that end them beyond the first `keep`. */
const trimZerosAfter = (fraction: string, keep: number): string => {
  let end = fraction.length;
  while (end > keep && fraction.charCodeAt(end - 1) === 48 /* 0 */) end--;
  return fraction.slice(0, end);
};

/** The canonical form of a scaled decimal64 value: `150n, 2` → `"1.5"`, `0n` → `"0.0"`. */
export function formatDecimal(scaled: bigint, fractionDigits: number): string {
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(fractionDigits + 1, '0');
  const cut = digits.length - fractionDigits;
  let end = digits.length;
  while (end > cut + 1 && digits.charCodeAt(end - 1) === 48 /* 0 */) end--;
  return `${negative ? '-' : ''}${digits.slice(0, cut)}.${digits.slice(cut, end)}`;
}

/**
 * The shortest decimal text of a finite JavaScript number, without exponent
 * (`1e-7` → `"0.0000001"`), for decimal64 values given as JSON numbers.
 */
export function numberToDecimalText(n: number): string {
  const text = String(n);
  const e = text.indexOf('e');
  if (e < 0) return text;
  const negative = text.startsWith('-');
  const mantissa = text.slice(negative ? 1 : 0, e);
  const exponent = Number(text.slice(e + 1));
  const point = mantissa.indexOf('.');
  const digits = point < 0 ? mantissa : mantissa.slice(0, point) + mantissa.slice(point + 1);
  const pointAt = (point < 0 ? mantissa.length : point) + exponent;
  const body =
    pointAt <= 0 ? `0.${'0'.repeat(-pointAt)}${digits}`
    : pointAt >= digits.length ? digits + '0'.repeat(pointAt - digits.length)
    : `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
  return negative ? `-${body}` : body;
}
