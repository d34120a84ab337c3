/**
 * The depth level (RFC 8040 §4.8.2) of the members of a node: one more
 * than the node's, except where `fields` selects among them: "If the
 * 'fields' parameter is used to select descendant data nodes, then these
 * nodes and all of their ancestor nodes have a 'depth' value of '1'" —
 * depth counts on from 1 below the selected nodes. The level a node is
 * nested at (the walk's holders) is another number.
 */
import type { FieldSelection } from './field-selection.ts';

/** `depth`: the node's depth level; `fields`: the selection among its members (undefined: all of them). */
export const depthBelow = (depth: number, fields: FieldSelection | undefined): number =>
  fields === undefined || fields.all ? depth + 1 : 1;
