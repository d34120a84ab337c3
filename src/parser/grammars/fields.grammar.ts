// Generated automatically by nearley, version 2.20.1
// http://github.com/Hardmath123/nearley
// Bypasses TS6133. Allow declared but unused functions.
// @ts-ignore
function id(d: any[]): any { return d[0]; }
declare var semi: any;
declare var lparen: any;
declare var rparen: any;
declare var name: any;
declare var slash: any;

import { fieldsLexer } from './fields-lexer.ts';
import { splitPrefixed } from './yang-identifier.ts';
import { SnocList } from './snoc-list.ts';

const step = (text: string) => {
  const { prefix, name } = splitPrefixed(text);
  return { module: prefix, name };
};

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
  Lexer: fieldsLexer,
  ParserRules: [
    {"name": "Fields", "symbols": ["Item"], "postprocess": ([i]) => SnocList.of(i)},
    {"name": "Fields", "symbols": ["Fields", (fieldsLexer.has("semi") ? {type: "semi"} : semi), "Item"], "postprocess": ([items, , i]) => items.snoc(i)},
    {"name": "Item", "symbols": ["Path"], "postprocess": ([path]) => ({ path, sub: undefined })},
    {"name": "Item", "symbols": ["Path", (fieldsLexer.has("lparen") ? {type: "lparen"} : lparen), "Fields", (fieldsLexer.has("rparen") ? {type: "rparen"} : rparen)], "postprocess": ([path, , sub]) => ({ path, sub })},
    {"name": "Path", "symbols": [(fieldsLexer.has("name") ? {type: "name"} : name)], "postprocess": ([t]) => SnocList.of(step(t.text))},
    {"name": "Path", "symbols": ["Path", (fieldsLexer.has("slash") ? {type: "slash"} : slash), (fieldsLexer.has("name") ? {type: "name"} : name)], "postprocess": ([path, , t]) => path.snoc(step(t.text))}
  ],
  ParserStart: "Fields",
};

export default grammar;
