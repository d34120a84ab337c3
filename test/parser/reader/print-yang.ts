/**
 * A small YANG printer for the round-trip property: any statement tree,
 * printed with any mix of quoting styles and `+` splits, reads back equal.
 */
import type { Statement } from '../../../src/parser/index.ts';

export type Quoting = 'double' | 'single' | 'unquoted';

/** How to print one argument: a style per part, and where to split it into `+` parts. */
export interface ArgStyle {
  readonly quoting: Quoting;
  readonly splits: readonly number[];
}

const SAFE_UNQUOTED = /^(?:[^\s'";{}/*+]|\/(?![/*])|\*(?!\/))+$/;

const doubleQuote = (s: string): string =>
  `"${s.replace(/[\\"\n\t]/g, (c) => (c === '\n' ? '\\n' : c === '\t' ? '\\t' : `\\${c}`))}"`;

const quotePart = (s: string, quoting: Quoting): string =>
  quoting === 'single' && !s.includes("'") ? `'${s}'` : doubleQuote(s);

export const printArg = (arg: string, style: ArgStyle): string => {
  if (style.quoting === 'unquoted' && SAFE_UNQUOTED.test(arg)) return arg;
  const cuts = [...new Set(style.splits.map((n) => n % (arg.length + 1)))].sort((a, b) => a - b);
  const parts: string[] = [];
  let from = 0;
  for (const cut of [...cuts, arg.length]) {
    parts.push(arg.slice(from, cut));
    from = cut;
  }
  return parts.map((p) => quotePart(p, style.quoting)).join('\n    + ');
};

export const printStatement = (s: Statement, style: (arg: string) => ArgStyle, indent = ''): string => {
  const name = s.prefix === undefined ? s.keyword : `${s.prefix}:${s.keyword}`;
  const arg = s.arg === undefined ? '' : ` ${printArg(s.arg, style(s.arg))}`;
  if (s.substatements.length === 0) return `${indent}${name}${arg};\n`;
  const body = s.substatements.map((c) => printStatement(c, style, `${indent}  `)).join('');
  return `${indent}${name}${arg} {\n${body}${indent}}\n`;
};
