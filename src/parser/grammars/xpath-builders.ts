/**
 * Typed constructors for the XPath AST, called from the postprocessors of
 * xpath.ne so that the generated grammar stays a thin table of rules. They
 * build `Building<…>` values (lists are SnocLists); runGrammar materializes
 * the finished parse.
 */
import type { Token } from 'moo';
import type { Axis, BinaryOp, NodeTest, Step, XPathExpr } from '../expr/ast.ts';
import { SnocList } from './snoc-list.ts';
import type { Building } from './snoc-list.ts';
import { splitPrefixed } from './yang-identifier.ts';

type Expr = Building<XPathExpr>;
type StepB = Building<Step>;
type Steps = SnocList<StepB>;

const binaryOps: ReadonlySet<string> = new Set<BinaryOp>([
  'or', 'and', '=', '!=', '<', '<=', '>', '>=', '+', '-', '*', 'div', 'mod', '|',
]);
const isBinaryOp = (s: string): s is BinaryOp => binaryOps.has(s);

export const binary = (left: Expr, op: Token, right: Expr): Expr => {
  if (!isBinaryOp(op.text)) throw new Error(`xpath grammar: '${op.text}' is not an operator`);
  return { kind: 'binary', op: op.text, left, right };
};

export const negate = (expr: Expr): Expr => ({ kind: 'negate', expr });

export const literal = (t: Token): Expr => ({ kind: 'literal', value: t.value });
export const number = (t: Token): Expr => ({ kind: 'number', value: Number(t.text) });
export const variable = (t: Token): Expr => ({ kind: 'variable', name: t.value });
export const call = (name: Token, args: SnocList<Expr>): Expr => ({ kind: 'call', name: name.text, args });

/** A primary expression and the predicates applied to it, before any following path. */
export interface Filtered {
  readonly primary: Expr;
  readonly predicates: SnocList<Expr>;
}

export const filtered = (primary: Expr): Filtered => ({ primary, predicates: SnocList.empty() });
export const filteredWith = (f: Filtered, predicate: Expr): Filtered => ({
  primary: f.primary,
  predicates: f.predicates.snoc(predicate),
});

/** A bare primary stays itself; anything with predicates or steps becomes a `filter`. */
export const filter = (f: Filtered, steps: Steps): Expr =>
  f.predicates.length === 0 && steps.length === 0
    ? f.primary
    : { kind: 'filter', primary: f.primary, predicates: f.predicates, steps };

export const path = (absolute: boolean, steps: Steps): Expr => ({ kind: 'path', absolute, steps });

/** `.` is self::node(), `..` parent::node(), `//` a descendant-or-self::node() step. */
export const abbreviated = (axis: 'self' | 'parent' | 'descendant-or-self'): StepB => ({
  axis,
  test: { kind: 'node' },
  predicates: SnocList.empty(),
});

/** Steps after a leading `/` or `//` (the latter adds a descendant-or-self::node() step). */
export const rooted = (slash: Token, s: StepB): Steps =>
  slash.text === '//' ? SnocList.of(abbreviated('descendant-or-self')).snoc(s) : SnocList.of(s);

/** `steps` followed by `/ s` or `// s`. */
export const extend = (steps: Steps, slash: Token, s: StepB): Steps =>
  slash.text === '//' ? steps.snoc(abbreviated('descendant-or-self')).snoc(s) : steps.snoc(s);

export const step = (axis: Axis, test: NodeTest): StepB => ({ axis, test, predicates: SnocList.empty() });
export const withPredicate = (s: StepB, predicate: Expr): StepB => ({ ...s, predicates: s.predicates.snoc(predicate) });

/** The axis token's text; the lexer only types the 13 axis names as `axis`. */
export const axis = (t: Token): Axis => t.text as Axis;

export const nameTest = (t: Token): NodeTest => ({ kind: 'name', ...splitPrefixed(t.text) });

/** `*` or `prefix:*`. */
export const wildcardTest = (t: Token): NodeTest => ({
  kind: 'wildcard',
  prefix: t.text === '*' ? undefined : t.text.slice(0, -2),
});

export const nodeTypeTest = (t: Token): NodeTest => {
  switch (t.text) {
    case 'text':
      return { kind: 'text' };
    case 'comment':
      return { kind: 'comment' };
    case 'processing-instruction':
      return { kind: 'processing-instruction', literal: undefined };
    default:
      return { kind: 'node' };
  }
};

export const piTest = (lit: Token): NodeTest => ({ kind: 'processing-instruction', literal: lit.value });
