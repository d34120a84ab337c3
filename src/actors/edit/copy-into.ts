/**
 * Writes validated input (a DataContainer) into a target selection:
 * fields are set, containers and list entries found or created (each a
 * descendant edit with its own hooks), and — where the input picks a case
 * of a choice — the other cases' data removed. `replace` first removes what
 * the target held; `merge` adds a leaf-list's values to those it holds.
 */
import { DataContainer } from '../../data/data-container.ts';
import { childPath, formatPath } from '../../data/data-path.ts';
import { restconfError, RestconfFailure } from '../../errors/index.ts';
import { keyString } from '../../data/list-index.ts';
import type { CaseMeta, ChoiceMeta, DataDef, DataNodeMeta, LeafListMeta, ListMeta } from '../../meta/meta.ts';
import { dataChildren } from '../../meta/navigate.ts';
import type { YangValue } from '../../types/value.ts';
import { isPending } from '../../base/answer.ts';
import type { Co } from '../co.ts';
import type { FieldValue } from '../../data/field-value.ts';
import type { ListItem, Node } from '../node.ts';
import type { Selection } from '../selection.ts';
import { CHANGED, CREATED, withNode } from './edit-hooks.ts';

export type MergeMode = 'merge' | 'replace';

const defsOf = (sel: Selection): readonly DataDef[] => (sel.meta as { children?: readonly DataDef[] }).children ?? [];

export const failed = (sel: Selection, what: string): RestconfFailure =>
  new RestconfFailure([restconfError('operation-failed', what, { path: formatPath(sel.path) })]);

/** Removes one data node (field, container or list) from a selection. */
export function* removeNode(sel: Selection, def: DataNodeMeta): Co<void> {
  const path = childPath(sel.path, def);
  if (def.kind === 'container' || def.kind === 'list') {
    const a = sel.node.child?.({ selection: sel, path, meta: def, new: false, delete: true });
    if (isPending(a)) yield a;
  } else if (def.config && !(def.kind === 'leaf' && def.isKey)) {
    const a = sel.node.field?.({ selection: sel, path, meta: def, write: true, value: undefined });
    if (isPending(a)) yield a;
  }
}

/** The data nodes of cases of `choice` other than `keep`. */
const otherCases = (choice: ChoiceMeta, keep: CaseMeta): DataNodeMeta[] =>
  choice.cases.filter((c) => c !== keep).flatMap((c) => dataChildren(c.children));

/** For each choice where the input holds a case, the data nodes of the other cases. */
const displaced = (defs: readonly DataDef[], input: DataContainer): DataNodeMeta[] => {
  const out: DataNodeMeta[] = [];
  for (const d of defs) {
    if (d.kind !== 'choice') continue;
    for (const c of d.cases) {
      if (dataChildren(c.children).some((m) => input.values.has(m))) {
        out.push(...otherCases(d, c));
        out.push(...displaced(c.children, input));
      }
    }
  }
  return out;
};

/**
 * A node written directly (a field, or a container or entry made on the way
 * to the target) picks its case in every choice it sits in below its
 * holder: the other cases' data goes (RFC 7950 §7.9).
 */
export function* displaceFor(sel: Selection, meta: DataNodeMeta): Co<void> {
  for (let n: { parent?: unknown } = meta; ;) {
    const c = n.parent as CaseMeta | undefined;
    if (c?.kind !== 'case' || c.parent?.kind !== 'choice') return;
    for (const m of otherCases(c.parent, c)) yield* removeNode(sel, m);
    n = c.parent;
  }
}

