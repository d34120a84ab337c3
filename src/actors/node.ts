/**
 * The contract between rxconf and an application: a Node bridges one part
 * of a YANG model to live data. Every method is optional; a missing one
 * means "nothing here" for reads and "not supported" for writes. Each may
 * answer synchronously (fast path), with a Promise or with an Observable.
 * Nodes are made per request and dropped when it completes (`release`).
 */
import type { Observable } from 'rxjs';
import type { FieldValue } from '../data/field-value.ts';
import type { Answer } from '../base/answer.ts';
import type {
  ActionRequest, ChildRequest, ChooseRequest, ContextRequest, EditRequest, FieldRequest, NextRequest,
  NotifyRequest,
} from './requests.ts';
import type { RequestContext } from './request-context.ts';
import type { YangValue } from '../types/value.ts';

/** A list entry: its node and, for keyed lists, its key values in key order. */
export interface ListItem {
  readonly node: Node;
  readonly key?: readonly YangValue[];
}

export interface Node {
  /** Navigating, creating or deleting a container or list: the child's node, or undefined when it does not exist. */
  child?(r: ChildRequest): Answer<Node | undefined>;
  /** A list entry by key or by row (iteration), or a new one; undefined when it does not exist. */
  next?(r: NextRequest): Answer<ListItem | undefined>;
  /** Reads (r.write false) or writes (r.write true) a leaf, leaf-list or anydata. */
  field?(r: FieldRequest): Answer<FieldValue | undefined>;
  /** Which case of a choice holds data now (reads only); undefined when none. */
  choose?(r: ChooseRequest): Answer<string | undefined>;
  /** Before an edit of this node or below it; an error rejects the edit. */
  beginEdit?(r: EditRequest): Answer<void>;
  /** After the edit; `r.failure` is set when the edit failed after beginEdit succeeded (roll back, unlock). */
  endEdit?(r: EditRequest): Answer<void>;
  /** Runs an rpc or action; answers the output node when the operation declares output. */
  action?(r: ActionRequest): Answer<Node | undefined>;
  /** Subscribes to a notification: each emitted node is one event; unsubscribing is the closer. */
  notify?(r: NotifyRequest): Observable<Node>;
  /** Optional access to the object behind the node. */
  peek?(): unknown;
  /** Adds values (user, roles...) to the context this node and its children see. */
  context?(r: ContextRequest): RequestContext;
  /** The request is over: release what the node holds. */
  release?(): void;
}
