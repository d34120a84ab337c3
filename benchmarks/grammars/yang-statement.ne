# A generic YANG statement grammar (RFC 7950 §6.3) over the same moo tokens
# as the hand-written reader (src/parser/read-statements.ts). Kept only for
# benchmarks/statement-reader.bench.ts, which shows why the reader is
# hand-written. Compile: npx nearleyc benchmarks/grammars/yang-statement.ne
#   -o benchmarks/grammars/yang-statement.grammar.ts

@preprocessor typescript

@{%
import { SignificantLexer } from './significant-lexer.ts';
import { statementActions } from './yang-statement-actions.ts';

const lexer = new SignificantLexer();
const act = statementActions(lexer);
%}

@lexer lexer

file     -> stmt                                  {% id %}

stmt     -> %unquoted argument:? ";"              {% act.simple %}
          | %unquoted argument:? "{" stmt:* "}"   {% act.block %}

argument -> %unquoted                             {% act.text %}
          | %plus                                 {% act.text %}
          | quoted ("+" quoted):*                 {% act.concat %}

quoted   -> %dqString                             {% act.quoted %}
          | %sqString                             {% act.quoted %}
