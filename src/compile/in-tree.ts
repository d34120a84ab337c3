/**
 * Whether a compiled node is still part of the schema tree: refine with a
 * false if-feature and deviate not-supported take nodes out after they were
 * compiled, and what they took out is checked no further.
 */
import type { SchemaNode } from '../meta/meta.ts';
import { schemaChildren } from '../meta/navigate.ts';

export const inTree = (node: SchemaNode): boolean => {
  for (let n: SchemaNode = node; ; n = n.parent) {
    const holder = n.parent ?? n.module;
    if (!schemaChildren(holder).includes(n)) return false;
    if (n.parent === undefined) return true;
  }
};
