# Benchmark only: RFC 8040 api-path as a nearley grammar, to compare with the
# hand-written src/parser/expr/parse-api-path.ts (valid inputs only: no
# identifier check, no error offsets for bad escapes).

@preprocessor typescript

@{%
import { apiPathLexer } from './api-path-lexer.ts';

const segment = (text: string, keys: string[] | undefined) => {
  const id = decodeURIComponent(text);
  const colon = id.indexOf(':');
  return colon < 0
    ? { module: undefined, name: id, keys }
    : { module: id.slice(0, colon), name: id.slice(colon + 1), keys };
};
%}

@lexer apiPathLexer

ApiPath -> Segments {% ([segments]) => ({ segments }) %}

Segments -> Segment {% ([s]) => [s] %}
  | Segments Segment {% ([l, s]) => [...l, s] %}

Segment -> %slash %chunk {% ([, t]) => segment(t.text, undefined) %}
  | %slash %chunk %eq Keys {% ([, t, , keys]) => segment(t.text, keys) %}

Keys -> Key {% ([k]) => [k] %}
  | Keys %comma Key {% ([l, , k]) => [...l, k] %}

Key -> null {% () => '' %}
  | %chunk {% ([t]) => decodeURIComponent(t.text) %}
