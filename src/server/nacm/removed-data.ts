/**
 * What a delete removes along with its target (RFC 8341 §3.4.5: the user
 * needs the delete right on the data removed): a delete of a container,
 * list or list entry — by DELETE, a YANG Patch delete or remove, or a
 * replace dropping what the target held — is permitted only when the user
 * may delete every existing descendant too, `default-deny-write` and
 * `default-deny-all` nodes included (those need a rule that permits). The
 * first descendant the user may not delete refuses the edit: 403
 * access-denied naming it. Descendants whose whole subtree the user may
 * delete are never read; a target the user may delete all of is not
 * walked at all (the caller asks `rights.subtree` first). A
 * non-presence container is not data of its own: only what it holds is
 * judged.
 */
import { firstValueFrom, isObservable } from 'rxjs';
import type { Answer } from '../../actors/answer.ts';
import { ask, Runner, type Co } from '../../actors/co.ts';
import type { ListItem, Node } from '../../actors/node.ts';
import { OMITTED } from '../../actors/omitted.ts';
import type { ChildRequest, NextRequest } from '../../actors/requests.ts';
import type { Selection } from '../../actors/selection.ts';
import { childPath, type DataPath } from '../../data/data-path.ts';
import type { ContainerMeta, DataNodeMeta, ListMeta, SchemaNode } from '../../meta/meta.ts';
import { dataChildren } from '../../meta/navigate.ts';
import type { YangValue } from '../../types/value.ts';
import type { AccessRights } from './access-rights.ts';
import { denied, entryPath } from './access-denied.ts';

export const DELETE_ONLY = ['delete'] as const;

const check = (rights: AccessRights, meta: SchemaNode, path: DataPath): void => {
  if (!rights.allows('delete', meta, path)) throw denied('delete', path);
};

/** The existing data below a container or list entry (the holder itself is judged by the caller). */
function* below(rights: AccessRights, sel: Selection, holder: ContainerMeta | ListMeta): Co<void> {
  for (const def of dataChildren(holder.children) as DataNodeMeta[]) {
    if (!def.config || rights.subtree(def, DELETE_ONLY) === 'permit') continue;
    const path = childPath(sel.path, def);
    if (def.kind === 'container' || def.kind === 'list') {
      if (sel.node.child === undefined) continue;
      const node = yield* ask(sel.node.child({ selection: sel, path, meta: def, new: false, delete: false }));
      if (node === undefined || node === OMITTED) continue;
      const child = sel.select(node, def, path);
      if (def.kind === 'list') yield* entries(rights, child, def);
      else {
        if (def.presence !== undefined) check(rights, def, path);
        yield* below(rights, child, def);
      }
    } else if (sel.node.field !== undefined) {
      const v = yield* ask(sel.node.field({ selection: sel, path, meta: def, write: false, value: undefined }));
      if (v === undefined) continue;
      // a rule with a predicate on a leaf-list's value is judged per value
      if (def.kind === 'leaf-list' && Array.isArray(v) && rights.perInstance('delete', def)) {
        for (const x of v as readonly YangValue[]) check(rights, def, childPath(sel.path, def, [x]));
      } else check(rights, def, path);
    }
  }
}

/** The key values of an entry (from the item, else read from its key leaves). */
function* keyOf(entry: Node, list: Selection, meta: ListMeta, item: ListItem): Co<readonly YangValue[] | undefined> {
  if (item.key !== undefined || meta.keys.length === 0 || entry.field === undefined) return item.key;
  const out: YangValue[] = [];
  const sel = list.select(entry, meta, list.path);
  for (const k of meta.keys) {
    const v = yield* ask(entry.field({ selection: sel, path: childPath(list.path, k), meta: k, write: false, value: undefined }));
    if (v === undefined) return undefined;
    out.push(v as YangValue);
  }
  return out;
}

/** One entry and what it holds. */
function* entry(rights: AccessRights, list: Selection, meta: ListMeta, item: ListItem): Co<void> {
  const key = yield* keyOf(item.node, list, meta, item);
  const path = entryPath(list.path, meta, key);
  check(rights, meta, path);
  yield* below(rights, list.select(item.node, meta, path, key), meta);
}

/** Every entry of a list and what each holds. */
function* entries(rights: AccessRights, list: Selection, meta: ListMeta): Co<void> {
  if (list.node.next === undefined) return;
  for (let row = 0; ; row += 1) {
    const item = yield* ask(list.node.next({ selection: list, path: list.path, meta, key: undefined, row, new: false, delete: false }));
    if (item === undefined) return;
    yield* entry(rights, list, meta, item);
  }
}

const run = (walk: Co<void>): Answer<void> => {
  const s = new Runner(walk).stepNow();
  return s instanceof Promise ? s.then(() => undefined) : undefined;
};

/** The container or whole list `r` deletes, when it exists (the node behind is read, nothing deleted). */
export const removedChild = (rights: AccessRights, r: ChildRequest, inner: Node): Answer<void> => run(childWalk(rights, r, inner));

/** The list entry `r` deletes (`r.selection` is the list). */
export const removedEntry = (rights: AccessRights, r: NextRequest, inner: Node): Answer<void> => run(entryWalk(rights, r, inner));

// Module generator functions: a generator from a function expression made per call gets a new map each time and keeps the call's scope alive.
function* childWalk(rights: AccessRights, r: ChildRequest, inner: Node): Co<void> {
  if (inner.child === undefined) return;
  const node = yield* ask(inner.child({ ...r, new: false, delete: false }));
  if (node === undefined || node === OMITTED) return;
  check(rights, r.meta, r.path);
  const sel = r.selection.select(node, r.meta, r.path);
  if (r.meta.kind === 'list') yield* entries(rights, sel, r.meta);
  else yield* below(rights, sel, r.meta);
}

function* entryWalk(rights: AccessRights, r: NextRequest, inner: Node): Co<void> {
  if (inner.next === undefined) return;
  const item = yield* ask(inner.next({ ...r, new: false, delete: false }));
  if (item === undefined) return;
  const key = item.key ?? r.key;
  yield* below(rights, r.selection.select(item.node, r.meta, entryPath(r.path, r.meta, key), key), r.meta);
}

/** `then` after a walk's answer (a value, or a Promise when a node made it wait). */
export const afterWalk = <T>(walk: Answer<void>, then: () => Answer<T>): Answer<T> => {
  if (walk === undefined) return then();
  return Promise.resolve(walk).then(() => {
    const a = then();
    return isObservable(a) ? firstValueFrom(a, { defaultValue: undefined as T }) : a;
  });
};
