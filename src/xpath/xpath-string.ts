/** The string() conversion (XPath 1.0 §4.2). */
import type { XPathBudget } from './budget.ts';
import { formatNumber } from './format-number.ts';
import { nodeStringValue } from './string-value.ts';
import type { XPathValue } from './xpath-value.ts';

export function xpathString(v: XPathValue, budget?: XPathBudget): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return formatNumber(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  const first = v[0];
  return first === undefined ? '' : nodeStringValue(first, budget);
}
