/**
 * Tree-level validation (RFC 7950 §8): constraints that need the whole
 * datastore, checked on decoded data; and the XPath view of a datastore.
 */
export { validateTree, type ValidateTreeOptions } from './validate-tree.ts';
export { validateSubtree, type ValidateSubtreeOptions } from './validate-subtree.ts';
export { validateChange, type ChangeValidation, type ValidateChangeOptions } from './validate-change.ts';
export { ChangeSet, type Change } from './change-set.ts';
export { hasTreeConstraints } from './has-tree-constraints.ts';
export type { Content } from './holder-plan.ts';
export { XDataNode, xDataRoot, type XDataTreeSpec, type Attachment, type XDataSchema } from './x-data-node.ts';
export { pathOf } from './path-of.ts';
