/** The lexical forms of integers (RFC 7950 §9.2.1). */
import { invalid, ok, quote, type Result } from './value.ts';

/**
 * `yang`: as written in a module (defaults): an optional sign, then decimal
 * digits without a leading zero, `0x` and hexadecimal digits, or `0` and octal digits.
 * `instance`: as in instance data (XML, JSON strings, URLs): an optional sign
 * and decimal digits, leading zeros allowed.
 */
export type IntegerSyntax = 'yang' | 'instance';

const DECIMAL = /^[+-]?[0-9]+$/;
const YANG = /^([+-]?)(?:0x([0-9a-fA-F]+)|0([0-7]*)|([1-9][0-9]*))$/;

/** Parses an integer literal; the result is not range-checked. */
export function parseIntegerLiteral(text: string, syntax: IntegerSyntax = 'yang'): Result<bigint> {
  if (syntax === 'instance') {
    return DECIMAL.test(text) ? ok(BigInt(text)) : invalid(`${quote(text)} is not a valid integer`);
  }
  const m = YANG.exec(text);
  if (m === null) return invalid(`${quote(text)} is not a valid integer`);
  const [, sign, hex, octal, decimal] = m;
  const magnitude =
    hex !== undefined ? BigInt(`0x${hex}`)
    : octal !== undefined ? (octal === '' ? 0n : BigInt(`0o${octal}`))
    : BigInt(decimal as string);
  return ok(sign === '-' ? -magnitude : magnitude);
}
