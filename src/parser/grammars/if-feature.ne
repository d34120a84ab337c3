# if-feature expressions (RFC 7950 §7.20.2): `not` binds tightest, then `and`,
# then `or`. `and` and `or` nest to the left (`a or b or c` is
# `(a or b) or c`), like XPath; both are associative, so this only fixes the
# shape of the tree (the RFC's ABNF happens to recurse to the right, which
# costs an Earley parser quadratic time). Whitespace is optional next to
# parentheses.

@preprocessor typescript

@{%
import { ifFeatureLexer } from './if-feature-lexer.ts';
import { splitPrefixed } from './yang-identifier.ts';
%}

@lexer ifFeatureLexer

Expr -> Term {% id %}
  | Expr %or Term {% ([left, , right]) => ({ kind: 'or', left, right }) %}

Term -> Factor {% id %}
  | Term %and Factor {% ([left, , right]) => ({ kind: 'and', left, right }) %}

Factor -> %not Factor {% ([, expr]) => ({ kind: 'not', expr }) %}
  | %lparen Expr %rparen {% ([, e]) => e %}
  | %name {% ([t]) => ({ kind: 'feature', ...splitPrefixed(t.text) }) %}
