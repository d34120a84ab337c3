/**
 * How `reflectNode` is told about exceptions to its conventions. Overrides
 * are keyed by a YANG name, which applies wherever a node of that name is
 * met, or by a schema path of data node names from the module root
 * (`/interface/counters/errors`; no module prefixes; choice, case, input
 * and output left out; notifications and operations count as nodes), which applies there
 * only and wins over a name. The same options are handed down to every node
 * `reflectNode` makes below.
 */
import type { Answer } from '../../base/answer.ts';
import type { FieldValue } from '../../data/field-value.ts';
import type { Node } from '../node.ts';
import type { ChildRequest, FieldRequest } from '../requests.ts';
import type { PropertyNames } from './object-property.ts';

/** Reads and writes one leaf, leaf-list or anydata differently; what is missing falls back to the property. */
export interface FieldOverride {
  /** The raw value (checked against the type like a property's); undefined when absent. */
  get?(obj: object, r: FieldRequest): Answer<unknown>;
  /** Stores a value; `value` undefined removes the field. */
  set?(obj: object, value: FieldValue | undefined, r: FieldRequest): Answer<void>;
}

/** Answers for one container or list: its node (reads, creation, deletion), or undefined when absent. */
export interface ChildOverride {
  child(obj: object, r: ChildRequest): Answer<Node | undefined>;
}

export interface ReflectOptions {
  readonly fields?: Readonly<Record<string, FieldOverride>>;
  readonly children?: Readonly<Record<string, ChildOverride>>;
  /** The node whose `notify` answers each notification (usually `notificationSource(...)`). */
  readonly notifications?: Readonly<Record<string, Node>>;
  /** Names of properties an edit creates: the YANG name (default) or its camelCase. */
  readonly propertyNames?: PropertyNames;
}
