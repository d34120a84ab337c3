/**
 * Number functions (XPath 1.0 §4.4). round() rounds half up toward +∞ and
 * keeps -0 for [-0.5, -0], which is exactly ECMAScript's Math.round.
 */
import { nodeStringValue } from '../string-value.ts';
import { parseNumber } from '../parse-number.ts';
import { xpathNumber } from '../xpath-number.ts';
import type { Focus } from '../runtime.ts';
import type { XPathValue } from '../xpath-value.ts';
import { nodeSetArg, type XPathFunction } from './xpath-function.ts';

const numberArg = (args: readonly XPathValue[], focus: Focus): number =>
  xpathNumber(args.length === 0 ? [focus.node] : (args[0] as XPathValue));

function sum(args: readonly XPathValue[]): number {
  let total = 0;
  for (const n of nodeSetArg('sum', args[0])) total += parseNumber(nodeStringValue(n));
  return total;
}

const unary = (f: (x: number) => number): XPathFunction =>
  ({ minArgs: 1, maxArgs: 1, call: (args, focus) => f(numberArg(args, focus)) });

export const numberFunctions: ReadonlyMap<string, XPathFunction> = new Map<string, XPathFunction>([
  ['number', { minArgs: 0, maxArgs: 1, call: numberArg }],
  ['sum', { minArgs: 1, maxArgs: 1, call: sum }],
  ['floor', unary(Math.floor)],
  ['ceiling', unary(Math.ceil)],
  ['round', unary(Math.round)],
]);
