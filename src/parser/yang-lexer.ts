/**
 * The YANG lexer (RFC 7950 §6.1): one moo lexer shared by the hand-written
 * statement reader and the nearley benchmark grammar.
 *
 * Whitespace and line breaks are one token type (`ws`) so the reader sees one
 * token per indentation run. Malformed input never throws: it becomes one of
 * the `bad*` token types, and the reader turns those into diagnostics.
 */
import moo from 'moo';
import type { Lexer } from 'moo';

/** The `type` of every token this lexer produces. */
export type YangTokenType =
  | 'ws'
  | 'lineComment'
  | 'blockComment'
  | 'lbrace'
  | 'rbrace'
  | 'semi'
  | 'plus'
  | 'dqString'
  | 'sqString'
  | 'unquoted'
  /** `/*` with no closing `*\/`: the token runs to the end of the input. */
  | 'badComment'
  /** `"` with no closing quote: runs to the end of the input. */
  | 'badDqString'
  /** `'` with no closing quote: runs to the end of the input. */
  | 'badSqString'
  /** `*\/` outside a block comment. */
  | 'badCommentEnd'
  /** A carriage return that is not part of CRLF. */
  | 'badChar'
  /** Never produced by the rules above; moo's catch-all, so the lexer cannot throw. */
  | 'badInput';

/**
 * An unquoted string (§6.1.3) has no space, tab, line break, quote, `;`, `{`
 * or `}`, and no `//`, `/*` or `*\/`: a `/` may not start a comment, a `*` may
 * not be followed by `/`.
 */
const unquoted = /(?:[^ \t\r\n'";{}/*]|\/(?![/*])|\*(?!\/))+/;

/** A `+` standing alone (before a separator, a quote, a comment or the end) joins quoted strings. */
const plus = /\+(?=[ \t\r\n'";{}]|\/[/*]|$)/;

const rules: moo.Rules = {
  lbrace: '{',
  rbrace: '}',
  semi: ';',
  ws: { match: /[ \t\n]+|\r\n/, lineBreaks: true },
  plus,
  unquoted,
  dqString: { match: /"[^"\\]*(?:\\[^][^"\\]*)*"/, lineBreaks: true },
  lineComment: /\/\/[^\n]*/,
  blockComment: { match: /\/\*[^]*?\*\//, lineBreaks: true },
  sqString: { match: /'[^']*'/, lineBreaks: true },
  badDqString: { match: /"[^]*/, lineBreaks: true },
  badSqString: { match: /'[^]*/, lineBreaks: true },
  badComment: { match: /\/\*[^]*/, lineBreaks: true },
  badCommentEnd: '*/',
  badChar: /\r/,
  badInput: moo.error,
};

/** moo lexers have `clone()` (a fresh lexer sharing the compiled rules); @types/moo omits it. */
const compiled = moo.compile(rules) as Lexer & { clone(): Lexer };

/** A fresh lexer over `text` (cloned from one compiled rule set, so cheap). */
export const yangLexer = (text: string): Lexer => {
  const lexer = compiled.clone();
  lexer.reset(text);
  return lexer;
};
