/**
 * Tokens of XPath 1.0 (§3.7) and the lexical disambiguation rules that moo
 * alone cannot express: whether `*` multiplies, whether `and`/`or`/`mod`/`div`
 * are operators, and whether a name is a function, a node type or an axis
 * depends on the tokens around it.
 */
import moo from 'moo';
import type { Token } from 'moo';
import { TokenLexer } from './token-lexer.ts';
import type { ExpectedGroup } from './run-grammar.ts';

/** NCName, with the characters YANG identifiers use (`.`, `-`) and non-ASCII letters. */
const ncname = '[A-Za-z_\\u00C0-\\uFFFF][A-Za-z0-9_.\\-\\u00B7\\u00C0-\\uFFFF]*';
const qname = `${ncname}(?::${ncname})?`;

const mooLexer = moo.compile({
  ws: { match: /[ \t\r\n]+/, lineBreaks: true },
  literal: { match: /"[^"]*"|'[^']*'/, lineBreaks: true, value: (s) => s.slice(1, -1) },
  number: /\d+(?:\.\d*)?|\.\d+/,
  variable: { match: new RegExp(`\\$${qname}`), value: (s) => s.slice(1) },
  wildcard: [{ match: new RegExp(`${ncname}:\\*`) }, { match: '*' }],
  name: new RegExp(qname),
  dslash: '//',
  slash: '/',
  pipe: '|',
  plus: '+',
  minus: '-',
  neq: '!=',
  lte: '<=',
  lt: '<',
  gte: '>=',
  gt: '>',
  eq: '=',
  lparen: '(',
  rparen: ')',
  lbracket: '[',
  rbracket: ']',
  comma: ',',
  at: '@',
  dcolon: '::',
  ddot: '..',
  dot: '.',
  error: moo.error,
});

export const axisNames: ReadonlySet<string> = new Set([
  'ancestor', 'ancestor-or-self', 'attribute', 'child', 'descendant', 'descendant-or-self',
  'following', 'following-sibling', 'namespace', 'parent', 'preceding', 'preceding-sibling', 'self',
]);
const operatorNames: ReadonlySet<string> = new Set(['and', 'or', 'mod', 'div']);
const nodeTypes: ReadonlySet<string> = new Set(['node', 'text', 'comment']);

/** Token types after which `*` is a name test and a name is not an operator (§3.7). */
const operandFollows: ReadonlySet<string> = new Set([
  'at', 'dcolon', 'lparen', 'lbracket', 'comma',
  'and', 'or', 'mod', 'div', 'mul', 'slash', 'dslash', 'pipe', 'plus', 'minus',
  'eq', 'neq', 'lt', 'lte', 'gt', 'gte',
]);

const retypeName = (t: Token, prev: Token | undefined, next: Token | undefined): string => {
  const isNCName = !t.text.includes(':');
  if (prev !== undefined && !operandFollows.has(prev.type ?? '')) {
    return isNCName && operatorNames.has(t.text) ? t.text : 'name';
  }
  if (next?.type === 'lparen') {
    if (isNCName && nodeTypes.has(t.text)) return 'nodeType';
    if (t.text === 'processing-instruction') return 'piType';
    return 'fname';
  }
  if (next?.type === 'dcolon') return isNCName && axisNames.has(t.text) ? 'axis' : 'badAxis';
  return 'name';
};

/** §3.7, applied to the whole token array. */
const retype = (tokens: Token[]): void => {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const prev = tokens[i - 1];
    if (t.type === 'name') t.type = retypeName(t, prev, tokens[i + 1]);
    else if (t.type === 'wildcard' && t.text === '*' && prev !== undefined && !operandFollows.has(prev.type ?? '')) {
      t.type = 'mul';
    }
  }
};

export const xpathLexer = new TokenLexer(mooLexer, {
  skip: ['ws'],
  retype,
  types: [
    'literal', 'number', 'variable', 'wildcard', 'name', 'dslash', 'slash', 'pipe', 'plus', 'minus',
    'neq', 'lte', 'lt', 'gte', 'gt', 'eq', 'lparen', 'rparen', 'lbracket', 'rbracket', 'comma', 'at',
    'dcolon', 'ddot', 'dot', 'error', 'mul', 'and', 'or', 'mod', 'div', 'fname', 'nodeType', 'piType',
    'axis', 'badAxis',
  ],
});

export const xpathTokenNames: Readonly<Record<string, string>> = {
  literal: 'a literal', number: 'a number', variable: 'a variable', wildcard: "'*'", name: 'a name',
  dslash: "'//'", slash: "'/'", pipe: "'|'", plus: "'+'", minus: "'-'", neq: "'!='", lte: "'<='",
  lt: "'<'", gte: "'>='", gt: "'>'", eq: "'='", lparen: "'('", rparen: "')'", lbracket: "'['",
  rbracket: "']'", comma: "','", at: "'@'", dcolon: "'::'", ddot: "'..'", dot: "'.'", mul: "'*'",
  and: "'and'", or: "'or'", mod: "'mod'", div: "'div'", fname: 'a function name',
  nodeType: "'node', 'text' or 'comment'", piType: "'processing-instruction'", axis: 'an axis name',
};

const stepStart = ['wildcard', 'name', 'dot', 'ddot', 'at', 'nodeType', 'piType', 'axis'];

/** How error messages summarise what may come next. */
export const xpathExpected: readonly ExpectedGroup[] = [
  {
    name: 'an expression',
    types: [...stepStart, 'slash', 'dslash', 'lparen', 'minus', 'literal', 'number', 'variable', 'fname'],
  },
  { name: 'a step', types: stepStart },
  { name: 'an operator', types: ['or', 'and', 'eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'plus', 'minus', 'mul', 'div', 'mod', 'pipe'] },
];
