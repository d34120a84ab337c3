/**
 * Whether a node is the data-tree node over an in-memory DataContainer, as
 * it is (DataContainerNode, or a subclass that changes only the edit hooks,
 * like the embedded datastore's root): its reads answer exactly what the
 * container holds, so a read may take them from the container directly
 * (write-data.ts). A node that wraps it (tracing, application handlers,
 * overrides) changes one of the read methods and is read node by node.
 */
import type { DataContainer } from '../../data/data-container.ts';
import { DataContainerNode, DataListNode } from '../nodes/data-node.ts';
import type { Node } from '../node.ts';

const own = DataContainerNode.prototype;
const ownList = DataListNode.prototype;

/** The container a plain data-tree node reads, else undefined. */
export const plainData = (node: Node): DataContainer | undefined =>
  node instanceof DataContainerNode && node.child === own.child && node.field === own.field && node.choose === own.choose
  && (node as Node).context === undefined && (node as Node).release === undefined
    ? node.data
    : undefined;

/** Whether a list node is the data-tree node's own, as it is (its entries are the holder's array). */
export const isPlainList = (node: Node): boolean =>
  node instanceof DataListNode && node.next === ownList.next && (node as Node).context === undefined && (node as Node).release === undefined;

/**
 * The container holding a plain list node's entries, else undefined: its
 * parent's data even where the parent's node is wrapped (an access guard
 * that hands out the list node as it is because the whole list is readable).
 */
export const plainListHolder = (node: Node): DataContainer | undefined => (isPlainList(node) ? (node as DataListNode).holder : undefined);
