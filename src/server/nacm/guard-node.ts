/**
 * NACM at the node contract: a node that stands in front of an
 * application's (or the datastore's) node and asks the user's access
 * rights before passing a call on. Reads: denied children, fields and list
 * entries are absent (silently omitted, RFC 8341 §3.4.5; list keys are
 * never pruned) and never asked of the node behind. Writes: create, update
 * and delete are checked per node, exec per operation, read per
 * notification; a denial is 403 access-denied with the error-path. Where
 * everything below is permitted the node behind is handed out unguarded,
 * so unrestricted subtrees keep every fast path.
 */
import { map as mapEvents, type Observable } from 'rxjs';
import { isPending, type Answer } from '../../base/answer.ts';
import { mapAnswer as map } from '../../actors/nodes/map-answer.ts';
import type { FieldValue } from '../../data/field-value.ts';
import type { ListItem, Node } from '../../actors/node.ts';
import { OMITTED, OMITTED_VALUE } from '../../actors/omitted.ts';
import type { RequestContext } from '../../actors/request-context.ts';
import type {
  ActionRequest, ChildRequest, ChooseRequest, ContextRequest, EditRequest, FieldRequest, NextRequest, NotifyRequest,
} from '../../actors/requests.ts';
import type { DataPath } from '../../data/data-path.ts';
import type { ListMeta, SchemaNode } from '../../meta/meta.ts';
import { denied, entryPath } from './access-denied.ts';
import type { AccessRights } from './access-rights.ts';
import { afterWalk, removedChild, removedEntry, WRITES } from './removed-data.ts';
import type { EditLedger } from './edit-ledger.ts';
import type { AccessOperation } from './nacm-config.ts';

/** A leaf or leaf-list with a schema default: a read would show it where the node answers nothing. */
const hasDefault = (meta: SchemaNode): boolean => (meta.kind === 'leaf' && meta.default !== undefined) || (meta.kind === 'leaf-list' && meta.defaults.length > 0);

const isKey = (meta: SchemaNode): boolean => meta.kind === 'leaf' && meta.parent?.kind === 'list' && meta.parent.keys.includes(meta);

/** Rows as the walk numbers them → rows of the node behind, skipping entries the user may not read. */
interface RowCursor { wanted: number; behind: number }

type Notify = NonNullable<Node['notify']> & { handles?: unknown };

export class GuardNode implements Node {
  private cursors: Map<ListMeta, RowCursor> | undefined;
  readonly child?: Node['child'];
  readonly next?: Node['next'];
  readonly field?: Node['field'];
  readonly choose?: Node['choose'];
  readonly beginEdit?: Node['beginEdit'];
  readonly endEdit?: Node['endEdit'];
  readonly action?: Node['action'];
  readonly notify?: Node['notify'];
  readonly context?: Node['context'];
  readonly release?: Node['release'];

  /** Only the calls the node behind answers are offered (callers test which exist). */
  constructor(
    private readonly inner: Node,
    private readonly rights: AccessRights,
    /** A read request (GET, HEAD): only read access is asked, and pruning applies. */
    private readonly reading: boolean,
    /** What the edit removed so far (one per edit, shared by its guards). */
    private readonly ledger: EditLedger,
  ) {
    const i = inner;
    if (i.child !== undefined) this.child = (r) => this.guardChild(r, i.child as NonNullable<Node['child']>);
    if (i.next !== undefined) this.next = (r) => this.guardNext(r, i.next as NonNullable<Node['next']>);
    if (i.field !== undefined) this.field = (r) => this.guardField(r, i.field as NonNullable<Node['field']>);
    if (i.choose !== undefined) this.choose = (r: ChooseRequest) => i.choose?.(r);
    if (i.beginEdit !== undefined) this.beginEdit = (r: EditRequest) => i.beginEdit?.(r);
    if (i.endEdit !== undefined) this.endEdit = (r: EditRequest) => i.endEdit?.(r);
    if (i.action !== undefined) {
      this.action = (r: ActionRequest) => {
        this.check('exec', r.meta, r.path);
        return i.action?.(r);
      };
    }
    if (i.notify !== undefined) {
      const notify = i.notify as Notify;
      const guarded: Notify = (r: NotifyRequest): Observable<Node> => {
        this.check('read', r.meta, r.path);
        const events = notify.call(i, r);
        // each event is read through the user's rights: leaves they may not read are left out
        return this.rights.subtree(r.meta, ['read']) === 'permit' ? events : events.pipe(mapEvents((e: Node) => new GuardNode(e, this.rights, true, this.ledger)));
      };
      if (notify.handles !== undefined) guarded.handles = notify.handles;
      this.notify = guarded;
    }
    if (i.context !== undefined) this.context = (r: ContextRequest): RequestContext => i.context?.(r) ?? {};
    if (i.release !== undefined) this.release = () => i.release?.();
  }

  /** The node for `meta`: the node behind itself when nothing below can be denied. */
  static guard(node: Node, meta: SchemaNode, rights: AccessRights, reading: boolean, ledger: EditLedger): Node {
    return rights.subtree(meta, reading ? ['read'] : undefined) === 'permit' ? node : new GuardNode(node, rights, reading, ledger);
  }

  private check(op: AccessOperation, meta: SchemaNode, path: DataPath): void {
    if (!this.rights.allows(op, meta, path)) throw denied(op, path);
  }

