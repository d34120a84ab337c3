/**
 * String to number (XPath 1.0 §4.4 number()): optional whitespace, an
 * optional minus, a Number (digits with an optional fraction, no exponent,
 * no plus sign), optional whitespace. Anything else is NaN.
 */
const NUMBER = /^[ \t\r\n]*(-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))[ \t\r\n]*$/;

export function parseNumber(s: string): number {
  const m = NUMBER.exec(s);
  return m === null ? NaN : Number(m[1]);
}
