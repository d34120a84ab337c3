/**
 * Document order (XPath 1.0 §5): a node comes before its descendants, and
 * siblings in the order of their parent's children(). One instance per
 * evaluation caches sibling positions of nodes that do not carry
 * `siblingIndex`.
 */
import type { XNode } from './x-node.ts';

export class DocumentOrder {
  // Made on first need: most evaluations never compare nodes, or only nodes with siblingIndex.
  private positions: Map<XNode, number> | undefined;
  private roots: Map<XNode, number> | undefined;

  /** Negative when a comes first, 0 for the same node, positive otherwise. */
  compare(a: XNode, b: XNode): number {
    if (a === b) return 0;
    let da = depth(a);
    let db = depth(b);
    let x = a;
    let y = b;
    while (da > db) { x = x.parent as XNode; da--; }
    while (db > da) { y = y.parent as XNode; db--; }
    if (x === y) return a === x ? -1 : 1; // one is an ancestor of the other
    while (x.parent !== y.parent) {
      x = x.parent as XNode;
      y = y.parent as XNode;
    }
    if (x.parent === undefined) return this.rootRank(x) - this.rootRank(y);
    return this.position(x) - this.position(y);
  }

  /** Sorts in place into document order and removes duplicates. */
  sort(nodes: XNode[]): XNode[] {
    if (this.isSorted(nodes)) return nodes;
    nodes.sort((p, q) => this.compare(p, q));
    let w = 0;
    for (let r = 0; r < nodes.length; r++) {
      const n = nodes[r] as XNode;
      if (w === 0 || nodes[w - 1] !== n) nodes[w++] = n;
    }
    nodes.length = w;
    return nodes;
  }

  /** Union of two node-sets that are each in document order without duplicates. */
  merge(a: readonly XNode[], b: readonly XNode[]): XNode[] {
    if (a.length === 0) return b.slice();
    if (b.length === 0) return a.slice();
    const out: XNode[] = [];
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      const c = this.compare(a[i] as XNode, b[j] as XNode);
      if (c <= 0) out.push(a[i++] as XNode);
      else out.push(b[j++] as XNode);
      if (c === 0) j++;
    }
    while (i < a.length) out.push(a[i++] as XNode);
    while (j < b.length) out.push(b[j++] as XNode);
    return out;
  }

  private isSorted(nodes: readonly XNode[]): boolean {
    for (let i = 1; i < nodes.length; i++) {
      if (this.compare(nodes[i - 1] as XNode, nodes[i] as XNode) >= 0) return false;
    }
    return true;
  }

  private position(node: XNode): number {
    if (node.siblingIndex !== undefined) return node.siblingIndex;
    const positions = (this.positions ??= new Map());
    const known = positions.get(node);
    if (known !== undefined) return known;
    let i = 0;
    for (const sibling of (node.parent as XNode).children()) positions.set(sibling, i++);
    return positions.get(node) ?? -1;
  }

  private rootRank(root: XNode): number {
    const roots = (this.roots ??= new Map());
    let r = roots.get(root);
    if (r === undefined) roots.set(root, (r = roots.size));
    return r;
  }
}

function depth(node: XNode): number {
  let d = 0;
  for (let n = node.parent; n !== undefined; n = n.parent) d++;
  return d;
}
