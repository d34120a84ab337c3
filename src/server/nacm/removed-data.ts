/**
 * What a delete removes along with its target (RFC 8341 §3.4.5: the user
 * needs the delete right on the data removed): a delete of a container,
 * list or list entry — by DELETE, a YANG Patch delete or remove, or a
 * replace dropping what the target held — is permitted only when the user
 * may delete every existing descendant too, `default-deny-write` and
 * `default-deny-all` nodes included (those need a rule that permits). Each
 * existing node removed is noted in the edit's ledger (edit-ledger.ts) with
 * whether the user may delete it: a replace writes some of them again
 * (updates, not deletes), and what is left when the edit ends refuses it
 * (403 access-denied naming the first). Descendants whose whole subtree
 * the user may create, update and delete are never read (nothing there can
 * be refused); a target the user may do all of that to is not walked at
 * all (the caller asks `rights.subtree` first). A non-presence container is
 * not data of its own: only what it holds is judged.
 */
import { firstValueFrom, isObservable } from 'rxjs';
import type { Answer } from '../../base/answer.ts';
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
import { entryPath } from './access-denied.ts';
import type { EditLedger } from './edit-ledger.ts';

/** Writes of every kind: a subtree the user may do all of them to needs no walk. */
export const WRITES = ['create', 'update', 'delete'] as const;

const note = (rights: AccessRights, ledger: EditLedger, meta: SchemaNode, path: DataPath): void => {
  ledger.remove(path, rights.allows('delete', meta, path));
};

/** The existing data below a container or list entry (the holder itself is judged by the caller). */
function* below(rights: AccessRights, ledger: EditLedger, sel: Selection, holder: ContainerMeta | ListMeta): Co<void> {
  for (const def of dataChildren(holder.children) as DataNodeMeta[]) {
    if (!def.config || rights.subtree(def, WRITES) === 'permit') continue;
    const path = childPath(sel.path, def);
    if (def.kind === 'container' || def.kind === 'list') {
      if (sel.node.child === undefined) continue;
      const node = yield* ask(sel.node.child({ selection: sel, path, meta: def, new: false, delete: false }));
      if (node === undefined || node === OMITTED) continue;
      const child = sel.select(node, def, path);
      if (def.kind === 'list') yield* entries(rights, ledger, child, def);
      else {
        if (def.presence !== undefined) note(rights, ledger, def, path);
        else ledger.remove(path, true);
        yield* below(rights, ledger, child, def);
      }
    } else if (sel.node.field !== undefined) {
      const v = yield* ask(sel.node.field({ selection: sel, path, meta: def, write: false, value: undefined }));
      if (v === undefined) continue;
      // a rule with a predicate on a leaf-list's value is judged per value
      if (def.kind === 'leaf-list' && Array.isArray(v) && rights.perInstance('delete', def)) {
        for (const x of v as readonly YangValue[]) note(rights, ledger, def, childPath(sel.path, def, [x]));
        ledger.remove(path, true);
      } else note(rights, ledger, def, path);
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
function* entry(rights: AccessRights, ledger: EditLedger, list: Selection, meta: ListMeta, item: ListItem): Co<void> {
  const key = yield* keyOf(item.node, list, meta, item);
  const path = entryPath(list.path, meta, key);
  note(rights, ledger, meta, path);
  yield* below(rights, ledger, list.select(item.node, meta, path, key), meta);
}

/** Every entry of a list and what each holds. */
function* entries(rights: AccessRights, ledger: EditLedger, list: Selection, meta: ListMeta): Co<void> {
  if (list.node.next === undefined) return;
  for (let row = 0; ; row += 1) {
    const item = yield* ask(list.node.next({ selection: list, path: list.path, meta, key: undefined, row, new: false, delete: false }));
    if (item === undefined) return;
    yield* entry(rights, ledger, list, meta, item);
  }
}

const run = (walk: Co<void>): Answer<void> => {
  const s = new Runner(walk).stepNow();
  return s instanceof Promise ? s.then(() => undefined) : undefined;
};

/** The container or whole list `r` deletes, when it exists (the node behind is read, nothing deleted). */
export const removedChild = (rights: AccessRights, ledger: EditLedger, r: ChildRequest, inner: Node): Answer<void> => run(childWalk(rights, ledger, r, inner));

/** The list entry `r` deletes (`r.selection` is the list). */
export const removedEntry = (rights: AccessRights, ledger: EditLedger, r: NextRequest, inner: Node): Answer<void> => run(entryWalk(rights, ledger, r, inner));

// Module generator functions: a generator from a function expression made per call gets a new map each time and keeps the call's scope alive.
function* childWalk(rights: AccessRights, ledger: EditLedger, r: ChildRequest, inner: Node): Co<void> {
  if (inner.child === undefined) return;
  const node = yield* ask(inner.child({ ...r, new: false, delete: false }));
  if (node === undefined || node === OMITTED) return;
  // a list and a non-presence container are not data of their own: their entries and members are
  if (r.meta.kind === 'container' && r.meta.presence !== undefined) note(rights, ledger, r.meta, r.path);
  else ledger.remove(r.path, true);
  const sel = r.selection.select(node, r.meta, r.path);
  if (r.meta.kind === 'list') yield* entries(rights, ledger, sel, r.meta);
  else yield* below(rights, ledger, sel, r.meta);
}

function* entryWalk(rights: AccessRights, ledger: EditLedger, r: NextRequest, inner: Node): Co<void> {
  if (inner.next === undefined) return;
  const item = yield* ask(inner.next({ ...r, new: false, delete: false }));
  if (item === undefined) return;
  const key = item.key ?? r.key;
  const path = entryPath(r.path, r.meta, key);
  note(rights, ledger, r.meta, path);
  yield* below(rights, ledger, r.selection.select(item.node, r.meta, path, key), r.meta);
}

/** `then` after a walk's answer (a value, or a Promise when a node made it wait). */
export const afterWalk = <T>(walk: Answer<void>, then: () => Answer<T>): Answer<T> => {
  if (walk === undefined) return then();
  return Promise.resolve(walk).then(() => {
    const a = then();
    return isObservable(a) ? firstValueFrom(a, { defaultValue: undefined as T }) : a;
  });
};
