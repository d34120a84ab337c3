/**
 * The thirteen axes (XPath 1.0 §2.2). `collectAxis` appends the nodes of an
 * axis that pass `test`, in axis order: document order for forward axes,
 * reverse document order for ancestor, ancestor-or-self, preceding and
 * preceding-sibling. YANG data has no attributes or namespace nodes, so
 * those axes are always empty.
 */
import type { Axis } from '../parser/expr/ast.ts';
import type { XNode } from './x-node.ts';

export type NodeFilter = (node: XNode) => boolean;

const REVERSE: ReadonlySet<Axis> = new Set(['ancestor', 'ancestor-or-self', 'preceding', 'preceding-sibling']);
export const isReverseAxis = (axis: Axis): boolean => REVERSE.has(axis);

export function collectAxis(axis: Axis, node: XNode, test: NodeFilter, out: XNode[]): void {
  switch (axis) {
    case 'self':
      if (test(node)) out.push(node);
      return;
    case 'child':
      for (const c of node.children()) if (test(c)) out.push(c);
      return;
    case 'parent':
      if (node.parent !== undefined && test(node.parent)) out.push(node.parent);
      return;
    case 'descendant-or-self':
      if (test(node)) out.push(node);
      descendants(node, test, out);
      return;
    case 'descendant':
      descendants(node, test, out);
      return;
    case 'ancestor-or-self':
      for (let n: XNode | undefined = node; n !== undefined; n = n.parent) if (test(n)) out.push(n);
      return;
    case 'ancestor':
      for (let n = node.parent; n !== undefined; n = n.parent) if (test(n)) out.push(n);
      return;
    case 'following-sibling':
      followingSiblings(node, (s) => { if (test(s)) out.push(s); });
      return;
    case 'preceding-sibling':
      for (const s of precedingSiblings(node)) if (test(s)) out.push(s);
      return;
    case 'following':
      for (let n: XNode | undefined = node; n !== undefined; n = n.parent) {
        followingSiblings(n, (s) => {
          if (test(s)) out.push(s);
          descendants(s, test, out);
        });
      }
      return;
    case 'preceding':
      for (let n: XNode | undefined = node; n !== undefined; n = n.parent) {
        for (const s of precedingSiblings(n)) reverseSubtree(s, test, out);
      }
      return;
    case 'attribute':
    case 'namespace':
      return;
  }
}

function descendants(node: XNode, test: NodeFilter, out: XNode[]): void {
  for (const c of node.children()) {
    if (test(c)) out.push(c);
    descendants(c, test, out);
  }
}

/** The subtree of `node`, itself included, in reverse document order. */
function reverseSubtree(node: XNode, test: NodeFilter, out: XNode[]): void {
  const kids = Array.from(node.children());
  for (let i = kids.length - 1; i >= 0; i--) reverseSubtree(kids[i] as XNode, test, out);
  if (test(node)) out.push(node);
}

function followingSiblings(node: XNode, visit: (sibling: XNode) => void): void {
  if (node.parent === undefined) return;
  let seen = false;
  for (const s of node.parent.children()) {
    if (seen) visit(s);
    else if (s === node) seen = true;
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
