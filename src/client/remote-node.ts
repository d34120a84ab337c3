/**
 * The nodes of a remote module: each stands for a data node the server
 * holds, at a path. Navigating asks the server whether a child exists (a
 * GET of depth 1); the first read of a value, or a second child asked
 * for, reads the node's whole subtree once (its descendants then answer
 * from it): a walk to a target costs a small GET per level, a read of a
 * subtree one GET; edits are written
 * to the session's edit log, and new containers and entries are built
 * locally (data-tree nodes) to be sent whole when the edit commits, from
 * the module root's endEdit (flush-edits.ts). Operations are POSTed,
 * notifications are the server's event stream.
 */
import { map, type Observable } from 'rxjs';
import { DataContainer, type HolderMeta } from '../data/data-container.ts';
import { childPath, type DataPath } from '../data/data-path.ts';
import { encodeData } from '../data/json/index.ts';
import { findEntry, keyOf, keyString } from '../data/list-index.ts';
import { restconfError, RestconfFailure } from '../errors/index.ts';
import type { ContainerMeta, ListMeta, ModuleMeta } from '../meta/meta.ts';
import type { FieldValue } from '../data/field-value.ts';
import type { ListItem, Node } from '../actors/node.ts';
import { DataContainerNode, DataListNode } from '../actors/nodes/data-node.ts';
import type { ActionRequest, ChildRequest, ChooseRequest, EditRequest, FieldRequest, NextRequest, NotifyRequest } from '../actors/requests.ts';
import { answerFailure } from './answer-errors.ts';
import { eventNodes } from './event-nodes.ts';
import { eventStream } from './event-stream.ts';
import { flushEdits } from './flush-edits.ts';
import { mediaType } from './media-type.ts';
import { parentPath, type RemoteSession } from './remote-session.ts';

type OwnMeta = ModuleMeta | ContainerMeta | ListMeta;


/** A container, a list entry, or the module root, on the server. */
export class RemoteNode implements Node {
  private loading: Promise<DataContainer> | undefined;
  /** Children asked for before the data was read: a walk through asks once, a read asks again and again. */
  private asked = 0;

  constructor(
    private readonly session: RemoteSession,
    readonly path: DataPath,
    private readonly meta: OwnMeta,
    /** The node's data once read (its whole subtree). */
    private data?: DataContainer,
  ) {}

  private read(): DataContainer | Promise<DataContainer> {
    if (this.data !== undefined) return this.data;
    this.loading ??= (this.path.segments.length === 0
      ? this.session.loadModule()
      : this.session.load(this.path).then((holder) => {
        const v = holder?.get(this.meta as ContainerMeta | ListMeta);
        return (Array.isArray(v) ? v[0] : v) as DataContainer | undefined ?? new DataContainer(this.meta as HolderMeta);
      })
    ).then((d) => (this.data = d));
    return this.loading;
  }

  child(r: ChildRequest): Node | undefined | Promise<Node | undefined> {
    if (r.delete) {
      this.session.remove(r.path);
      this.data?.delete(r.meta);
      return undefined;
    }
    if (r.new) {
      if (r.meta.kind === 'container') {
        const c = this.session.create(r.path, new DataContainer(r.meta));
        this.data?.set(r.meta, c);
        return new DataContainerNode(c);
      }
      const holder = new DataContainer(this.meta as HolderMeta).set(r.meta, []);
      this.session.createList(r.path, holder);
      return new DataListNode(holder, r.meta);
    }
    const make = (v: unknown): Node | undefined => {
      if (v === undefined) return undefined;
      return r.meta.kind === 'container'
        ? new RemoteNode(this.session, r.path, r.meta, v instanceof DataContainer ? v : undefined)
        : new RemoteListNode(this.session, r.path, r.meta, Array.isArray(v) ? v as DataContainer[] : undefined);
    };
    if (this.data !== undefined) return make(this.data.get(r.meta));
    if (this.asked++ > 0) {
      const d = this.read();
      return d instanceof DataContainer ? make(d.get(r.meta)) : d.then((x) => make(x.get(r.meta)));
    }
    return this.session.exists(r.path).then((there) => make(there ? true : undefined));
  }

  field(r: FieldRequest): FieldValue | undefined | Promise<FieldValue | undefined> {
    if (r.write) {
      this.session.set(r.path, r.value);
      if (this.data !== undefined) {
        if (r.value === undefined) this.data.delete(r.meta);
        else this.data.set(r.meta, r.value as never);
      }
      return undefined;
    }
    const d = this.read();
    return d instanceof DataContainer ? d.get(r.meta) as FieldValue | undefined : d.then((x) => x.get(r.meta) as FieldValue | undefined);
  }

  choose(r: ChooseRequest): string | undefined | Promise<string | undefined> {
    const d = this.read();
    return d instanceof DataContainer ? new DataContainerNode(d).choose(r) : d.then((x) => new DataContainerNode(x).choose(r));
  }

