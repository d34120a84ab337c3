/**
 * The string-value of a node (XPath 1.0 §5): a leaf's value, or for other
 * nodes the concatenation of the values of all leaves below, in document order.
 */
import type { XNode } from './x-node.ts';

export function nodeStringValue(node: XNode): string {
  if (node.kind === 'leaf' || node.kind === 'leaf-list-entry') return node.stringValue();
  let out = '';
  for (const child of node.children()) out += nodeStringValue(child);
  return out;
}
