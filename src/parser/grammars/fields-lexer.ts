/** Tokens of the RESTCONF `fields` query parameter (RFC 8040 §4.8.3), after percent-decoding. */
import moo from 'moo';
import { prefixedIdentifier } from './yang-identifier.ts';
import { TokenLexer } from './token-lexer.ts';

const mooLexer = moo.compile({
  name: new RegExp(prefixedIdentifier),
  slash: '/',
  semi: ';',
  lparen: '(',
  rparen: ')',
  error: moo.error,
});

export const fieldsLexer = new TokenLexer(mooLexer, { types: ['name', 'slash', 'semi', 'lparen', 'rparen', 'error'] });

export const fieldsTokenNames: Readonly<Record<string, string>> = {
  name: 'an api-identifier', slash: "'/'", semi: "';'", lparen: "'('", rparen: "')'",
};
