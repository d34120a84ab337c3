/**
 * XSD regular expressions for re-match(), compiled once per pattern text
 * (patterns are nearly always literals, so a small cache serves them all)
 * to the linear-time matcher: no value makes re-match() take more than time
 * linear in its length. An event-stream filter's client writes the pattern,
 * so it may expand to at most `RE_MATCH_MAX_STATES` automaton states (a
 * tenth of what a YANG pattern may), which bounds what compiling it costs.
 */
import { compileXsdMatcher, type XsdMatcherCompilation } from '../../types/index.ts';

export const RE_MATCH_MAX_STATES = 10_000;

const cache = new Map<string, XsdMatcherCompilation>();
const LIMIT = 100;

export function xsdMatcher(pattern: string): XsdMatcherCompilation {
  let c = cache.get(pattern);
  if (c === undefined) {
    c = compileXsdMatcher(pattern, { maxStates: RE_MATCH_MAX_STATES });
    if (cache.size >= LIMIT) cache.clear();
    cache.set(pattern, c);
  }
  return c;
}
