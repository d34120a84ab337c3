/**
 * Number functions (XPath 1.0 §4.4). round() rounds half up toward +∞ and
 * keeps -0 for [-0.5, -0], which is exactly ECMAScript's Math.round.
 */
import { nodeStringValue } from '../string-value.ts';
import { parseNumber } from '../parse-number.ts';
import { xpathNumber } from '../xpath-number.ts';
import type { Focus, Run } from '../runtime.ts';
import type { XPathValue } from '../xpath-value.ts';
import { nodeSetArg, type XPathFunction } from './xpath-function.ts';

const numberArg = (args: readonly XPathValue[], focus: Focus, run: Run): number =>
  xpathNumber(args.length === 0 ? [focus.node] : (args[0] as XPathValue), run.budget);

function sum(args: readonly XPathValue[], _focus: Focus, run: Run): number {
  const nodes = nodeSetArg('sum', args[0]);
  run.budget.spend(nodes.length);
  let total = 0;
  for (const n of nodes) total += parseNumber(nodeStringValue(n, run.budget));
  return total;
}

const unary = (f: (x: number) => number): XPathFunction =>
  ({ minArgs: 1, maxArgs: 1, call: (args, focus, run) => f(numberArg(args, focus, run)) });

export const numberFunctions: ReadonlyMap<string, XPathFunction> = new Map<string, XPathFunction>([
  ['number', { minArgs: 0, maxArgs: 1, call: numberArg }],
  ['sum', { minArgs: 1, maxArgs: 1, call: sum }],
  ['floor', unary(Math.floor)],
  ['ceiling', unary(Math.ceil)],
  ['round', unary(Math.round)],
]);
