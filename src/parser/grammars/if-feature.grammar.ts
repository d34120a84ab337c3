// Generated automatically by nearley, version 2.20.1
// http://github.com/Hardmath123/nearley
// Bypasses TS6133. Allow declared but unused functions.
// @ts-ignore
function id(d: any[]): any { return d[0]; }
declare var or: any;
declare var and: any;
declare var not: any;
declare var lparen: any;
declare var rparen: any;
declare var name: any;

import { ifFeatureLexer } from './if-feature-lexer.ts';
import { splitPrefixed } from './yang-identifier.ts';

interface NearleyToken {
  value: any;
  [key: string]: any;
};

interface NearleyLexer {
  reset: (chunk: string, info: any) => void;
  next: () => NearleyToken | undefined;
  save: () => any;
  formatError: (token: never) => string;
  has: (tokenType: string) => boolean;
};

interface NearleyRule {
  name: string;
  symbols: NearleySymbol[];
  postprocess?: (d: any[], loc?: number, reject?: {}) => any;
};

type NearleySymbol = string | { literal: any } | { test: (token: any) => boolean };

interface Grammar {
  Lexer: NearleyLexer | undefined;
  ParserRules: NearleyRule[];
  ParserStart: string;
};

const grammar: Grammar = {
  Lexer: ifFeatureLexer,
  ParserRules: [
    {"name": "Expr", "symbols": ["Term"], "postprocess": id},
    {"name": "Expr", "symbols": ["Expr", (ifFeatureLexer.has("or") ? {type: "or"} : or), "Term"], "postprocess": ([left, , right]) => ({ kind: 'or', left, right })},
    {"name": "Term", "symbols": ["Factor"], "postprocess": id},
    {"name": "Term", "symbols": ["Term", (ifFeatureLexer.has("and") ? {type: "and"} : and), "Factor"], "postprocess": ([left, , right]) => ({ kind: 'and', left, right })},
    {"name": "Factor", "symbols": [(ifFeatureLexer.has("not") ? {type: "not"} : not), "Factor"], "postprocess": ([, expr]) => ({ kind: 'not', expr })},
    {"name": "Factor", "symbols": [(ifFeatureLexer.has("lparen") ? {type: "lparen"} : lparen), "Expr", (ifFeatureLexer.has("rparen") ? {type: "rparen"} : rparen)], "postprocess": ([, e]) => e},
    {"name": "Factor", "symbols": [(ifFeatureLexer.has("name") ? {type: "name"} : name)], "postprocess": ([t]) => ({ kind: 'feature', ...splitPrefixed(t.text) })}
  ],
  ParserStart: "Expr",
};

export default grammar;
