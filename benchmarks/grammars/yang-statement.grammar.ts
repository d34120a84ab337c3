// Generated automatically by nearley, version 2.20.1
// http://github.com/Hardmath123/nearley
// Bypasses TS6133. Allow declared but unused functions.
// @ts-ignore
function id(d: any[]): any { return d[0]; }
declare var unquoted: any;
declare var plus: any;
declare var dqString: any;
declare var sqString: any;

import { SignificantLexer } from './significant-lexer.ts';
import { statementActions } from './yang-statement-actions.ts';

const lexer = new SignificantLexer();
const act = statementActions(lexer);

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
  Lexer: lexer,
  ParserRules: [
    {"name": "file", "symbols": ["stmt"], "postprocess": id},
    {"name": "stmt$ebnf$1", "symbols": ["argument"], "postprocess": id},
    {"name": "stmt$ebnf$1", "symbols": [], "postprocess": () => null},
    {"name": "stmt", "symbols": [(lexer.has("unquoted") ? {type: "unquoted"} : unquoted), "stmt$ebnf$1", {"literal":";"}], "postprocess": act.simple},
    {"name": "stmt$ebnf$2", "symbols": ["argument"], "postprocess": id},
    {"name": "stmt$ebnf$2", "symbols": [], "postprocess": () => null},
    {"name": "stmt$ebnf$3", "symbols": []},
    {"name": "stmt$ebnf$3", "symbols": ["stmt$ebnf$3", "stmt"], "postprocess": (d) => d[0].concat([d[1]])},
    {"name": "stmt", "symbols": [(lexer.has("unquoted") ? {type: "unquoted"} : unquoted), "stmt$ebnf$2", {"literal":"{"}, "stmt$ebnf$3", {"literal":"}"}], "postprocess": act.block},
    {"name": "argument", "symbols": [(lexer.has("unquoted") ? {type: "unquoted"} : unquoted)], "postprocess": act.text},
    {"name": "argument", "symbols": [(lexer.has("plus") ? {type: "plus"} : plus)], "postprocess": act.text},
    {"name": "argument$ebnf$1", "symbols": []},
    {"name": "argument$ebnf$1$subexpression$1", "symbols": [{"literal":"+"}, "quoted"]},
    {"name": "argument$ebnf$1", "symbols": ["argument$ebnf$1", "argument$ebnf$1$subexpression$1"], "postprocess": (d) => d[0].concat([d[1]])},
    {"name": "argument", "symbols": ["quoted", "argument$ebnf$1"], "postprocess": act.concat},
    {"name": "quoted", "symbols": [(lexer.has("dqString") ? {type: "dqString"} : dqString)], "postprocess": act.quoted},
    {"name": "quoted", "symbols": [(lexer.has("sqString") ? {type: "sqString"} : sqString)], "postprocess": act.quoted}
  ],
  ParserStart: "file",
};

export default grammar;
