/**
 * The read walk: from a source selection into a writer node, asking the
 * source only for what the options select. Unselected fields, rows and
 * children are never requested. Synchronous answers stay synchronous.
 */
import { childPath } from '../../data/data-path.ts';
import type { DataContainer, HolderMeta } from '../../data/data-container.ts';
import type { DataDef, LeafMeta, ListMeta } from '../../meta/meta.ts';
import { isPending } from '../../base/answer.ts';
import { FLUSH, type Co } from '../co.ts';
import type { FieldValue } from '../../data/field-value.ts';
import type { ListItem, Node } from '../node.ts';
import { JsonObjectWriter, SPILL_AT, type JsonBuffer } from '../nodes/json-writer.ts';
import type { Selection } from '../selection.ts';
import { admitsContent } from './content.ts';
import { depthBelow } from './depth-below.ts';
import { fieldsBelow, xfieldsBelow, type FieldSelection } from './field-selection.ts';
import type { NodeBudget } from './node-budget.ts';
import type { ReadOptions } from './read-options.ts';
import { implicitContainer } from './implicit-container.ts';
import { OMITTED, OMITTED_VALUE } from '../omitted.ts';
import { plainData, plainListHolder } from './plain-data.ts';
import { applyListDefaults, applyWithDefaults, defaultTag } from './with-defaults.ts';
import { activeCase, ALL_CASES } from './active-case.ts';
import { writeChildren, writeList, type Holder } from './write-data.ts';

export interface ReadState {
  readonly options: ReadOptions;
  readonly budget: NodeBudget;
  readonly buffer: JsonBuffer;
  /** Flush when the buffer holds this many characters. */
  readonly flushAt: number;
  /** The fast path's holder per level (write-data.ts), reused across the read. */
  readonly holders: Holder[];
  /** A counting pass (read-body.ts FitCheck): nodes are spent, values not written (the text is dropped). */
  readonly counting: boolean;
}

export interface Cursor {
  /** Level of the node whose children are walked (the target is level 1): how deep it is nested. */
  readonly level: number;
  /** Its depth level (depth-below.ts): its level, except on and below the nodes fields selects. */
  readonly depth: number;
  readonly fields: FieldSelection | undefined;
  readonly xfields: FieldSelection | undefined;
}

const EDIT = { editRoot: true, new: true, delete: false } as const;

export function* readChildren(from: Selection, to: Node, cur: Cursor, st: ReadState): Co<void> {
  const data = to instanceof JsonObjectWriter ? plainData(from.node) : undefined;
  if (data !== undefined) {
    const w = to as JsonObjectWriter;
    w.first = yield* writeChildren(st.buffer, data, from.meta as HolderMeta, w.module, cur.level, cur.depth, cur.fields, cur.xfields, w.first, st);
    return;
  }
  const children = (from.meta as { children?: readonly DataDef[] }).children ?? [];
  for (const def of children) yield* readDef(from, to, def, cur, st);
}

export function* readDef(from: Selection, to: Node, def: DataDef, cur: Cursor, st: ReadState): Co<void> {
  if (def.kind === 'choice') {
    const only = yield* activeCase(from, def, st.options.withDefaults, false);
    if (only === undefined) return;
    for (const c of def.cases) {
      if (only !== ALL_CASES && c.name !== only) continue;
      for (const d of c.children) yield* readDef(from, to, d, cur, st);
    }
    return;
  }
  const { options } = st;
  if (!admitsContent(def, options.content)) return;
  // Keys are part of every entry written, whatever depth and fields select.
  const key = def.kind === 'leaf' && def.isKey && def.parent === from.meta;
  const fields = fieldsBelow(cur.fields, def);
  if (fields === null && !key) return;
  const xfields = xfieldsBelow(cur.xfields, def);
  if (xfields === null && !key) return;
  const depth = depthBelow(cur.depth, cur.fields);
  if (options.depth !== undefined && depth > options.depth && !key) return;
  const path = childPath(from.path, def);
  const below: Cursor = { level: cur.level + 1, depth, fields: fields ?? undefined, xfields: xfields ?? undefined };
  switch (def.kind) {
    case 'leaf': case 'leaf-list': case 'anydata': case 'anyxml': {
      if (from.node.field === undefined) return;
      const a = from.node.field({ selection: from, path, meta: def, write: false, value: undefined });
      let value = (isPending(a) ? yield a : a) as FieldValue | undefined;
      if (value === OMITTED_VALUE) return;
      let isDefault = false;
      if (def.kind === 'leaf') ({ value, isDefault } = applyWithDefaults(def as LeafMeta, value, options.withDefaults));
      else if (def.kind === 'leaf-list') ({ value, isDefault } = applyListDefaults(def, value, options.withDefaults));
      if (value === undefined) return;
      st.budget.spend(def.kind === 'leaf-list' ? (value as readonly unknown[]).length : 1);
      const r = { selection: from, path, meta: def, write: true, value };
      to.field?.(r);
      if (isDefault && options.withDefaults === 'report-all-tagged') (to as JsonObjectWriter).annotate(r, defaultTag(def, value));
      return;
    }
    case 'container': {
      if (from.node.child === undefined) return;
      const a = from.node.child({ selection: from, path, meta: def, new: false, delete: false });
      const answered = (isPending(a) ? yield a : a) as Node | undefined;
      if (answered === OMITTED) return;
      const node = answered ?? implicitContainer(def, options);
      if (node === undefined) return;
      try {
        yield* readContainer(from.select(node, def, path), to, below, st);
      } finally {
        node.release?.();
      }
      return;
    }
    case 'list': {
      if (from.node.child === undefined) return;
      const a = from.node.child({ selection: from, path, meta: def, new: false, delete: false });
      const node = (isPending(a) ? yield a : a) as Node | undefined;
      if (node === undefined) return;
      try {
        yield* readList(from.select(node, def, path), to, def, below, st);
      } finally {
        node.release?.();
      }
      return;
    }
  }
}

