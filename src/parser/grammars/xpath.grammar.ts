// Generated automatically by nearley, version 2.20.1
// http://github.com/Hardmath123/nearley
// Bypasses TS6133. Allow declared but unused functions.
// @ts-ignore
function id(d: any[]): any { return d[0]; }
declare var or: any;
declare var and: any;
declare var eq: any;
declare var neq: any;
declare var lt: any;
declare var lte: any;
declare var gt: any;
declare var gte: any;
declare var plus: any;
declare var minus: any;
declare var mul: any;
declare var div: any;
declare var mod: any;
declare var pipe: any;
declare var variable: any;
declare var lparen: any;
declare var rparen: any;
declare var literal: any;
declare var number: any;
declare var fname: any;
declare var comma: any;
declare var slash: any;
declare var dslash: any;
declare var dot: any;
declare var ddot: any;
declare var at: any;
declare var axis: any;
declare var dcolon: any;
declare var name: any;
declare var wildcard: any;
declare var nodeType: any;
declare var piType: any;
declare var lbracket: any;
declare var rbracket: any;

import { xpathLexer } from './xpath-lexer.ts';
import * as b from './xpath-builders.ts';
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
  Lexer: xpathLexer,
  ParserRules: [
    {"name": "Expr", "symbols": ["OrExpr"], "postprocess": id},
    {"name": "OrExpr", "symbols": ["AndExpr"], "postprocess": id},
    {"name": "OrExpr", "symbols": ["OrExpr", (xpathLexer.has("or") ? {type: "or"} : or), "AndExpr"], "postprocess": ([l, op, r]) => b.binary(l, op, r)},
    {"name": "AndExpr", "symbols": ["EqualityExpr"], "postprocess": id},
    {"name": "AndExpr", "symbols": ["AndExpr", (xpathLexer.has("and") ? {type: "and"} : and), "EqualityExpr"], "postprocess": ([l, op, r]) => b.binary(l, op, r)},
    {"name": "EqualityExpr", "symbols": ["RelationalExpr"], "postprocess": id},
    {"name": "EqualityExpr$subexpression$1", "symbols": [(xpathLexer.has("eq") ? {type: "eq"} : eq)]},
    {"name": "EqualityExpr$subexpression$1", "symbols": [(xpathLexer.has("neq") ? {type: "neq"} : neq)]},
    {"name": "EqualityExpr", "symbols": ["EqualityExpr", "EqualityExpr$subexpression$1", "RelationalExpr"], "postprocess": ([l, [op], r]) => b.binary(l, op, r)},
    {"name": "RelationalExpr", "symbols": ["AdditiveExpr"], "postprocess": id},
    {"name": "RelationalExpr$subexpression$1", "symbols": [(xpathLexer.has("lt") ? {type: "lt"} : lt)]},
    {"name": "RelationalExpr$subexpression$1", "symbols": [(xpathLexer.has("lte") ? {type: "lte"} : lte)]},
    {"name": "RelationalExpr$subexpression$1", "symbols": [(xpathLexer.has("gt") ? {type: "gt"} : gt)]},
    {"name": "RelationalExpr$subexpression$1", "symbols": [(xpathLexer.has("gte") ? {type: "gte"} : gte)]},
    {"name": "RelationalExpr", "symbols": ["RelationalExpr", "RelationalExpr$subexpression$1", "AdditiveExpr"], "postprocess": ([l, [op], r]) => b.binary(l, op, r)},
    {"name": "AdditiveExpr", "symbols": ["MultiplicativeExpr"], "postprocess": id},
    {"name": "AdditiveExpr$subexpression$1", "symbols": [(xpathLexer.has("plus") ? {type: "plus"} : plus)]},
    {"name": "AdditiveExpr$subexpression$1", "symbols": [(xpathLexer.has("minus") ? {type: "minus"} : minus)]},
    {"name": "AdditiveExpr", "symbols": ["AdditiveExpr", "AdditiveExpr$subexpression$1", "MultiplicativeExpr"], "postprocess": ([l, [op], r]) => b.binary(l, op, r)},
    {"name": "MultiplicativeExpr", "symbols": ["UnaryExpr"], "postprocess": id},
    {"name": "MultiplicativeExpr$subexpression$1", "symbols": [(xpathLexer.has("mul") ? {type: "mul"} : mul)]},
    {"name": "MultiplicativeExpr$subexpression$1", "symbols": [(xpathLexer.has("div") ? {type: "div"} : div)]},
    {"name": "MultiplicativeExpr$subexpression$1", "symbols": [(xpathLexer.has("mod") ? {type: "mod"} : mod)]},
    {"name": "MultiplicativeExpr", "symbols": ["MultiplicativeExpr", "MultiplicativeExpr$subexpression$1", "UnaryExpr"], "postprocess": ([l, [op], r]) => b.binary(l, op, r)},
    {"name": "UnaryExpr", "symbols": ["UnionExpr"], "postprocess": id},
    {"name": "UnaryExpr", "symbols": [(xpathLexer.has("minus") ? {type: "minus"} : minus), "UnaryExpr"], "postprocess": ([, e]) => b.negate(e)},
    {"name": "UnionExpr", "symbols": ["PathExpr"], "postprocess": id},
    {"name": "UnionExpr", "symbols": ["UnionExpr", (xpathLexer.has("pipe") ? {type: "pipe"} : pipe), "PathExpr"], "postprocess": ([l, op, r]) => b.binary(l, op, r)},
    {"name": "PathExpr", "symbols": ["LocationPath"], "postprocess": id},
    {"name": "PathExpr", "symbols": ["FilterExpr"], "postprocess": ([f]) => b.filter(f, SnocList.empty())},
    {"name": "PathExpr", "symbols": ["FilterExpr", "RootedSteps"], "postprocess": ([f, steps]) => b.filter(f, steps)},
    {"name": "FilterExpr", "symbols": ["PrimaryExpr"], "postprocess": ([p]) => b.filtered(p)},
    {"name": "FilterExpr", "symbols": ["FilterExpr", "Predicate"], "postprocess": ([f, p]) => b.filteredWith(f, p)},
    {"name": "PrimaryExpr", "symbols": [(xpathLexer.has("variable") ? {type: "variable"} : variable)], "postprocess": ([t]) => b.variable(t)},
    {"name": "PrimaryExpr", "symbols": [(xpathLexer.has("lparen") ? {type: "lparen"} : lparen), "Expr", (xpathLexer.has("rparen") ? {type: "rparen"} : rparen)], "postprocess": ([, e]) => e},
    {"name": "PrimaryExpr", "symbols": [(xpathLexer.has("literal") ? {type: "literal"} : literal)], "postprocess": ([t]) => b.literal(t)},
    {"name": "PrimaryExpr", "symbols": [(xpathLexer.has("number") ? {type: "number"} : number)], "postprocess": ([t]) => b.number(t)},
    {"name": "PrimaryExpr", "symbols": [(xpathLexer.has("fname") ? {type: "fname"} : fname), (xpathLexer.has("lparen") ? {type: "lparen"} : lparen), (xpathLexer.has("rparen") ? {type: "rparen"} : rparen)], "postprocess": ([name]) => b.call(name, SnocList.empty())},
    {"name": "PrimaryExpr", "symbols": [(xpathLexer.has("fname") ? {type: "fname"} : fname), (xpathLexer.has("lparen") ? {type: "lparen"} : lparen), "Arguments", (xpathLexer.has("rparen") ? {type: "rparen"} : rparen)], "postprocess": ([name, , args]) => b.call(name, args)},
    {"name": "Arguments", "symbols": ["Expr"], "postprocess": ([e]) => SnocList.of(e)},
    {"name": "Arguments", "symbols": ["Arguments", (xpathLexer.has("comma") ? {type: "comma"} : comma), "Expr"], "postprocess": ([args, , e]) => args.snoc(e)},
    {"name": "LocationPath", "symbols": ["RelativeLocationPath"], "postprocess": ([steps]) => b.path(false, steps)},
    {"name": "LocationPath", "symbols": [(xpathLexer.has("slash") ? {type: "slash"} : slash)], "postprocess": () => b.path(true, SnocList.empty())},
    {"name": "LocationPath", "symbols": ["RootedSteps"], "postprocess": ([steps]) => b.path(true, steps)},
    {"name": "RootedSteps$subexpression$1", "symbols": [(xpathLexer.has("slash") ? {type: "slash"} : slash)]},
    {"name": "RootedSteps$subexpression$1", "symbols": [(xpathLexer.has("dslash") ? {type: "dslash"} : dslash)]},
    {"name": "RootedSteps", "symbols": ["RootedSteps$subexpression$1", "Step"], "postprocess": ([[slash], s]) => b.rooted(slash, s)},
    {"name": "RootedSteps$subexpression$2", "symbols": [(xpathLexer.has("slash") ? {type: "slash"} : slash)]},
    {"name": "RootedSteps$subexpression$2", "symbols": [(xpathLexer.has("dslash") ? {type: "dslash"} : dslash)]},
    {"name": "RootedSteps", "symbols": ["RootedSteps", "RootedSteps$subexpression$2", "Step"], "postprocess": ([steps, [slash], s]) => b.extend(steps, slash, s)},
    {"name": "RelativeLocationPath", "symbols": ["Step"], "postprocess": ([s]) => SnocList.of(s)},
    {"name": "RelativeLocationPath$subexpression$1", "symbols": [(xpathLexer.has("slash") ? {type: "slash"} : slash)]},
    {"name": "RelativeLocationPath$subexpression$1", "symbols": [(xpathLexer.has("dslash") ? {type: "dslash"} : dslash)]},
    {"name": "RelativeLocationPath", "symbols": ["RelativeLocationPath", "RelativeLocationPath$subexpression$1", "Step"], "postprocess": ([steps, [slash], s]) => b.extend(steps, slash, s)},
    {"name": "Step", "symbols": ["TestedStep"], "postprocess": id},
    {"name": "Step", "symbols": [(xpathLexer.has("dot") ? {type: "dot"} : dot)], "postprocess": () => b.abbreviated('self')},
    {"name": "Step", "symbols": [(xpathLexer.has("ddot") ? {type: "ddot"} : ddot)], "postprocess": () => b.abbreviated('parent')},
    {"name": "TestedStep", "symbols": ["NodeTest"], "postprocess": ([t]) => b.step('child', t)},
    {"name": "TestedStep", "symbols": [(xpathLexer.has("at") ? {type: "at"} : at), "NodeTest"], "postprocess": ([, t]) => b.step('attribute', t)},
    {"name": "TestedStep", "symbols": [(xpathLexer.has("axis") ? {type: "axis"} : axis), (xpathLexer.has("dcolon") ? {type: "dcolon"} : dcolon), "NodeTest"], "postprocess": ([a, , t]) => b.step(b.axis(a), t)},
    {"name": "TestedStep", "symbols": ["TestedStep", "Predicate"], "postprocess": ([s, p]) => b.withPredicate(s, p)},
    {"name": "NodeTest", "symbols": [(xpathLexer.has("name") ? {type: "name"} : name)], "postprocess": ([t]) => b.nameTest(t)},
    {"name": "NodeTest", "symbols": [(xpathLexer.has("wildcard") ? {type: "wildcard"} : wildcard)], "postprocess": ([t]) => b.wildcardTest(t)},
    {"name": "NodeTest", "symbols": [(xpathLexer.has("nodeType") ? {type: "nodeType"} : nodeType), (xpathLexer.has("lparen") ? {type: "lparen"} : lparen), (xpathLexer.has("rparen") ? {type: "rparen"} : rparen)], "postprocess": ([t]) => b.nodeTypeTest(t)},
    {"name": "NodeTest", "symbols": [(xpathLexer.has("piType") ? {type: "piType"} : piType), (xpathLexer.has("lparen") ? {type: "lparen"} : lparen), (xpathLexer.has("rparen") ? {type: "rparen"} : rparen)], "postprocess": ([t]) => b.nodeTypeTest(t)},
    {"name": "NodeTest", "symbols": [(xpathLexer.has("piType") ? {type: "piType"} : piType), (xpathLexer.has("lparen") ? {type: "lparen"} : lparen), (xpathLexer.has("literal") ? {type: "literal"} : literal), (xpathLexer.has("rparen") ? {type: "rparen"} : rparen)], "postprocess": ([, , lit]) => b.piTest(lit)},
    {"name": "Predicate", "symbols": [(xpathLexer.has("lbracket") ? {type: "lbracket"} : lbracket), "Expr", (xpathLexer.has("rbracket") ? {type: "rbracket"} : rbracket)], "postprocess": ([, e]) => e}
  ],
  ParserStart: "Expr",
};

export default grammar;
