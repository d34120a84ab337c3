/**
 * XSD regular expressions for re-match(), compiled once per pattern text
 * (patterns are nearly always literals, so a small cache serves them all)
 * to the linear-time matcher: no value makes re-match() take more than time
 * linear in its length.
 */
import { compileXsdMatcher, type XsdMatcherCompilation } from '../../types/index.ts';

const cache = new Map<string, XsdMatcherCompilation>();
const LIMIT = 1000;

export function xsdMatcher(pattern: string): XsdMatcherCompilation {
  let c = cache.get(pattern);
  if (c === undefined) {
    c = compileXsdMatcher(pattern);
    if (cache.size >= LIMIT) cache.clear();
    cache.set(pattern, c);
  }
  return c;
}
