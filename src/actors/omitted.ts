/**
 * What a node answers for a child that must be left out of a read even
 * where an absent non-presence container would otherwise show its defaults
 * (access control: the user may not read it). Navigating through it finds
 * nothing.
 */
import type { Node } from './node.ts';

export const OMITTED: Node = Object.freeze({});
