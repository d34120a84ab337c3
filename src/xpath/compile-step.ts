/**
 * Location steps (XPath 1.0 §2.1): from a node-set to the node-set selected
 * by axis, node test and predicates from each of its nodes, in document order.
 */
import type { Step } from '../parser/expr/ast.ts';
import { collectAxis, isReverseAxis } from './axes.ts';
import { applyPredicates, type Predicate } from './compile-predicate.ts';
import { compileNodeTest } from './node-test.ts';
import type { Run } from './runtime.ts';
import type { XNode } from './x-node.ts';
import type { XPathScope } from './xpath-context.ts';
import type { NodeSet } from './xpath-value.ts';

export type StepFn = (contexts: NodeSet, run: Run) => NodeSet;

export function compileStep(step: Step, scope: XPathScope, predicates: readonly Predicate[]): StepFn {
  const { axis } = step;
  const test = compileNodeTest(step.test, scope);
  const reverse = isReverseAxis(axis);
  const fromOne = (node: XNode, run: Run): XNode[] => {
    let out: XNode[] = [];
    collectAxis(axis, node, test, out, run.budget);
    out = applyPredicates(out, predicates, run);
    return reverse ? out.reverse() : out;
  };
  return (contexts, run) => {
    if (contexts.length === 1) return fromOne(contexts[0] as XNode, run);
    const all: XNode[] = [];
    for (const c of contexts) for (const n of fromOne(c, run)) all.push(n);
    run.budget.spend(all.length);
    return run.order.sort(all);
  };
}

/**
 * `//x` is descendant-or-self::node()/child::x; without predicates on the
 * child step it selects the same as descendant::x, without the
 * intermediate node-set of every node.
 */
export function fuseSteps(steps: readonly Step[]): Step[] {
  const out: Step[] = [];
  for (const s of steps) {
    const prev = out[out.length - 1];
    if (prev !== undefined && isAnyDescendantOrSelf(prev) && s.axis === 'child' && s.predicates.length === 0) {
      out[out.length - 1] = { axis: 'descendant', test: s.test, predicates: [] };
    } else out.push(s);
  }
  return out;
}

const isAnyDescendantOrSelf = (s: Step): boolean =>
  s.axis === 'descendant-or-self' && s.test.kind === 'node' && s.predicates.length === 0;
