/**
 * The postprocessors of the nearley statement grammar: they build the same
 * Statement tree as the hand-written reader, from the same tokens, with the
 * same string processing (escape issues are ignored here).
 */
import type { Token } from 'moo';
import type { Statement } from '../../src/parser/statement.ts';
import { doubleQuoted, quoteIndent, singleQuoted } from '../../src/parser/yang-string.ts';
import type { SignificantLexer } from './significant-lexer.ts';

const NONE: readonly Statement[] = Object.freeze([]);

export const statementActions = (lexer: SignificantLexer) => {
  const make = (kw: Token, arg: string | null, substatements: readonly Statement[]): Statement => {
    const colon = kw.text.indexOf(':');
    return {
      keyword: colon < 0 ? kw.text : kw.text.slice(colon + 1),
      prefix: colon < 0 ? undefined : kw.text.slice(0, colon),
      arg: arg ?? undefined,
      substatements,
      loc: { file: lexer.file, line: kw.line, col: kw.col },
    };
  };
  return {
    /** keyword [argument] ";" */
    simple: (d: unknown[]): Statement => make(d[0] as Token, d[1] as string | null, NONE),
    /** keyword [argument] "{" *stmt "}" */
    block: (d: unknown[]): Statement => make(d[0] as Token, d[1] as string | null, d[3] as Statement[]),
    /** an unquoted argument, or a lone "+" */
    text: (d: unknown[]): string => (d[0] as Token).text,
    /** one quoted string */
    quoted: (d: unknown[]): string => {
      const tok = d[0] as Token;
      if (tok.type === 'sqString') return singleQuoted(tok.text);
      return doubleQuoted(tok.text, tok.lineBreaks === 0 ? 0 : quoteIndent(lexer.text, tok.offset), []);
    },
    /** quoted *("+" quoted) */
    concat: (d: unknown[]): string =>
      (d[1] as [Token, string][]).reduce((s, [, part]) => s + part, d[0] as string),
  };
};
