// Generated automatically by nearley, version 2.20.1
// http://github.com/Hardmath123/nearley
// Bypasses TS6133. Allow declared but unused functions.
// @ts-ignore
function id(d: any[]): any { return d[0]; }
declare var slash: any;
declare var chunk: any;
declare var eq: any;
declare var comma: any;

import { apiPathLexer } from './api-path-lexer.ts';

const segment = (text: string, keys: string[] | undefined) => {
  const id = decodeURIComponent(text);
  const colon = id.indexOf(':');
  return colon < 0
    ? { module: undefined, name: id, keys }
    : { module: id.slice(0, colon), name: id.slice(colon + 1), keys };
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
  Lexer: apiPathLexer,
  ParserRules: [
    {"name": "ApiPath", "symbols": ["Segments"], "postprocess": ([segments]) => ({ segments })},
    {"name": "Segments", "symbols": ["Segment"], "postprocess": ([s]) => [s]},
    {"name": "Segments", "symbols": ["Segments", "Segment"], "postprocess": ([l, s]) => [...l, s]},
    {"name": "Segment", "symbols": [(apiPathLexer.has("slash") ? {type: "slash"} : slash), (apiPathLexer.has("chunk") ? {type: "chunk"} : chunk)], "postprocess": ([, t]) => segment(t.text, undefined)},
    {"name": "Segment", "symbols": [(apiPathLexer.has("slash") ? {type: "slash"} : slash), (apiPathLexer.has("chunk") ? {type: "chunk"} : chunk), (apiPathLexer.has("eq") ? {type: "eq"} : eq), "Keys"], "postprocess": ([, t, , keys]) => segment(t.text, keys)},
    {"name": "Keys", "symbols": ["Key"], "postprocess": ([k]) => [k]},
    {"name": "Keys", "symbols": ["Keys", (apiPathLexer.has("comma") ? {type: "comma"} : comma), "Key"], "postprocess": ([l, , k]) => [...l, k]},
    {"name": "Key", "symbols": [], "postprocess": () => ''},
    {"name": "Key", "symbols": [(apiPathLexer.has("chunk") ? {type: "chunk"} : chunk)], "postprocess": ([t]) => decodeURIComponent(t.text)}
  ],
  ParserStart: "ApiPath",
};

export default grammar;
