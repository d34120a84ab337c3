// Generated automatically by nearley, version 2.20.1
// http://github.com/Hardmath123/nearley
// Bypasses TS6133. Allow declared but unused functions.
// @ts-ignore
function id(d: any[]): any { return d[0]; }
declare var pipe: any;
declare var dotdot: any;
declare var min: any;
declare var max: any;
declare var number: any;

import { rangeLexer } from './range-lexer.ts';
import { SnocList } from './snoc-list.ts';

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
  Lexer: rangeLexer,
  ParserRules: [
    {"name": "Range", "symbols": ["Part"], "postprocess": ([p]) => SnocList.of(p)},
    {"name": "Range", "symbols": ["Range", (rangeLexer.has("pipe") ? {type: "pipe"} : pipe), "Part"], "postprocess": ([parts, , p]) => parts.snoc(p)},
    {"name": "Part", "symbols": ["Bound"], "postprocess": ([b]) => ({ lo: b, hi: b })},
    {"name": "Part", "symbols": ["Bound", (rangeLexer.has("dotdot") ? {type: "dotdot"} : dotdot), "Bound"], "postprocess": ([lo, , hi]) => ({ lo, hi })},
    {"name": "Bound", "symbols": [(rangeLexer.has("min") ? {type: "min"} : min)], "postprocess": () => ({ kind: 'min' })},
    {"name": "Bound", "symbols": [(rangeLexer.has("max") ? {type: "max"} : max)], "postprocess": () => ({ kind: 'max' })},
    {"name": "Bound", "symbols": [(rangeLexer.has("number") ? {type: "number"} : number)], "postprocess": ([t]) => ({ kind: 'value', text: t.text })}
  ],
  ParserStart: "Range",
};

export default grammar;
