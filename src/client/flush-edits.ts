/**
 * An edit's log → RESTCONF requests, sent when the edit commits. The log
 * is first reduced to the final state of each path it touched (a later
 * change of a path, or of an ancestor, supersedes an earlier one); then:
 *
 * - a container, list entry or module root whose every configuration
 *   child was removed and written again (a replace) is PUT whole — a module
 *   root in the service's `/restconf/data/<module>:` form;
 * - a node removed and written again is PUT; a node removed and not
 *   written again is DELETEd (already gone is fine); a whole list replaced
 *   loses the entries it no longer has;
 * - everything merged or created goes in one PATCH of the datastore.
 *
 * Deletions go first, then PUTs, then the PATCH. The server validates each
 * request as its own transaction: an edit that needs several requests is
 * not atomic on the server (a failure leaves the earlier ones done).
 */
import { DataContainer, type DataValue } from '../data/data-container.ts';
import { childPath, formatPath, type DataPath } from '../data/data-path.ts';
import { encodeData, encodeDatastore } from '../data/json/index.ts';
import { findEntry, keyOf, keyString } from '../data/list-index.ts';
import type { DataNodeMeta, ListMeta } from '../meta/meta.ts';
import { dataChildren } from '../meta/navigate.ts';
import type { FieldValue } from '../data/field-value.ts';
import { answerFailure } from './answer-errors.ts';
import { mediaType } from './media-type.ts';
import { holderOf, type RemoteSession } from './remote-session.ts';

type Value =
  | { readonly kind: 'absent' }
  | { readonly kind: 'field'; readonly value: FieldValue }
  | { readonly kind: 'node'; readonly data: DataContainer }
  | { readonly kind: 'list'; readonly entries: readonly DataContainer[] };

interface Final {
  readonly path: DataPath;
  /** The path's old data was removed before anything was written there (a replace, not a merge). */
  readonly removedFirst: boolean;
  readonly value: Value;
}

const lastMeta = (path: DataPath): DataNodeMeta => path.segments[path.segments.length - 1]?.meta as DataNodeMeta;

/** Each touched path's final state, in the order first touched. */
const finalStates = (session: RemoteSession): Map<string, Final> => {
  const finals = new Map<string, Final>();
  for (const e of session.edits.splice(0)) {
    // State data is the server's: a replace sweeping it away locally sends nothing for it.
    if (!lastMeta(e.path).config) continue;
    const k = formatPath(e.path);
    for (const other of [...finals.keys()]) if (other.startsWith(`${k}/`) || other.startsWith(`${k}[`)) finals.delete(other);
    const value: Value = e.kind === 'remove' ? { kind: 'absent' }
      : e.kind === 'set' ? { kind: 'field', value: e.value }
      : e.kind === 'create' ? { kind: 'node', data: e.data }
      : { kind: 'list', entries: (e.holder.get(lastMeta(e.path)) ?? []) as DataContainer[] };
    finals.set(k, { path: e.path, removedFirst: finals.get(k)?.removedFirst ?? e.kind === 'remove', value });
  }
  return finals;
};

const put = (holder: DataContainer, meta: DataNodeMeta, v: Value): void => {
  if (v.kind === 'field') holder.set(meta, v.value as DataValue);
  else if (v.kind === 'node' && meta.kind === 'list') {
    const list = (holder.get(meta) ?? []) as DataContainer[];
    const same = findEntry(list, meta, keyString(keyOf(v.data, meta)));
    if (same !== undefined) list.splice(list.indexOf(same), 1);
    holder.set(meta, [...list, v.data]);
  } else if (v.kind === 'node') holder.set(meta, v.data);
  else if (v.kind === 'list') holder.set(meta, [...((holder.get(meta) ?? []) as DataContainer[]), ...v.entries]);
};

/** Puts `v` at `path` below `root` (the module's data), making the containers and keyed entries on the way. */
const place = (root: DataContainer, path: DataPath, v: Value): void => {
  let holder = root;
  for (const seg of path.segments.slice(0, -1)) {
    const meta = seg.meta as DataNodeMeta;
    if (meta.kind === 'container') {
      let c = holder.get(meta) as DataContainer | undefined;
      if (c === undefined) holder.set(meta, (c = new DataContainer(meta)));
      holder = c;
    } else if (meta.kind === 'list' && seg.key !== undefined) {
      const list = (holder.get(meta) ?? []) as DataContainer[];
      let e = findEntry(list, meta, keyString(seg.key));
      if (e === undefined) {
        e = new DataContainer(meta);
        for (const [i, k] of meta.keys.entries()) e.set(k, seg.key[i] as DataValue);
        holder.set(meta, [...list, e]);
      }
      holder = e;
    }
  }
  put(holder, lastMeta(path), v);
};

/** The body of a PUT of the resource at `path`: `{"mod:name": value}` (a list entry as a one-entry array). */
const resourceBody = (session: RemoteSession, path: DataPath, v: Value): string => {
  const meta = lastMeta(path);
  const holder = new DataContainer(holderOf(path));
  put(holder, meta, v);
  const json = encodeData(holder, { strict: session.link.strict, schema: session.link.schema });
  return JSON.stringify(Object.fromEntries(Object.entries(json).map(([k, x]) => [k.includes(':') ? k : `${meta.module.name}:${k}`, x])));
};

