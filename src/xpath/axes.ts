/**
 * The thirteen axes (XPath 1.0 §2.2). `collectAxis` appends the nodes of an
 * axis that pass `test`, in axis order: document order for forward axes,
 * reverse document order for ancestor, ancestor-or-self, preceding and
 * preceding-sibling. YANG data has no attributes or namespace nodes, so
 * those axes are always empty. Every node walked over, whether it passes
 * the test or not, spends a step of the evaluation's budget.
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
  const visit = (n: XNode): void => {
    budget.spend(1);
    if (test(n)) out.push(n);
  };
  switch (axis) {
    case 'self':
      visit(node);
      return;
    case 'child':
      // A name test asks only for the children of that name when the tree can list them alone.
      for (const c of (test.localName !== undefined ? node.childrenNamed?.(test.localName) : undefined) ?? node.children()) visit(c);
      return;
    case 'parent':
      if (node.parent !== undefined) visit(node.parent);
      return;
    case 'descendant-or-self':
      visit(node);
      descendants(node, visit);
      return;
    case 'descendant':
      descendants(node, visit);
      return;
    case 'ancestor-or-self':
      for (let n: XNode | undefined = node; n !== undefined; n = n.parent) visit(n);
      return;
    case 'ancestor':
      for (let n = node.parent; n !== undefined; n = n.parent) visit(n);
      return;
    case 'following-sibling':
      followingSiblings(node, budget, visit);
      return;
    case 'preceding-sibling':
      for (const s of precedingSiblings(node)) visit(s);
      return;
    case 'following':
      for (let n: XNode | undefined = node; n !== undefined; n = n.parent) {
        followingSiblings(n, budget, (s) => {
          visit(s);
          descendants(s, visit);
        });
      }
      return;
    case 'preceding':
      for (let n: XNode | undefined = node; n !== undefined; n = n.parent) {
        for (const s of precedingSiblings(n)) reverseSubtree(s, visit);
      }
      return;
    case 'attribute':
    case 'namespace':
      return;
  }
}

function descendants(node: XNode, visit: (n: XNode) => void): void {
  for (const c of node.children()) {
    visit(c);
    descendants(c, visit);
  }
}

/** The subtree of `node`, itself included, in reverse document order. */
function reverseSubtree(node: XNode, visit: (n: XNode) => void): void {
  const kids = Array.from(node.children());
  for (let i = kids.length - 1; i >= 0; i--) reverseSubtree(kids[i] as XNode, visit);
  visit(node);
}

/** Siblings after `node`; the ones skipped to find it are walked over too. */
function followingSiblings(node: XNode, budget: XPathBudget, visit: (sibling: XNode) => void): void {
  if (node.parent === undefined) return;
  let seen = false;
  for (const s of node.parent.children()) {
    if (seen) visit(s);
    else {
      budget.spend(1);
      if (s === node) seen = true;
    }
  }
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
