# The RESTCONF `fields` query parameter (RFC 8040 §4.8.3). The RFC's ABNF
# does not let `;` follow a `(...)` group, but its own examples and every
# implementation do (`a(b);c`), so an item is a path with an optional group
# and items are separated by `;`.

@preprocessor typescript

@{%
import { fieldsLexer } from './fields-lexer.ts';
import { splitPrefixed } from './yang-identifier.ts';
import { SnocList } from './snoc-list.ts';

const step = (text: string) => {
  const { prefix, name } = splitPrefixed(text);
  return { module: prefix, name };
};
%}

@lexer fieldsLexer

Fields -> Item {% ([i]) => SnocList.of(i) %}
  | Fields %semi Item {% ([items, , i]) => items.snoc(i) %}

Item -> Path {% ([path]) => ({ path, sub: undefined }) %}
  | Path %lparen Fields %rparen {% ([path, , sub]) => ({ path, sub }) %}

Path -> %name {% ([t]) => SnocList.of(step(t.text)) %}
  | Path %slash %name {% ([path, , t]) => path.snoc(step(t.text)) %}