/** Writes a container that exists: `"name":{...}` (empty at the depth limit). */
export function* readContainer(sel: Selection, to: Node, cur: Cursor, st: ReadState): Co<void> {
  const meta = sel.meta as DataDef;
  const w = to.child?.({ selection: sel.parent ?? sel, path: sel.path, meta: meta as never, new: true, delete: false }) as Node;
  w.beginEdit?.({ selection: sel, path: sel.path, ...EDIT });
  st.budget.spend(1);
  if (st.options.depth === undefined || depthBelow(cur.depth, cur.fields) <= st.options.depth) yield* readChildren(sel, w, cur, st);
  w.endEdit?.({ selection: sel, path: sel.path, ...EDIT });
  if (st.buffer.size >= st.flushAt) yield FLUSH;
}

/** Writes a list: `"name":[...]`, only the selected rows, each asked for by row; at the depth limit an entry is its keys. */
export function* readList(list: Selection, to: Node, meta: ListMeta, cur: Cursor, st: ReadState, only?: ListItem): Co<void> {
  const holder = only === undefined && to instanceof JsonObjectWriter && list.parent !== undefined ? plainListHolder(list.node) : undefined;
  const entries = holder?.values.get(meta) as readonly DataContainer[] | undefined;
  if (entries !== undefined) {
    const w = to as JsonObjectWriter;
    yield* writeList(st.buffer, meta, entries, list.parent?.meta as HolderMeta, w.module, cur.level, cur.depth, cur.fields, cur.xfields, w.first, st);
    w.first = false;
    return;
  }
  const w = to.child?.({ selection: list.parent ?? list, path: list.path, meta, new: true, delete: false }) as Node;
  w.beginEdit?.({ selection: list, path: list.path, ...EDIT });
  if (only !== undefined) {
    yield* readEntry(list, w, meta, only, 0, cur, st);
  } else if (list.node.next !== undefined) {
    const range = st.options.range?.list === meta ? st.options.range : undefined;
    const last = range?.to ?? Number.POSITIVE_INFINITY;
    for (let row = range?.from ?? 0; row <= last; row++) {
      const a = list.node.next({ selection: list, path: list.path, meta, key: undefined, row, new: false, delete: false });
      const item = (isPending(a) ? yield a : a) as ListItem | undefined;
      if (item === undefined) break;
      yield* readEntry(list, w, meta, item, row, cur, st);
      if (st.buffer.text.length >= SPILL_AT) st.buffer.spill();
      if (st.buffer.size >= st.flushAt) yield FLUSH;
    }
  }
  w.endEdit?.({ selection: list, path: list.path, ...EDIT });
}

function* readEntry(list: Selection, w: Node, meta: ListMeta, item: ListItem, row: number, cur: Cursor, st: ReadState): Co<void> {
  const path = childPath(list.path.segments.length > 0 ? { segments: list.path.segments.slice(0, -1) } : list.path, meta, item.key);
  const entry = list.select(item.node, meta, path, item.key);
  try {
    const ew = w.next?.({ selection: list, path, meta, key: item.key, row, new: true, delete: false }) as ListItem;
    ew.node.beginEdit?.({ selection: entry, path, ...EDIT });
    st.budget.spend(1);
    yield* readChildren(entry, ew.node, cur, st);
    ew.node.endEdit?.({ selection: entry, path, ...EDIT });
  } finally {
    item.node.release?.();
  }
}
