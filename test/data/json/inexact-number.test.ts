/** Which number tokens a JavaScript number may not hold exactly: short tokens without an exponent are decided at once, with the same answer as the digit count. */
import test from 'ava';
import fc from 'fast-check';
import { isInexactNumber } from '../../../src/data/json/number-texts.ts';

/** The rule by its digits: more than 15 significant digits, beyond ±(2^53 − 1), overflow or underflow. */
const byDigits = (token: string, value: number): boolean => {
  if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) return true;
  const e = token.search(/[eE]/);
  const digits = (e < 0 ? token : token.slice(0, e)).replace(/[-.]/g, '').replace(/^0+/, '').replace(/0+$/, '');
  return digits.length > 15 || (value === 0 && digits.length > 0);
};

const digits = (min: number, max: number): fc.Arbitrary<string> => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
/** A JSON number token (RFC 8259 §6). */
const token = fc.tuple(fc.boolean(), fc.oneof(fc.constant('0'), fc.tuple(fc.constantFrom(...'123456789'), digits(0, 20)).map(([a, b]) => a + b)), fc.option(digits(1, 20)), fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), digits(1, 3))))
  .map(([minus, int, frac, exp]) => `${minus ? '-' : ''}${int}${frac === null ? '' : `.${frac}`}${exp === null ? '' : exp.join('')}`);

test('every number token is inexact exactly when its digits say so', (t) => {
  fc.assert(fc.property(token, (text) => {
    t.is(isInexactNumber(text, Number(text)), byDigits(text, Number(text)), text);
  }), { numRuns: 5000 });
});

test('edges: 15 and 16 digits, an underflow and an overflow written short', (t) => {
  for (const text of ['999999999999999', '9999999999999999', '-99999999999999', '0.00000000000001', '1e-400', '1e400', '0', '-0', '0.0', '123456789012345.6']) {
    t.is(isInexactNumber(text, Number(text)), byDigits(text, Number(text)), text);
  }
});
