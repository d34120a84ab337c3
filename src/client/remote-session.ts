/**
 * What one request on a remote module shares between its nodes: the
 * connection, the reads made so far (each resource is asked for once), and
 * the changes an edit makes, kept in order as an edit log until the edit
 * is committed (flush-edits.ts sends them).
 */
import { DataContainer, type HolderMeta } from '../data/data-container.ts';
import type { DataPath } from '../data/data-path.ts';
import { decodeData } from '../data/json/index.ts';
import { RestconfFailure } from '../errors/index.ts';
import type { DataNodeMeta, ModuleMeta, SchemaContext } from '../meta/meta.ts';
import type { FieldValue } from '../data/field-value.ts';
import type { RequestContext } from '../actors/request-context.ts';
import { answerFailure } from './answer-errors.ts';
import { mediaType } from './media-type.ts';
import type { ClientTransport } from './client-transport.ts';
import { resourcePath } from '../data/resource-path.ts';

/** How the remote device talks: the transport, where `{+restconf}` is, the mode, the schema. */
export interface RemoteLink {
  readonly transport: ClientTransport;
  /** The RESTCONF root path on the origin, e.g. `/restconf`. */
  readonly restconf: string;
  readonly strict: boolean;
  readonly schema: SchemaContext;
}

/** One change an edit made, in the order made. */
export type EditEntry =
  /** The node at `path` (container, list entry, whole list or field) is gone. */
  | { readonly kind: 'remove'; readonly path: DataPath }
  /** The field at `path` holds `value`. */
  | { readonly kind: 'set'; readonly path: DataPath; readonly value: FieldValue }
  /** A new container or list entry at `path`, whose content `data` is (filled in as the edit goes on). */
  | { readonly kind: 'create'; readonly path: DataPath; readonly data: DataContainer }
  /** A new list at `path` (no key), its entries in `holder` under the list's meta. */
  | { readonly kind: 'create-list'; readonly path: DataPath; readonly holder: DataContainer };

/** The holder a resource's member sits in: the previous segment's node, or the module at the top. */
export const holderOf = (path: DataPath): HolderMeta => {
  const segs = path.segments;
  const last = segs[segs.length - 1];
  if (last === undefined) throw new Error('the datastore has no holder');
  const prev = segs[segs.length - 2];
  return (prev === undefined ? (last.meta as DataNodeMeta).module : prev.meta) as HolderMeta;
};

export const parentPath = (path: DataPath): DataPath => ({ segments: path.segments.slice(0, -1) });

export class RemoteSession {
  readonly edits: EditEntry[] = [];

  constructor(
    readonly link: RemoteLink,
    readonly module: ModuleMeta,
    readonly context: RequestContext,
  ) {}

  /** `{+restconf}/data` + the resource's api-path + query. */
  dataTarget(path: DataPath, query = ''): string {
    return `${this.link.restconf}/data${resourcePath(path)}${query === '' ? '' : `?${query}`}`;
  }

  /** GET of a data resource: its JSON, or undefined when it does not exist (404). */
  async get(target: string): Promise<unknown> {
    const a = await this.link.transport.request('GET', target, undefined, { accept: mediaType(this.link.strict) });
    if (a.status === 404) return undefined;
    if (a.status !== 200) throw answerFailure(a, `GET ${target}`);
    return JSON.parse(a.text) as unknown;
  }

  /** Whether the data node at `path` exists (a GET of depth 1). */
  async exists(path: DataPath): Promise<boolean> {
    return (await this.get(this.dataTarget(path, 'depth=1&with-defaults=explicit'))) !== undefined;
  }

  /**
   * The resource at `path` (configuration and state, only what is set),
   * decoded into a container of its holder holding it alone; undefined
   * when it does not exist.
   */
  async load(path: DataPath): Promise<DataContainer | undefined> {
    const json = await this.get(this.dataTarget(path, 'with-defaults=explicit'));
    if (json === undefined) return undefined;
    return this.decodeIn(json, holderOf(path), parentPath(path));
  }

  /** A module root's top-level data (the service's `/restconf/data/<module>:` form). */
  async loadModule(): Promise<DataContainer> {
    const json = await this.get(`${this.link.restconf}/data/${encodeURIComponent(this.module.name)}:?with-defaults=explicit`);
    return json === undefined ? new DataContainer(this.module) : this.decodeIn(json, this.module, { segments: [] });
  }

  /** Answers are read leniently (either mode's forms): what the server says is what it holds. */
  decodeIn(json: unknown, holder: HolderMeta, at: DataPath): DataContainer {
    const r = decodeData(json, holder, { strict: false, content: 'all', schema: this.link.schema, path: at });
    if (!r.ok) throw new RestconfFailure(r.errors);
    return r.value;
  }

  remove(path: DataPath): void {
    this.edits.push({ kind: 'remove', path });
  }

  set(path: DataPath, value: FieldValue | undefined): void {
    this.edits.push(value === undefined ? { kind: 'remove', path } : { kind: 'set', path, value });
  }

  create(path: DataPath, data: DataContainer): DataContainer {
    this.edits.push({ kind: 'create', path, data });
    return data;
  }

  createList(path: DataPath, holder: DataContainer): void {
    this.edits.push({ kind: 'create-list', path, holder });
  }
}
