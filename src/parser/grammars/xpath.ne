# XPath 1.0 expressions (W3C XPath 1.0 §2-§3), as used by YANG when, must,
# leafref path and the NETCONF/RESTCONF filter. Abbreviations are expanded
# (see ../expr/ast.ts). Tokens come from xpath-lexer.ts, which applies the
# §3.7 disambiguation rules before nearley sees them. Left-recursive rules
# give left associativity; no rule is nullable, so every input has at most
# one parse. Lists are SnocLists (see snoc-list.ts), made arrays after the
# parse.

@preprocessor typescript

@{%
import { xpathLexer } from './xpath-lexer.ts';
import * as b from './xpath-builders.ts';
import { SnocList } from './snoc-list.ts';
%}

@lexer xpathLexer

Expr -> OrExpr {% id %}

OrExpr -> AndExpr {% id %}
  | OrExpr %or AndExpr {% ([l, op, r]) => b.binary(l, op, r) %}

AndExpr -> EqualityExpr {% id %}
  | AndExpr %and EqualityExpr {% ([l, op, r]) => b.binary(l, op, r) %}

EqualityExpr -> RelationalExpr {% id %}
  | EqualityExpr (%eq | %neq) RelationalExpr {% ([l, [op], r]) => b.binary(l, op, r) %}

RelationalExpr -> AdditiveExpr {% id %}
  | RelationalExpr (%lt | %lte | %gt | %gte) AdditiveExpr {% ([l, [op], r]) => b.binary(l, op, r) %}

AdditiveExpr -> MultiplicativeExpr {% id %}
  | AdditiveExpr (%plus | %minus) MultiplicativeExpr {% ([l, [op], r]) => b.binary(l, op, r) %}

MultiplicativeExpr -> UnaryExpr {% id %}
  | MultiplicativeExpr (%mul | %div | %mod) UnaryExpr {% ([l, [op], r]) => b.binary(l, op, r) %}

UnaryExpr -> UnionExpr {% id %}
  | %minus UnaryExpr {% ([, e]) => b.negate(e) %}

UnionExpr -> PathExpr {% id %}
  | UnionExpr %pipe PathExpr {% ([l, op, r]) => b.binary(l, op, r) %}

PathExpr -> LocationPath {% id %}
  | FilterExpr {% ([f]) => b.filter(f, SnocList.empty()) %}
  | FilterExpr RootedSteps {% ([f, steps]) => b.filter(f, steps) %}

FilterExpr -> PrimaryExpr {% ([p]) => b.filtered(p) %}
  | FilterExpr Predicate {% ([f, p]) => b.filteredWith(f, p) %}

PrimaryExpr -> %variable {% ([t]) => b.variable(t) %}
  | %lparen Expr %rparen {% ([, e]) => e %}
  | %literal {% ([t]) => b.literal(t) %}
  | %number {% ([t]) => b.number(t) %}
  | %fname %lparen %rparen {% ([name]) => b.call(name, SnocList.empty()) %}
  | %fname %lparen Arguments %rparen {% ([name, , args]) => b.call(name, args) %}

Arguments -> Expr {% ([e]) => SnocList.of(e) %}
  | Arguments %comma Expr {% ([args, , e]) => args.snoc(e) %}

LocationPath -> RelativeLocationPath {% ([steps]) => b.path(false, steps) %}
  | %slash {% () => b.path(true, SnocList.empty()) %}
  | RootedSteps {% ([steps]) => b.path(true, steps) %}

# Steps after the root or a filter expression: `/a//b`, `//a/b`.
RootedSteps -> (%slash | %dslash) Step {% ([[slash], s]) => b.rooted(slash, s) %}
  | RootedSteps (%slash | %dslash) Step {% ([steps, [slash], s]) => b.extend(steps, slash, s) %}

RelativeLocationPath -> Step {% ([s]) => SnocList.of(s) %}
  | RelativeLocationPath (%slash | %dslash) Step {% ([steps, [slash], s]) => b.extend(steps, slash, s) %}

Step -> TestedStep {% id %}
  | %dot {% () => b.abbreviated('self') %}
  | %ddot {% () => b.abbreviated('parent') %}

TestedStep -> NodeTest {% ([t]) => b.step('child', t) %}
  | %at NodeTest {% ([, t]) => b.step('attribute', t) %}
  | %axis %dcolon NodeTest {% ([a, , t]) => b.step(b.axis(a), t) %}
  | TestedStep Predicate {% ([s, p]) => b.withPredicate(s, p) %}

NodeTest -> %name {% ([t]) => b.nameTest(t) %}
  | %wildcard {% ([t]) => b.wildcardTest(t) %}
  | %nodeType %lparen %rparen {% ([t]) => b.nodeTypeTest(t) %}
  | %piType %lparen %rparen {% ([t]) => b.nodeTypeTest(t) %}
  | %piType %lparen %literal %rparen {% ([, , lit]) => b.piTest(lit) %}

Predicate -> %lbracket Expr %rbracket {% ([, e]) => e %}
