/**
 * substring(s, start, length?) (XPath 1.0 §4.2): the characters at 1-based
 * positions p with round(start) <= p < round(start) + round(length). Any
 * NaN in the bounds selects nothing; -Infinity + Infinity is NaN.
 */
import { xpathNumber } from '../xpath-number.ts';
import { xpathString } from '../xpath-string.ts';
import type { XPathValue } from '../xpath-value.ts';

export function substring(args: readonly XPathValue[]): string {
  const s = xpathString(args[0] ?? '');
  const first = Math.round(xpathNumber(args[1] ?? NaN));
  const end = args.length > 2 ? first + Math.round(xpathNumber(args[2] as XPathValue)) : Infinity;
  if (Number.isNaN(first) || Number.isNaN(end)) return '';
  const chars = hasSurrogates(s) ? Array.from(s) : undefined;
  const count = chars === undefined ? s.length : chars.length;
  const from = Math.max(first, 1);
  const to = Math.min(end, count + 1);
  if (to <= from) return '';
  return chars === undefined ? s.slice(from - 1, to - 1) : chars.slice(from - 1, to - 1).join('');
}

const SURROGATE = /[\uD800-\uDFFF]/;
const hasSurrogates = (s: string): boolean => SURROGATE.test(s);
