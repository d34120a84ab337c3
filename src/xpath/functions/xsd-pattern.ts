/**
 * XSD regular expressions for re-match(), compiled once per pattern text
 * (patterns are nearly always literals, so a small cache serves them all).
 */
import { compileXsdRegex, type XsdRegexCompilation } from '../../types/index.ts';

const cache = new Map<string, XsdRegexCompilation>();
const LIMIT = 1000;

export function xsdRegExp(pattern: string): XsdRegexCompilation {
  let c = cache.get(pattern);
  if (c === undefined) {
    c = compileXsdRegex(pattern);
    if (cache.size >= LIMIT) cache.clear();
    cache.set(pattern, c);
  }
  return c;
}
