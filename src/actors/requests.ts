/** One request type per node call, each carrying the selection it is made on and the definition concerned. */
import type {
  CaseMeta, ChoiceMeta, ContainerMeta, AnydataMeta, LeafListMeta, LeafMeta, ListMeta, NotificationMeta,
  OperationMeta,
} from '../meta/meta.ts';
import type { DataPath } from '../data/data-path.ts';
import type { YangValue } from '../types/value.ts';
import type { FieldValue } from '../data/field-value.ts';
import type { Selection } from './selection.ts';

interface RequestBase {
  /** The selection whose node is called. */
  readonly selection: Selection;
  /** Path of the data instance concerned (child, entry, field...). */
  readonly path: DataPath;
}

export interface ChildRequest extends RequestBase {
  readonly meta: ContainerMeta | ListMeta;
  /** Create the child (edits). */
  readonly new: boolean;
  /** Remove the child (edits). */
  readonly delete: boolean;
}

export interface NextRequest extends RequestBase {
  readonly meta: ListMeta;
  /** Look up by key (key values in key order); undefined when iterating by row. */
  readonly key: readonly YangValue[] | undefined;
  /** 0-based row when iterating; the row of the new entry when creating (past the end: last); with `move`, the entry's row after the move. */
  readonly row: number;
  readonly new: boolean;
  readonly delete: boolean;
  /** Move the existing entry of `key` to `row` (ordered-by user lists: RFC 8040 insert/point, YANG Patch move). */
  readonly move?: boolean;
}

export interface FieldRequest extends RequestBase {
  readonly meta: LeafMeta | LeafListMeta | AnydataMeta;
  readonly write: boolean;
  /** The value to write; undefined with `write` means remove the field. */
  readonly value: FieldValue | undefined;
}

export interface ChooseRequest extends RequestBase {
  readonly meta: ChoiceMeta;
  readonly cases: readonly CaseMeta[];
}

/** The three flags of the spec's edit hook tables. */
export interface EditFlags {
  /** The node is the edit's target or below it (false for the ancestors the call bubbles to). */
  readonly editRoot: boolean;
  /** The node is created by this edit. */
  readonly new: boolean;
  /** The node is deleted by this edit. */
  readonly delete: boolean;
}

export interface EditRequest extends RequestBase, EditFlags {
  /** Set on endEdit when the edit failed after this node's beginEdit succeeded. */
  readonly failure?: unknown;
}

export interface ActionRequest extends RequestBase {
  readonly meta: OperationMeta;
  /** The validated input, as a node to read from; undefined when the operation declares no input. */
  readonly input: Selection | undefined;
}

export interface NotifyRequest extends RequestBase {
  readonly meta: NotificationMeta;
}

export type ContextRequest = RequestBase;
