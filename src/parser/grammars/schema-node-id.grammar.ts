// Generated automatically by nearley, version 2.20.1
// http://github.com/Hardmath123/nearley
// Bypasses TS6133. Allow declared but unused functions.
// @ts-ignore
function id(d: any[]): any { return d[0]; }
declare var slash: any;
declare var name: any;

import { schemaNodeIdLexer } from './schema-node-id-lexer.ts';
import { splitPrefixed } from './yang-identifier.ts';
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
  Lexer: schemaNodeIdLexer,
  ParserRules: [
    {"name": "SchemaNodeId", "symbols": ["Absolute"], "postprocess": ([steps]) => ({ absolute: true, steps })},
    {"name": "SchemaNodeId", "symbols": ["Descendant"], "postprocess": ([steps]) => ({ absolute: false, steps })},
    {"name": "Descendant", "symbols": ["NodeIdentifier"], "postprocess": ([s]) => SnocList.of(s)},
    {"name": "Descendant", "symbols": ["Descendant", (schemaNodeIdLexer.has("slash") ? {type: "slash"} : slash), "NodeIdentifier"], "postprocess": ([steps, , s]) => steps.snoc(s)},
    {"name": "Absolute", "symbols": [(schemaNodeIdLexer.has("slash") ? {type: "slash"} : slash), "NodeIdentifier"], "postprocess": ([, s]) => SnocList.of(s)},
    {"name": "Absolute", "symbols": ["Absolute", (schemaNodeIdLexer.has("slash") ? {type: "slash"} : slash), "NodeIdentifier"], "postprocess": ([steps, , s]) => steps.snoc(s)},
    {"name": "NodeIdentifier", "symbols": [(schemaNodeIdLexer.has("name") ? {type: "name"} : name)], "postprocess": ([t]) => splitPrefixed(t.text)}
  ],
  ParserStart: "SchemaNodeId",
};

export default grammar;
