/** Short constructors for expected XPath ASTs in tests. */
import type { Axis, BinaryOp, NodeTest, Step, XPathExpr } from '../../../../src/parser/expr/ast.ts';

const qname = (q: string): { prefix: string | undefined; name: string } => {
  const i = q.indexOf(':');
  return i < 0 ? { prefix: undefined, name: q } : { prefix: q.slice(0, i), name: q.slice(i + 1) };
};

export const nameTest = (q: string): NodeTest => ({ kind: 'name', ...qname(q) });

/** `axis::q[preds]`; `q` is a QName or a NodeTest. */
export const step = (axis: Axis, test: string | NodeTest, ...predicates: XPathExpr[]): Step => ({
  axis,
  test: typeof test === 'string' ? nameTest(test) : test,
  predicates,
});
export const child = (test: string | NodeTest, ...predicates: XPathExpr[]): Step => step('child', test, ...predicates);
export const node: NodeTest = { kind: 'node' };
export const self: Step = step('self', node);
export const parent: Step = step('parent', node);
export const dos: Step = step('descendant-or-self', node);
export const star: NodeTest = { kind: 'wildcard', prefix: undefined };

export const rel = (...steps: Step[]): XPathExpr => ({ kind: 'path', absolute: false, steps });
export const abs = (...steps: Step[]): XPathExpr => ({ kind: 'path', absolute: true, steps });
/** A relative path of child name steps: `names('a/b')`. */
export const names = (p: string): XPathExpr => rel(...p.split('/').map((n) => child(n)));

export const bin = (op: BinaryOp, left: XPathExpr, right: XPathExpr): XPathExpr => ({ kind: 'binary', op, left, right });
export const neg = (expr: XPathExpr): XPathExpr => ({ kind: 'negate', expr });
export const num = (value: number): XPathExpr => ({ kind: 'number', value });
export const lit = (value: string): XPathExpr => ({ kind: 'literal', value });
export const call = (name: string, ...args: XPathExpr[]): XPathExpr => ({ kind: 'call', name, args });
export const variable = (name: string): XPathExpr => ({ kind: 'variable', name });
export const filter = (primary: XPathExpr, predicates: XPathExpr[], steps: Step[] = []): XPathExpr => ({
  kind: 'filter',
  primary,
  predicates,
  steps,
});
