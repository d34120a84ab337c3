/**
 * The source text of JSON numbers that a JavaScript number may not hold
 * exactly (more than 15 significant digits, beyond ±(2^53 − 1), overflow,
 * underflow), by the object or array that holds them and their member name
 * or index.
 *
 * RFC 7951 carries int64, uint64 and decimal64 as strings, so in strict mode
 * such a number is an error whatever its precision. The simplified mode also
 * accepts JSON numbers for those types; the decoder then takes the exact
 * digits from here instead of the rounded number.
 */
export class NumberTexts {
  /** Made at the first inexact number (most texts have none: every request body is read with a NumberTexts). */
  #texts: WeakMap<object, Map<string | number, string>> | undefined;

  set(holder: object, key: string | number, text: string): void {
    this.#texts ??= new WeakMap();
    let byKey = this.#texts.get(holder);
    if (byKey === undefined) {
      byKey = new Map();
      this.#texts.set(holder, byKey);
    }
    byKey.set(key, text);
  }

  /** The exact text of the number at `holder[key]`, when it was inexact. */
  get(holder: object, key: string | number): string | undefined {
    return this.#texts?.get(holder)?.get(key);
  }
}

/** Longest token without an exponent that is exact whatever its digits: at most 15 of them, below 10^15. */
const SHORT = 15;

/** True when the parsed `value` of a number token may differ from the token's exact value. */
export const isInexactNumber = (token: string, value: number): boolean => {
  if (token.length <= SHORT && token.indexOf('e') < 0 && token.indexOf('E') < 0) return false;
  if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) return true;
  const e = token.search(/[eE]/);
  const digits = (e < 0 ? token : token.slice(0, e)).replace(/[-.]/g, '').replace(/^0+/, '').replace(/0+$/, '');
  return digits.length > 15 || (value === 0 && digits.length > 0);
};
