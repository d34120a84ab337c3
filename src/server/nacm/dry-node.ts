/**
 * A node that reads through to the node behind and writes nothing: an edit
 * run over it (under a GuardNode) meets every access check the real edit
 * would, in the same order, without a BeginEdit, EndEdit or change reaching
 * the node behind. What the edit creates is a sink that accepts everything
 * and holds nothing.
 */
import type { Answer } from '../../base/answer.ts';
import type { FieldValue } from '../../data/field-value.ts';
import type { ListItem, Node } from '../../actors/node.ts';
import type { RequestContext } from '../../actors/request-context.ts';
import type { ChildRequest, ChooseRequest, ContextRequest, FieldRequest, NextRequest } from '../../actors/requests.ts';
import { mapAnswer } from '../../actors/nodes/map-answer.ts';

/** Everything created in a dry run: later writes below it are checked as creations and go nowhere. */
const SINK: Node = {
  child: (r) => (r.new ? SINK : undefined),
  next: (r) => (r.new ? { node: SINK, ...(r.key === undefined ? {} : { key: r.key }) } : undefined),
  field: () => undefined,
};

export class DryNode implements Node {
  readonly choose?: Node['choose'];
  readonly context?: Node['context'];
  readonly release?: Node['release'];

  constructor(private readonly inner: Node) {
    const i = inner;
    if (i.choose !== undefined) this.choose = (r: ChooseRequest) => i.choose?.(r);
    if (i.context !== undefined) this.context = (r: ContextRequest): RequestContext => i.context?.(r) ?? {};
    if (i.release !== undefined) this.release = () => i.release?.();
  }

  child(r: ChildRequest): Answer<Node | undefined> {
    if (r.delete) return undefined;
    if (r.new) return SINK;
    const a = this.inner.child?.(r);
    return a === undefined ? undefined : mapAnswer(a, (c) => (c === undefined ? undefined : new DryNode(c)));
  }

  next(r: NextRequest): Answer<ListItem | undefined> {
    if (r.delete || (r as { move?: boolean }).move === true) return undefined;
    if (r.new) return SINK.next?.(r);
    const a = this.inner.next?.(r);
    return a === undefined ? undefined : mapAnswer(a, (item) => (item === undefined ? undefined : { ...item, node: new DryNode(item.node) }));
  }

  field(r: FieldRequest): Answer<FieldValue | undefined> {
    return r.write ? undefined : this.inner.field?.(r);
  }
}
