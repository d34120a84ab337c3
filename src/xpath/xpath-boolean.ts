/** The boolean() conversion (XPath 1.0 §4.3). */
import type { XPathValue } from './xpath-value.ts';

export function xpathBoolean(v: XPathValue): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  return v.length > 0;
}
