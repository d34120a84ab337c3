/** Tokens of schema node identifiers (RFC 7950 §6.5): node identifiers and `/`, no whitespace. */
import moo from 'moo';
import { prefixedIdentifier } from './yang-identifier.ts';
import { TokenLexer } from './token-lexer.ts';

const mooLexer = moo.compile({
  name: new RegExp(prefixedIdentifier),
  slash: '/',
  error: moo.error,
});

export const schemaNodeIdLexer = new TokenLexer(mooLexer, { types: ['name', 'slash', 'error'] });

export const schemaNodeIdTokenNames: Readonly<Record<string, string>> = {
  name: 'a node identifier', slash: "'/'",
};
