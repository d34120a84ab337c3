/**
 * What a node answers for a child that must be left out of a read even
 * where an absent non-presence container would otherwise show its defaults
 * (access control: the user may not read it). Navigating through it finds
 * nothing.
 */
import type { FieldValue } from '../data/field-value.ts';
import type { Node } from './node.ts';

export const OMITTED: Node = Object.freeze({});

/**
 * What a node answers for a field that must be left out of a read even where
 * its schema default would otherwise be shown (access control: the user may
 * not read it). Readers treat it as absent, with no default.
 */
export const OMITTED_VALUE = Object.freeze({ omitted: true }) as unknown as FieldValue;
