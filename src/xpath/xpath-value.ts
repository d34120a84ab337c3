/** The four XPath 1.0 object types (§1). A node-set is in document order, without duplicates. */
import type { XNode } from './x-node.ts';

export type NodeSet = readonly XNode[];
export type XPathValue = NodeSet | string | number | boolean;

export const isNodeSet = (v: XPathValue): v is NodeSet => Array.isArray(v);

/** Result of compiling or evaluating: errors are data. */
export type XPathResult<T> =
  | { readonly ok: true; readonly value: T }
  | {
    readonly ok: false;
    readonly message: string;
    /** Set when the evaluation stopped because it exceeded its budget (see budget.ts). */
    readonly overBudget?: true;
  };
