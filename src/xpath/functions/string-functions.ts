/**
 * String functions (XPath 1.0 §4.2). Lengths and positions count characters
 * (Unicode code points), not UTF-16 units.
 */
import { xpathString } from '../xpath-string.ts';
import type { Focus } from '../runtime.ts';
import type { XPathValue } from '../xpath-value.ts';
import type { XPathFunction } from './xpath-function.ts';
import { substring } from './substring.ts';
import { translate } from './translate.ts';

/** The i-th argument as a string; with no arguments, the context node's string-value. */
const str = (args: readonly XPathValue[], i: number): string => xpathString(args[i] ?? '');
const strOrContext = (args: readonly XPathValue[], focus: Focus): string =>
  args.length === 0 ? xpathString([focus.node]) : str(args, 0);

const XML_SPACE = /[ \t\r\n]+/g;
const EDGE_SPACE = /^ | $/g;

function substringBefore(s: string, t: string): string {
  const i = s.indexOf(t);
  return i < 0 ? '' : s.slice(0, i);
}

function substringAfter(s: string, t: string): string {
  const i = s.indexOf(t);
  return i < 0 ? '' : s.slice(i + t.length);
}

function stringLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export const stringFunctions: ReadonlyMap<string, XPathFunction> = new Map<string, XPathFunction>([
  ['string', { minArgs: 0, maxArgs: 1, call: strOrContext }],
  ['concat', { minArgs: 2, maxArgs: Infinity, call: (args) => args.map(xpathString).join('') }],
  ['starts-with', { minArgs: 2, maxArgs: 2, call: (args) => str(args, 0).startsWith(str(args, 1)) }],
  ['contains', { minArgs: 2, maxArgs: 2, call: (args) => str(args, 0).includes(str(args, 1)) }],
  ['substring-before', { minArgs: 2, maxArgs: 2, call: (args) => substringBefore(str(args, 0), str(args, 1)) }],
  ['substring-after', { minArgs: 2, maxArgs: 2, call: (args) => substringAfter(str(args, 0), str(args, 1)) }],
  ['substring', { minArgs: 2, maxArgs: 3, call: (args) => substring(args) }],
  ['string-length', { minArgs: 0, maxArgs: 1, call: (args, focus) => stringLength(strOrContext(args, focus)) }],
  ['normalize-space', {
    minArgs: 0, maxArgs: 1,
    call: (args, focus) => strOrContext(args, focus).replace(XML_SPACE, ' ').replace(EDGE_SPACE, ''),
  }],
  ['translate', { minArgs: 3, maxArgs: 3, call: (args) => translate(str(args, 0), str(args, 1), str(args, 2)) }],
]);