const send = async (session: RemoteSession, method: string, target: string, body?: string): Promise<void> => {
  const media = mediaType(session.link.strict);
  const headers: Record<string, string> = { accept: media };
  if (body !== undefined) headers['content-type'] = media;
  const a = await session.link.transport.request(method, target, body, headers);
  if (a.status >= 200 && a.status < 300) return;
  if (method === 'DELETE' && a.status === 404) return;
  throw answerFailure(a, `${method} ${target}`);
};

/** The configuration children a replace of a node at `path` removes (key leaves stay). */
const replacedChildren = (path: DataPath, module: RemoteSession['module']): DataNodeMeta[] => {
  const meta = path.segments.length === 0 ? module : lastMeta(path);
  const children = 'children' in meta ? dataChildren(meta.children) : [];
  return children.filter((m) => m.config && !(m.kind === 'leaf' && m.isKey));
};

/** Holders whose every configuration child was removed first: replaced whole. */
const replacedHolders = (finals: Map<string, Final>, session: RemoteSession): DataPath[] => {
  const parents = new Map<string, DataPath>();
  for (const f of finals.values()) {
    if (!f.removedFirst) continue;
    const p = { segments: f.path.segments.slice(0, -1) };
    parents.set(formatPath(p), p);
  }
  return [...parents.entries()]
    .filter(([k]) => !finals.has(k))
    .map(([, p]) => p)
    .filter((p) => {
      const children = replacedChildren(p, session.module);
      return children.length > 0 && children.every((m) => finals.get(formatPath(childPath(p, m)))?.removedFirst === true);
    });
};

/** Keys of the entries the server has in the list at `path`. */
const entryKeys = async (session: RemoteSession, path: DataPath): Promise<DataContainer[]> => {
  const holder = await session.load(path);
  return (holder?.get(lastMeta(path)) ?? []) as DataContainer[];
};

export const flushEdits = async (session: RemoteSession): Promise<void> => {
  const finals = finalStates(session);
  if (finals.size === 0) return;
  const puts: { target: string; body: string }[] = [];
  for (const p of replacedHolders(finals, session)) {
    const content = new DataContainer(p.segments.length === 0 ? session.module : lastMeta(p) as never);
    for (const m of replacedChildren(p, session.module)) {
      const k = formatPath(childPath(p, m));
      const f = finals.get(k);
      finals.delete(k);
      if (f !== undefined && f.value.kind !== 'absent') put(content, m, f.value);
    }
    // What else was written below it (its key leaves) is in the PUT
    const below = p.segments.length === 0 ? '/' : `${formatPath(p)}/`;
    for (const k of [...finals.keys()]) if (k.startsWith(below)) finals.delete(k);
    if (p.segments.length === 0) {
      const json = encodeData(content, { strict: session.link.strict, schema: session.link.schema });
      puts.push({ target: `${session.link.restconf}/data/${encodeURIComponent(session.module.name)}:`, body: JSON.stringify(json) });
    } else {
      const key = p.segments[p.segments.length - 1]?.key;
      if (key !== undefined) for (const [i, k] of (lastMeta(p) as ListMeta).keys.entries()) content.set(k, key[i] as DataValue);
      puts.push({ target: session.dataTarget(p), body: resourceBody(session, p, { kind: 'node', data: content }) });
    }
  }
  const deletes: string[] = [];
  const merge = new DataContainer(session.module);
  let merging = false;
  for (const f of finals.values()) {
    const meta = lastMeta(f.path);
    const wholeList = meta.kind === 'list' && f.path.segments[f.path.segments.length - 1]?.key === undefined;
    if (f.value.kind === 'absent' || (f.removedFirst && (wholeList || meta.kind === 'leaf-list'))) {
      if (wholeList) {
        const keep = new Set(f.value.kind === 'list' ? f.value.entries.map((e) => keyString(keyOf(e, meta))) : []);
        for (const e of await entryKeys(session, f.path)) {
          const key = keyOf(e, meta);
          if (!keep.has(keyString(key))) deletes.push(session.dataTarget(childPath({ segments: f.path.segments.slice(0, -1) }, meta, key)));
        }
      } else {
        deletes.push(session.dataTarget(f.path));
      }
      if (f.value.kind === 'absent') continue;
    } else if (f.removedFirst) {
      puts.push({ target: session.dataTarget(f.path), body: resourceBody(session, f.path, f.value) });
      continue;
    }
    place(merge, f.path, f.value);
    merging = true;
  }
  for (const target of deletes) await send(session, 'DELETE', target);
  for (const p of puts) await send(session, 'PUT', p.target, p.body);
  if (merging) {
    const json = encodeDatastore(new Map([[session.module.name, merge]]), { strict: session.link.strict, schema: session.link.schema });
    await send(session, 'PATCH', `${session.link.restconf}/data`, JSON.stringify(json));
  }
};
