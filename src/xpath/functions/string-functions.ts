/**
 * String functions (XPath 1.0 §4.2). Lengths and positions count characters
 * (Unicode code points), not UTF-16 units. Each call spends a step per 16
 * characters it reads (concat: per 4 it makes) from the evaluation's budget.
 */
import { xpathNumber } from '../xpath-number.ts';
import { xpathString } from '../xpath-string.ts';
import type { Focus, Run } from '../runtime.ts';
import type { XPathValue } from '../xpath-value.ts';
import type { XPathFunction } from './xpath-function.ts';
import { substring } from './substring.ts';
import { translate } from './translate.ts';

/** The i-th argument as a string, its characters paid for. */
const str = (args: readonly XPathValue[], i: number, run: Run): string => {
  const s = xpathString(args[i] ?? '', run.budget);
  run.budget.spendChars(s.length);
  return s;
};
/** With no arguments, the context node's string-value. */
const strOrContext = (args: readonly XPathValue[], focus: Focus, run: Run): string =>
  args.length === 0 ? str([[focus.node]], 0, run) : str(args, 0, run);

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

function concat(args: readonly XPathValue[], run: Run): string {
  const parts = args.map((a) => xpathString(a, run.budget));
  let length = 0;
  for (const p of parts) length += p.length;
  run.budget.spendChars(length, 4);
  return parts.join('');
}

type Binary = (s: string, t: string) => XPathValue;
const binary = (f: Binary): XPathFunction =>
  ({ minArgs: 2, maxArgs: 2, call: (args, _focus, run) => f(str(args, 0, run), str(args, 1, run)) });

export const stringFunctions: ReadonlyMap<string, XPathFunction> = new Map<string, XPathFunction>([
  ['string', { minArgs: 0, maxArgs: 1, call: strOrContext }],
  ['concat', { minArgs: 2, maxArgs: Infinity, call: (args, _focus, run) => concat(args, run) }],
  ['starts-with', binary((s, t) => s.startsWith(t))],
  ['contains', binary((s, t) => s.includes(t))],
  ['substring-before', binary(substringBefore)],
  ['substring-after', binary(substringAfter)],
  ['substring', {
    minArgs: 2, maxArgs: 3,
    call: (args, _focus, run) => substring([str(args, 0, run), ...args.slice(1).map((a) => xpathNumber(a, run.budget))]),
  }],
  ['string-length', { minArgs: 0, maxArgs: 1, call: (args, focus, run) => stringLength(strOrContext(args, focus, run)) }],
  ['normalize-space', {
    minArgs: 0, maxArgs: 1,
    call: (args, focus, run) => strOrContext(args, focus, run).replace(XML_SPACE, ' ').replace(EDGE_SPACE, ''),
  }],
  ['translate', {
    minArgs: 3, maxArgs: 3,
    call: (args, _focus, run) => translate(str(args, 0, run), str(args, 1, run), str(args, 2, run)),
  }],
]);
