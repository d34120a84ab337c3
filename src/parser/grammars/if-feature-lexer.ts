/** Tokens of if-feature expressions (RFC 7950 §7.20.2): names, `not`/`and`/`or`, parentheses. */
import moo from 'moo';
import { prefixedIdentifier } from './yang-identifier.ts';
import { TokenLexer } from './token-lexer.ts';

const mooLexer = moo.compile({
  ws: { match: /[ \t\r\n]+/, lineBreaks: true },
  name: { match: new RegExp(prefixedIdentifier), type: moo.keywords({ not: 'not', and: 'and', or: 'or' }) },
  lparen: '(',
  rparen: ')',
  error: moo.error,
});

export const ifFeatureLexer = new TokenLexer(mooLexer, {
  skip: ['ws'],
  types: ['name', 'not', 'and', 'or', 'lparen', 'rparen', 'error'],
});

export const ifFeatureTokenNames: Readonly<Record<string, string>> = {
  name: 'a feature name', not: "'not'", and: "'and'", or: "'or'", lparen: "'('", rparen: "')'",
};
