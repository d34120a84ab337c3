/** Boolean functions (XPath 1.0 §4.3). YANG data carries no xml:lang, so lang() is false. */
import { xpathBoolean } from '../xpath-boolean.ts';
import type { XPathValue } from '../xpath-value.ts';
import type { XPathFunction } from './xpath-function.ts';

const arg = (args: readonly XPathValue[]): XPathValue => args[0] ?? false;

export const booleanFunctions: ReadonlyMap<string, XPathFunction> = new Map<string, XPathFunction>([
  ['boolean', { minArgs: 1, maxArgs: 1, call: (args) => xpathBoolean(arg(args)) }],
  ['not', { minArgs: 1, maxArgs: 1, call: (args) => !xpathBoolean(arg(args)) }],
  ['true', { minArgs: 0, maxArgs: 0, call: () => true }],
  ['false', { minArgs: 0, maxArgs: 0, call: () => false }],
  ['lang', { minArgs: 1, maxArgs: 1, call: () => false }],
]);
