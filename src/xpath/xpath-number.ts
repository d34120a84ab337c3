/** The number() conversion (XPath 1.0 §4.4). */
import type { XPathBudget } from './budget.ts';
import { parseNumber } from './parse-number.ts';
import { xpathString } from './xpath-string.ts';
import type { XPathValue } from './xpath-value.ts';

export function xpathNumber(v: XPathValue, budget?: XPathBudget): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return parseNumber(typeof v === 'string' ? v : xpathString(v, budget));
}
