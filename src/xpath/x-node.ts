/**
 * The data tree as the XPath evaluator sees it (RFC 7950 §6.4.1): the
 * document root, and element nodes for containers, list entries, leaves,
 * leaf-list entries and anydata. There are no attribute, namespace, text,
 * comment or processing-instruction nodes.
 *
 * The runtime implements this over its own data tree; `jsonXNode` implements
 * it over RFC 7951 JSON.
 */
export type XNodeKind = 'root' | 'container' | 'list-entry' | 'leaf' | 'leaf-list-entry' | 'anydata';

export interface XNode {
  readonly kind: XNodeKind;
  /** Local name; '' for the root. A list entry is named after its list. */
  readonly name: string;
  /** Name of the module whose namespace the node is in; '' for the root. */
  readonly module: string;
  /** undefined for the root only. */
  readonly parent: XNode | undefined;
  /**
   * Child element nodes in document order. Node identity is object identity:
   * every call must yield the same objects for the same nodes.
   */
  children(): Iterable<XNode>;
  /**
   * For leaves and leaf-list entries, the canonical lexical form of the
   * value ('' for an empty leaf). Other kinds may return anything: the
   * evaluator computes their XPath string-value from the leaves below them.
   */
  stringValue(): string;
  /** Opaque pointer to the schema node, for the YANG function hooks. */
  readonly schema?: unknown;
  /**
   * 0-based position among the parent's children, when the implementation
   * knows it cheaply. Without it, document order is found by scanning
   * siblings (cached per evaluation).
   */
  readonly siblingIndex?: number;
  /**
   * Optional: the children named `name` (any module), in document order —
   * what children() holds of them — without listing the others. A child
   * step with a name test uses it: a leaf beside a large list is found
   * without walking the list.
   */
  childrenNamed?(name: string): Iterable<XNode>;
}

/** True for the nodes XPath calls elements (everything but the root). */
export const isElement = (node: XNode): boolean => node.kind !== 'root';

/** The root of the tree `node` belongs to. */
export function rootOf(node: XNode): XNode {
  let n = node;
  while (n.parent !== undefined) n = n.parent;
  return n;
}
