/** Tokens of range and length arguments (RFC 7950 §9.2.4, §9.4.4). */
import moo from 'moo';
import { TokenLexer } from './token-lexer.ts';

const mooLexer = moo.compile({
  ws: { match: /[ \t\r\n]+/, lineBreaks: true },
  number: /[+-]?\d+(?:\.\d+)?/,
  // No '.' in words, unlike identifiers: `min..max`.
  word: { match: /[A-Za-z_][A-Za-z0-9_-]*/, type: moo.keywords({ min: 'min', max: 'max' }) },
  dotdot: '..',
  pipe: '|',
  error: moo.error,
});

export const rangeLexer = new TokenLexer(mooLexer, {
  skip: ['ws'],
  types: ['number', 'word', 'min', 'max', 'dotdot', 'pipe', 'error'],
});

export const rangeTokenNames: Readonly<Record<string, string>> = {
  number: 'a number', min: "'min'", max: "'max'", dotdot: "'..'", pipe: "'|'",
};
