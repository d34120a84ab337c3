/** Tokens for the benchmark-only nearley api-path grammar: `/`, `=`, `,` and the text between them. */
import moo from 'moo';
import { TokenLexer } from '../../src/parser/grammars/token-lexer.ts';

export const apiPathLexer = new TokenLexer(
  moo.compile({ slash: '/', eq: '=', comma: ',', chunk: { match: /[^/=,]+/, lineBreaks: true } }),
  { types: ['slash', 'eq', 'comma', 'chunk'] },
);