  /** The module root's endEdit ends the edit: its changes are sent (the root is every edit's last endEdit). */
  endEdit(r: EditRequest): Promise<void> | undefined {
    if (this.path.segments.length > 0 || r.failure !== undefined) return undefined;
    return flushEdits(this.session);
  }

  async action(r: ActionRequest): Promise<Node | undefined> {
    const { link } = this.session;
    const op = r.meta;
    const target = op.kind === 'rpc'
      ? `${link.restconf}/operations/${encodeURIComponent(op.module.name)}:${encodeURIComponent(op.name)}`
      : this.session.dataTarget(r.path);
    const input = r.input?.node.peek?.();
    const body = input instanceof DataContainer && input.size > 0
      ? JSON.stringify({ [`${op.module.name}:input`]: encodeData(input, { strict: link.strict, schema: link.schema }) })
      : undefined;
    const headers: Record<string, string> = { accept: mediaType(link.strict) };
    if (body !== undefined) headers['content-type'] = mediaType(link.strict);
    const a = await link.transport.request('POST', target, body, headers);
    if (a.status !== 200 && a.status !== 204) throw answerFailure(a, `POST ${target}`);
    if (a.status === 204 || a.text.trim() === '' || !op.hasOutput) return undefined;
    const json = JSON.parse(a.text) as Record<string, unknown>;
    const out = json[`${op.module.name}:output`] ?? json['output'] ?? json;
    const decoded = this.session.decodeIn(out, op.output, r.path);
    return new DataContainerNode(decoded);
  }

  notify(r: NotifyRequest): Observable<Node> {
    const { link } = this.session;
    const target = this.session.dataTarget(r.path);
    const accept = link.strict ? 'text/event-stream, application/yang-data+json;q=0.1' : 'text/event-stream';
    const names = r.path.segments.map((s) => (s.meta as { name: string }).name);
    return eventNodes(eventStream(link.transport, target, { accept }), target, names).pipe(
      map((e) => new DataContainerNode(this.session.decodeIn(e.content, r.meta, r.path))),
    );
  }
}

/** A list on the server (no key): entries looked up by key one at a time, or read whole to iterate. */
export class RemoteListNode implements Node {
  private loading: Promise<DataContainer[]> | undefined;
  /** Entries asked for by key before the list was read (as RemoteNode's children). */
  private asked = 0;

  constructor(
    private readonly session: RemoteSession,
    readonly path: DataPath,
    private readonly meta: ListMeta,
    private entries?: DataContainer[],
  ) {}

  private entryPath(key: readonly unknown[] | undefined): DataPath {
    return childPath(parentPath(this.path), this.meta, key as never);
  }

  private all(): Promise<DataContainer[]> {
    this.loading ??= this.session.load(this.path).then((holder) => (this.entries = (holder?.get(this.meta) ?? []) as DataContainer[]));
    return this.loading;
  }

  next(r: NextRequest): ListItem | undefined | Promise<ListItem | undefined> {
    const keyed = this.meta.keys.length > 0;
    if (r.delete) {
      this.session.remove(r.path);
      if (this.entries !== undefined && r.key !== undefined) {
        const e = findEntry(this.entries, this.meta, keyString(r.key));
        if (e !== undefined) this.entries.splice(this.entries.indexOf(e), 1);
      }
      return undefined;
    }
    if (r.new) {
      if (!keyed || r.key === undefined) {
        throw new RestconfFailure([restconfError('operation-not-supported', `entries of list "${this.meta.name}" (no keys) cannot be created remotely`)]);
      }
      const e = new DataContainer(this.meta);
      this.meta.keys.forEach((k, i) => e.set(k, r.key?.[i] as never));
      this.session.create(r.path, e);
      this.entries?.push(e);
      return { node: new DataContainerNode(e), key: r.key };
    }
    if (r.key !== undefined && keyed) {
      const key = r.key;
      const found = (entries: DataContainer[]): ListItem | undefined => {
        const e = findEntry(entries, this.meta, keyString(key));
        return e === undefined ? undefined : { node: new RemoteNode(this.session, r.path, this.meta, e), key };
      };
      if (this.entries !== undefined) return found(this.entries);
      if (this.asked++ > 0) return this.all().then(found);
      return this.session.exists(r.path).then((there) => (there ? { node: new RemoteNode(this.session, r.path, this.meta), key } : undefined));
    }
    const at = (entries: DataContainer[]): ListItem | undefined => {
      const e = entries[r.row];
      if (e === undefined) return undefined;
      const key = keyed ? keyOf(e, this.meta) : undefined;
      return { node: new RemoteNode(this.session, this.entryPath(key), this.meta, e), ...(key === undefined ? {} : { key }) };
    };
    return this.entries !== undefined ? at(this.entries) : this.all().then(at);
  }
}