export function* copyInto(sel: Selection, input: DataContainer, mode: MergeMode, isNew: boolean): Co<void> {
  const defs = defsOf(sel);
  const members = dataChildren(defs);
  if (!isNew) {
    const remove = mode === 'replace' ? members.filter((m) => m.config) : displaced(defs, input);
    for (const m of remove) yield* removeNode(sel, m);
  }
  const fresh = isNew || mode === 'replace';
  for (const def of members) {
    const v = input.get(def);
    if (v === undefined) continue;
    const path = childPath(sel.path, def);
    switch (def.kind) {
      case 'leaf': case 'leaf-list': case 'anydata': case 'anyxml': {
        if (def.kind === 'leaf-list' && !fresh) {
          yield* mergeValues(sel, def, v as readonly YangValue[]);
          break;
        }
        const a = sel.node.field?.({ selection: sel, path, meta: def, write: true, value: v as FieldValue });
        if (isPending(a)) yield a;
        break;
      }
      case 'container': {
        let node: Node | undefined;
        if (!fresh) {
          const a = sel.node.child?.({ selection: sel, path, meta: def, new: false, delete: false });
          node = (isPending(a) ? yield a : a) as Node | undefined;
        }
        const created = node === undefined;
        if (created) {
          const a = sel.node.child?.({ selection: sel, path, meta: def, new: true, delete: false });
          node = (isPending(a) ? yield a : a) as Node | undefined;
        }
        if (node === undefined) throw failed(sel, `the node could not create container "${def.name}"`);
        const child = sel.select(node, def, path);
        yield* withNode(child, created ? CREATED : CHANGED, copyInto(child, v as DataContainer, mode, created));
        break;
      }
      case 'list':
        yield* copyList(sel, def, v as readonly DataContainer[], fresh);
        break;
    }
  }
}

/**
 * Merge of a leaf-list (RFC 8040 §4.6.1, RFC 7950 §7.7.9 NETCONF merge): the
 * values it holds stay, in their order; the input's values it lacks are
 * added after them, in the input's order.
 */
function* mergeValues(sel: Selection, def: LeafListMeta, values: readonly YangValue[]): Co<void> {
  const path = childPath(sel.path, def);
  const a = sel.node.field?.({ selection: sel, path, meta: def, write: false, value: undefined });
  const current = ((isPending(a) ? yield a : a) ?? []) as readonly YangValue[];
  const seen = new Set(current.map((x) => keyString([x])));
  const added = values.filter((x) => {
    const k = keyString([x]);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  if (added.length === 0 && current.length > 0) return;
  const b = sel.node.field?.({ selection: sel, path, meta: def, write: true, value: [...current, ...added] });
  if (isPending(b)) yield b;
}

function* copyList(sel: Selection, def: ListMeta, entries: readonly DataContainer[], fresh: boolean): Co<void> {
  const path = childPath(sel.path, def);
  let a = sel.node.child?.({ selection: sel, path, meta: def, new: false, delete: false });
  let node = (isPending(a) ? yield a : a) as Node | undefined;
  if (node === undefined) {
    a = sel.node.child?.({ selection: sel, path, meta: def, new: true, delete: false });
    node = (isPending(a) ? yield a : a) as Node | undefined;
  }
  if (node === undefined || node.next === undefined) throw failed(sel, `the node could not create list "${def.name}"`);
  const list = sel.select(node, def, path);
  let row = 0;
  for (const e of entries) {
    const key = def.keys.length > 0 ? def.keys.map((k) => e.get(k) as YangValue) : undefined;
    const epath = childPath(sel.path, def, key);
    let item: ListItem | undefined;
    if (!fresh && key !== undefined) {
      const b = node.next({ selection: list, path: epath, meta: def, key, row, new: false, delete: false });
      item = (isPending(b) ? yield b : b) as ListItem | undefined;
    }
    const created = item === undefined;
    if (created) {
      const b = node.next({ selection: list, path: epath, meta: def, key, row: Number.MAX_SAFE_INTEGER, new: true, delete: false });
      item = (isPending(b) ? yield b : b) as ListItem | undefined;
    }
    if (item === undefined) throw failed(sel, `the node could not create an entry of list "${def.name}"`);
    const entry = list.select(item.node, def, epath, key);
    yield* withNode(entry, created ? CREATED : CHANGED, copyInto(entry, e, 'merge', created));
    row += 1;
  }
}