  private guardChild(r: ChildRequest, inner: NonNullable<Node['child']>): Answer<Node | undefined> {
    const go = (): Answer<Node | undefined> =>
      map(inner.call(this.inner, r), (c) => (c === undefined ? undefined : GuardNode.guard(c, r.meta, this.rights, this.reading, this.ledger)));
    if (r.delete) {
      // the child, when it exists, and what it holds need the delete right unless the edit writes them again
      // (removed-data.ts, edit-ledger.ts); a replace removes every member whether it holds data or not, and one
      // that does not exist is not deleted
      if (this.rights.subtree(r.meta, WRITES) !== 'permit') return afterWalk(removedChild(this.rights, this.ledger, r, this.inner), go);
    } else if (r.new) {
      // written again by the edit that removed it: it existed (no check of its own, as in a merge); a list or a
      // non-presence container has no existence of its own (RFC 7950 §7.5.1): what it holds is judged
      if (!this.ledger.restore(r.path) && r.meta.kind === 'container' && r.meta.presence !== undefined) this.check('create', r.meta, r.path);
    }
    else if (this.reading && !this.rights.allows('read', r.meta, r.path) && !this.rights.mayReadBelow(r.meta, r.path)) return r.meta.kind === 'container' ? OMITTED : undefined;
    return go();
  }

  private guardNext(r: NextRequest, inner: NonNullable<Node['next']>): Answer<ListItem | undefined> {
    const wrap = (item: ListItem | undefined): ListItem | undefined =>
      item === undefined ? undefined : { ...item, node: GuardNode.guard(item.node, r.meta, this.rights, this.reading, this.ledger) };
    if (r.delete) {
      if (this.rights.subtree(r.meta, WRITES) !== 'permit') return afterWalk(removedEntry(this.rights, this.ledger, r, this.inner), () => map(inner.call(this.inner, r), wrap));
    } else if (r.new) {
      if (!this.ledger.restore(entryPath(r.path, r.meta, r.key))) this.check('create', r.meta, r.path);
    }
    else if ((r as { move?: boolean }).move === true) this.check('update', r.meta, entryPath(r.path, r.meta, r.key));
    if (r.new || r.delete || (r as { move?: boolean }).move === true || !this.reading || !this.rights.perInstance('read', r.meta)) return map(inner.call(this.inner, r), wrap);
    // an entry the user may not read still leads to what a rule permits below it (its keys on the way)
    const readable = (item: ListItem): boolean => {
      const path = entryPath(r.path, r.meta, item.key ?? r.key);
      return this.rights.allows('read', r.meta, path) || this.rights.mayReadBelow(r.meta, path);
    };
    if (r.key !== undefined) return map(inner.call(this.inner, r), (item) => (item !== undefined && readable(item) ? wrap(item) : undefined));
    return this.nextReadable(r, inner, readable, wrap);
  }

  /** Row `r.row` among the entries the user may read (the walk asks rows in order; a cursor avoids rescanning). */
  private nextReadable(
    r: NextRequest,
    inner: NonNullable<Node['next']>,
    readable: (item: ListItem) => boolean,
    wrap: (item: ListItem | undefined) => ListItem | undefined,
  ): Answer<ListItem | undefined> {
    this.cursors ??= new Map();
    let cursor = this.cursors.get(r.meta);
    if (cursor === undefined || cursor.wanted > r.row) this.cursors.set(r.meta, (cursor = { wanted: 0, behind: 0 }));
    const c = cursor;
    type Settled = { readonly done: true; readonly item: ListItem | undefined } | { readonly done: false };
    const settle = (item: ListItem | undefined): Settled => {
      if (item === undefined) return { done: true, item: undefined };
      c.behind += 1;
      if (!readable(item)) return { done: false };
      c.wanted += 1;
      return c.wanted - 1 === r.row ? { done: true, item: wrap(item) } : { done: false };
    };
    const step = (): Answer<ListItem | undefined> => {
      for (;;) {
        const a = inner.call(this.inner, { ...r, row: c.behind });
        if (isPending(a)) {
          return map(a, (item) => {
            const s = settle(item);
            return s.done ? s.item : step();
          }) as Answer<ListItem | undefined>;
        }
        const s = settle(a as ListItem | undefined);
        if (s.done) return s.item;
      }
    };
    return step();
  }

  private guardField(r: FieldRequest, inner: NonNullable<Node['field']>): Answer<FieldValue | undefined> {
    if (r.write) {
      if (this.rights.subtree(r.meta, WRITES) === 'permit') return inner.call(this.inner, r);
      if (r.value === undefined) {
        // removing a field that holds nothing (a replace removes every member) deletes nothing; one that holds a
        // value is noted, judged when the edit ends unless the edit writes it again (edit-ledger.ts)
        return map(inner.call(this.inner, { ...r, write: false }), (before) => {
          if (before !== undefined) this.ledger.remove(r.path, this.rights.allows('delete', r.meta, r.path));
          return inner.call(this.inner, r);
        }) as Answer<FieldValue | undefined>;
      }
      // written again after the edit removed it: an update
      if (this.ledger.restore(r.path)) {
        if (!isKey(r.meta)) this.check('update', r.meta, r.path);
        return inner.call(this.inner, r);
      }
      return map(inner.call(this.inner, { ...r, write: false, value: undefined }), (before) => {
        // every node a write names needs the right, whether its value changes or not (no oracle of values);
        // a list entry's key names the entry, it cannot change
        if (before === undefined) this.check('create', r.meta, r.path);
        else if (!isKey(r.meta)) this.check('update', r.meta, r.path);
        return inner.call(this.inner, r);
      }) as Answer<FieldValue | undefined>;
    } else if (this.reading && !isKey(r.meta) && !this.rights.allows('read', r.meta, r.path)) return hasDefault(r.meta) ? OMITTED_VALUE : undefined;
    return inner.call(this.inner, r);
  }
}
