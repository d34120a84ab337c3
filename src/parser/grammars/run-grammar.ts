/**
 * Runs a compiled nearley grammar over a string and turns the outcome into a
 * ParseResult: the single parse, or what was expected at the failing offset.
 */
import nearley from 'nearley';
import type { Token } from 'moo';
import type { ParseResult } from '../expr/ast.ts';
import { materialize } from './snoc-list.ts';
import type { Building } from './snoc-list.ts';

/** A set of expected token types that a message names as one thing (`an expression`). */
export interface ExpectedGroup {
  readonly name: string;
  readonly types: readonly string[];
}

/** How error messages name tokens. */
export interface TokenNaming {
  /** `name` → `a name`, `rparen` → `')'`. */
  readonly tokenNames: Readonly<Record<string, string>>;
  /** Tried in order: when all of a group's types are expected, the group's name replaces them. */
  readonly groups?: readonly ExpectedGroup[];
  /** Words put before an offending token of these types: `badAxis` → `unknown axis`. */
  readonly badTokenNames?: Readonly<Record<string, string>>;
}

/** A compiled grammar with the names its error messages use. */
export interface ExprGrammar extends TokenNaming {
  readonly grammar: nearley.Grammar;
}

export const exprGrammar = (compiled: nearley.CompiledRules, naming: TokenNaming): ExprGrammar => ({
  ...naming,
  grammar: nearley.Grammar.fromCompiled(compiled),
});

/** The parts of nearley's parser that the error report uses (not in @types/nearley). */
interface ParserInternals {
  reportError: () => string;
  reportLexerError: () => string;
  readonly current: number;
  readonly table: ReadonlyArray<{
    readonly states: ReadonlyArray<{ readonly rule: { readonly symbols: readonly unknown[] }; readonly dot: number }>;
  }>;
}

interface FailedFeed {
  readonly token: Token | undefined;
}

const isToken = (v: unknown): v is Token =>
  typeof v === 'object' && v !== null && typeof (v as Token).offset === 'number';

const terminalType = (symbol: unknown): string | undefined =>
  typeof symbol === 'object' && symbol !== null && 'type' in symbol && typeof symbol.type === 'string'
    ? symbol.type
    : undefined;

/** Names of the token types that some live state of the current column could consume next. */
const expectedAt = (parser: nearley.Parser, g: ExprGrammar): string[] => {
  const p = parser as unknown as ParserInternals;
  const types = new Set<string>();
  for (const state of p.table[p.current]?.states ?? []) {
    const type = terminalType(state.rule.symbols[state.dot]);
    if (type !== undefined) types.add(type);
  }
  const names: string[] = [];
  for (const group of g.groups ?? []) {
    if (group.types.every((t) => types.has(t))) {
      names.push(group.name);
      for (const t of group.types) types.delete(t);
    }
  }
  return [...names, ...[...types].map((t) => g.tokenNames[t] ?? t).sort()];
};

const oneOf = (items: readonly string[]): string => {
  if (items.length === 0) return 'nothing more';
  if (items.length === 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] ?? ''}`;
};

const describeToken = (token: Token, g: ExprGrammar): string => {
  if (token.type === 'error') {
    const c = token.text.charAt(0);
    return c === "'" || c === '"' ? 'an unterminated literal' : `unexpected character '${c}'`;
  }
  const bad = g.badTokenNames?.[token.type ?? ''];
  return bad === undefined ? `'${token.text}'` : `${bad} '${token.text}'`;
};


/**
 * A parser whose failure report is left to us: nearley's own walks the parse
 * table recursively, which is slow on long inputs and overflows the stack on
 * deeply nested ones. The thrown error still carries the offending token.
 */
const quietParser = (g: ExprGrammar): nearley.Parser => {
  const parser = new nearley.Parser(g.grammar);
  const internals = parser as unknown as ParserInternals;
  internals.reportError = () => 'syntax error';
  internals.reportLexerError = () => 'syntax error';
  return parser;
};

/** Every parse of `text` (more than one means the grammar is ambiguous). Throws like nearley on failure. */
export const allParses = (g: ExprGrammar, text: string): unknown[] => {
  const parser = quietParser(g);
  parser.feed(text);
  return (parser.results as Building<unknown>[]).map((r) => materialize<unknown>(r));
};

export const runGrammar = <T>(g: ExprGrammar, text: string): ParseResult<T> => {
  const parser = quietParser(g);
  try {
    parser.feed(text);
  } catch (e) {
    if (!(e instanceof Error) || !('token' in e)) throw e;
    const token = (e as FailedFeed).token;
    const offset = isToken(token) ? token.offset : text.length;
    const found = isToken(token) ? describeToken(token, g) : 'end of input';
    const expected = oneOf(expectedAt(parser, g));
    return { ok: false, message: `expected ${expected} but found ${found} at offset ${offset}`, offset };
  }
  const [first] = parser.results as T[];
  if (first === undefined) {
    const expected = oneOf(expectedAt(parser, g));
    return { ok: false, message: `expected ${expected} but found end of input at offset ${text.length}`, offset: text.length };
  }
  return { ok: true, value: materialize(first as Building<T>) };
};
