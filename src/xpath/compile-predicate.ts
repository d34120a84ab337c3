/**
 * Predicates (XPath 1.0 §2.4): filter a node list given in axis order; a
 * number result selects by proximity position, anything else by boolean().
 * A numeric literal predicate (`[1]`) is a direct index.
 */
import type { XPathExpr } from '../parser/expr/ast.ts';
import type { XNode } from './x-node.ts';
import type { Evaluator, Focus, Run } from './runtime.ts';
import { xpathBoolean } from './xpath-boolean.ts';

export type Predicate = (nodes: readonly XNode[], run: Run) => XNode[];

export function compilePredicate(expr: XPathExpr, evaluator: Evaluator): Predicate {
  if (expr.kind === 'number') {
    const index = expr.value - 1;
    return (nodes) => {
      const n = Number.isInteger(index) ? nodes[index] : undefined;
      return n === undefined ? [] : [n];
    };
  }
  return (nodes, run) => {
    const kept: XNode[] = [];
    const focus: Focus = { node: nodes[0] as XNode, position: 0, size: nodes.length };
    run.budget.spend(nodes.length);
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i] as XNode;
      focus.node = node;
      focus.position = i + 1;
      const v = evaluator(focus, run);
      if (typeof v === 'number' ? v === i + 1 : xpathBoolean(v)) kept.push(node);
    }
    return kept;
  };
}

export function applyPredicates(nodes: XNode[], predicates: readonly Predicate[], run: Run): XNode[] {
  let out = nodes;
  for (const p of predicates) {
    if (out.length === 0) break;
    out = p(out, run);
  }
  return out;
}
