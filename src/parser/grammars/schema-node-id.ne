# Schema node identifiers (RFC 7950 §6.5): absolute `/a:b/a:c` or
# descendant `a:b/c`.

@preprocessor typescript

@{%
import { schemaNodeIdLexer } from './schema-node-id-lexer.ts';
import { splitPrefixed } from './yang-identifier.ts';
import { SnocList } from './snoc-list.ts';
%}

@lexer schemaNodeIdLexer

SchemaNodeId -> Absolute {% ([steps]) => ({ absolute: true, steps }) %}
  | Descendant {% ([steps]) => ({ absolute: false, steps }) %}

Descendant -> NodeIdentifier {% ([s]) => SnocList.of(s) %}
  | Descendant %slash NodeIdentifier {% ([steps, , s]) => steps.snoc(s) %}

Absolute -> %slash NodeIdentifier {% ([, s]) => SnocList.of(s) %}
  | Absolute %slash NodeIdentifier {% ([steps, , s]) => steps.snoc(s) %}

NodeIdentifier -> %name {% ([t]) => splitPrefixed(t.text) %}
