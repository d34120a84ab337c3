# range and length arguments (RFC 7950 §9.2.4, §9.4.4): `|`-separated parts,
# each a bound or `bound..bound`. Numbers are kept as written; whether they
# fit the type and are in order is for the compiler to say.

@preprocessor typescript

@{%
import { rangeLexer } from './range-lexer.ts';
import { SnocList } from './snoc-list.ts';
%}

@lexer rangeLexer

Range -> Part {% ([p]) => SnocList.of(p) %}
  | Range %pipe Part {% ([parts, , p]) => parts.snoc(p) %}

Part -> Bound {% ([b]) => ({ lo: b, hi: b }) %}
  | Bound %dotdot Bound {% ([lo, , hi]) => ({ lo, hi }) %}

Bound -> %min {% () => ({ kind: 'min' }) %}
  | %max {% () => ({ kind: 'max' }) %}
  | %number {% ([t]) => ({ kind: 'value', text: t.text }) %}
