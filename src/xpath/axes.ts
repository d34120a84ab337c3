/**
 * The thirteen axes (XPath 1.0 §2.2). `collectAxis` appends the nodes of an
 * axis that pass `test`, in axis order: document order for forward axes,
 * reverse document order for ancestor, ancestor-or-self, preceding and
 * preceding-sibling. YANG data has no attributes or namespace nodes, so
 * those axes are always empty. Every node walked over, whether it passes
 * the test or not, spends a step of the evaluation's budget (a walk is paid
 * for when it ends: a walk is at most the tree).
 */
import type { Axis } from '../parser/expr/ast.ts';
import type { XPathBudget } from './budget.ts';
import type { XNode } from './x-node.ts';

export interface NodeFilter {
  (node: XNode): boolean;
  /** Set for a name test: only nodes of this local name can pass. */
  readonly localName?: string;
}

const REVERSE: ReadonlySet<Axis> = new Set(['ancestor', 'ancestor-or-self', 'preceding', 'preceding-sibling']);
export const isReverseAxis = (axis: Axis): boolean => REVERSE.has(axis);

export function collectAxis(axis: Axis, node: XNode, test: NodeFilter, out: XNode[], budget: XPathBudget): void {
  switch (axis) {
    case 'self':
      budget.spend(1);
      if (test(node)) out.push(node);
      return;
    case 'child':
      budget.spend(children(node, test, out));
      return;
    case 'parent':
      budget.spend(1);
      if (node.parent !== undefined && test(node.parent)) out.push(node.parent);
      return;
    case 'descendant-or-self':
      if (test(node)) out.push(node);
      budget.spend(1 + descendants(node, test, out));
      return;
    case 'descendant':
      budget.spend(descendants(node, test, out));
      return;
    case 'ancestor-or-self':
      for (let n: XNode | undefined = node; n !== undefined; n = n.parent) {
        budget.spend(1);
        if (test(n)) out.push(n);
      }
      return;
    case 'ancestor':
      for (let n = node.parent; n !== undefined; n = n.parent) {
        budget.spend(1);
        if (test(n)) out.push(n);
      }
      return;
    case 'following-sibling':
      followingSiblings(node, budget, (s) => {
        if (test(s)) out.push(s);
      });
      return;
    case 'preceding-sibling': {
      const before = precedingSiblings(node);
      budget.spend(before.length);
      for (const s of before) if (test(s)) out.push(s);
      return;
    }
    case 'following':
      for (let n: XNode | undefined = node; n !== undefined; n = n.parent) {
        followingSiblings(n, budget, (s) => {
          if (test(s)) out.push(s);
          budget.spend(descendants(s, test, out));
        });
      }
      return;
    case 'preceding':
      for (let n: XNode | undefined = node; n !== undefined; n = n.parent) {
        for (const s of precedingSiblings(n)) reverseSubtree(s, test, out, budget);
      }
      return;
    case 'attribute':
    case 'namespace':
      return;
  }
}

/** Appends the children of `node` that pass `test`; the number of children walked over. */
function children(node: XNode, test: NodeFilter, out: XNode[]): number {
  let walked = 0;
  // A name test asks only for the children of that name when the tree can list them alone.
  const kids = (test.localName !== undefined ? node.childrenNamed?.(test.localName) : undefined) ?? node.children();
  for (const c of kids) {
    walked++;
    if (test(c)) out.push(c);
  }
  return walked;
}

/** Appends the descendants of `node` that pass `test`; the number of nodes walked over. */
function descendants(node: XNode, test: NodeFilter, out: XNode[]): number {
  let walked = 0;
  for (const c of node.children()) {
    walked++;
    if (test(c)) out.push(c);
    walked += descendants(c, test, out);
  }
  return walked;
}

/** The subtree of `node`, itself included, in reverse document order. */
function reverseSubtree(node: XNode, test: NodeFilter, out: XNode[], budget: XPathBudget): void {
  const kids = Array.from(node.children());
  for (let i = kids.length - 1; i >= 0; i--) reverseSubtree(kids[i] as XNode, test, out, budget);
  budget.spend(1);
  if (test(node)) out.push(node);
}

/** Siblings after `node`; the ones walked over to find it are paid for too. */
function followingSiblings(node: XNode, budget: XPathBudget, visit: (sibling: XNode) => void): void {
  if (node.parent === undefined) return;
  let seen = false;
  let walked = 0;
  for (const s of node.parent.children()) {
    walked++;
    if (seen) visit(s);
    else if (s === node) seen = true;
  }
  budget.spend(walked);
}

/** Siblings before `node`, nearest first. */
function precedingSiblings(node: XNode): XNode[] {
  const before: XNode[] = [];
  if (node.parent === undefined) return before;
  for (const s of node.parent.children()) {
    if (s === node) break;
    before.push(s);
  }
  return before.reverse();
}
