/**
 * The string-value of a node (XPath 1.0 §5): a leaf's value, or for other
 * nodes the concatenation of the values of all leaves below, in document
 * order; every node walked below spends a step of `budget`, when given.
 */
import type { XPathBudget } from './budget.ts';
import type { XNode } from './x-node.ts';

export function nodeStringValue(node: XNode, budget?: XPathBudget): string {
  if (node.kind === 'leaf' || node.kind === 'leaf-list-entry') return node.stringValue();
  let out = '';
  for (const child of node.children()) {
    budget?.spend(1);
    out += nodeStringValue(child, budget);
  }
  return out;
}
