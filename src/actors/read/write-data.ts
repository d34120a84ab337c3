/**
 * The read walk's fast path for in-memory data: below a node that is a
 * plain data-tree node (plain-data.ts), JSON is written straight from the
 * DataContainer, with the same selection the walk makes node by node —
 * content, fields, rx.xfields, depth, with-defaults (and its tags), implicit
 * containers, rx.range, rx.max-node-count — and the same text. No node,
 * request, path or selection is made per data node; names and values are
 * put into the buffer's bytes (json-bytes.ts) by plans made once per schema
 * node (member-plan.ts).
 *
 * Subtrees without a list below are written by plain functions; where lists
 * are, a generator writes them so that the answer is flushed between list
 * entries (a list of any length streams with flat memory).
 */
import { DataContainer, type DataValue, type HolderMeta } from '../../data/data-container.ts';
import type { CaseMeta, ChoiceMeta, ContainerMeta, DataDef, DataNodeMeta, LeafListMeta, LeafMeta, ListMeta, ModuleMeta, SchemaNode } from '../../meta/meta.ts';
import { FLUSH, type Co } from '../co.ts';
import type { FieldValue } from '../../data/field-value.ts';
import { putAscii, putBytes, putText, textBytes } from '../nodes/json-bytes.ts';
import { nameText } from '../nodes/json-name-text.ts';
import { putValue, type ValueWriter } from '../nodes/json-value-bytes.ts';
import type { JsonBuffer } from '../nodes/json-writer.ts';
import { chosenCase, fallbackCase } from './active-case.ts';
import { admitsContent } from './content.ts';
import { depthBelow } from './depth-below.ts';
import { fieldsBelow, xfieldsBelow, type FieldSelection } from './field-selection.ts';
import { admitsImplicit } from './implicit-container.ts';
import { CHOICE, CONTAINER, LEAF_LIST, LIST, memberPlans, type MemberPlan } from './member-plan.ts';
import type { ReadState } from './read-walk.ts';
import { defaultOf, defaultsOf, defaultTag, sameAsDefault, showsDefault, type WithDefaults } from './with-defaults.ts';
import { keep, keepable, MEMO_ROWS, recall, shelfOf, type Shelf } from './entry-memo.ts';
import { putKept } from './memo-shelves.ts';

/** Stands for an absent non-presence container read as empty (implicit-container.ts): nothing is ever stored in it. */
export const EMPTY_DATA = new DataContainer(undefined as unknown as HolderMeta);
const NOTHING = EMPTY_DATA;

const TAG = '{"ietf-netconf-with-defaults:default":true}';

/** A list entry's brackets. */
const OPEN = textBytes('{');
const NEXT_OPEN = textBytes(',{');
const CLOSE = textBytes('}');

const listsBelow = new WeakMap<SchemaNode, boolean>();

/** Whether a list may sit below (recursive nodes count as yes: their children are only known from data). */
const hasListBelow = (n: ContainerMeta | ListMeta | CaseMeta): boolean => {
  const known = listsBelow.get(n);
  if (known !== undefined) return known;
  let found = n.recursive;
  for (let i = 0; !found && i < n.children.length; i++) found = defHasList(n.children[i] as DataDef);
  listsBelow.set(n, found);
  return found;
};

const defHasList = (d: DataDef): boolean => {
  switch (d.kind) {
    case 'list': return true;
    case 'container': return hasListBelow(d);
    case 'choice': return d.cases.some(hasListBelow);
    default: return false;
  }
};

/**
 * Where members are being written: the object's data, its schema node and
 * module, its level and the selection below it. One per level, reused
 * (ReadState.holders): the walk is depth first, so a level has one object open.
 */
export interface Holder {
  data: DataContainer;
  meta: HolderMeta;
  /** The module names are written relative to (undefined at the top of the document). */
  module: ModuleMeta | undefined;
  level: number;
  /** Its depth level (depth-below.ts). */
  depth: number;
  fields: FieldSelection | undefined;
  xfields: FieldSelection | undefined;
}

const holderAt = (st: ReadState, level: number): Holder => {
  let h = st.holders[level];
  if (h === undefined) {
    h = { data: NOTHING, meta: NOTHING.meta, module: undefined, level, depth: level, fields: undefined, xfields: undefined };
    st.holders[level] = h;
  }
  return h;
};

/**
 * Writes one leaf, leaf-list or anydata member of `h`; answers whether the
 * object is still empty. What the walk's field read and applyWithDefaults
 * do, without the request and answer objects.
 */
const writeField = (buf: JsonBuffer, h: Holder, plan: MemberPlan, first: boolean, st: ReadState): boolean => {
  let value = h.data.values.get(plan.def as DataNodeMeta) as FieldValue | undefined;
  let tagged = false;
  if (plan.defaults) {
    const def = plan.def;
    if (def.kind === 'leaf') {
      const mode = st.options.withDefaults;
      // the default matters where the leaf is not set (except a config leaf in explicit), or is set and trim or tagged compares it
      const d = (value === undefined ? mode === 'explicit' && def.config : mode === 'explicit' || mode === 'report-all') ? undefined : defaultOf(def);
      if (d !== undefined) {
        if (mode === 'trim') {
          if (value !== undefined && sameAsDefault(def, value, d)) value = undefined;
        } else if (value === undefined) {
          value = d;
          tagged = mode === 'report-all-tagged';
        } else {
          tagged = mode === 'report-all-tagged' && sameAsDefault(def, value, d);
        }
      }
    } else if (def.kind === 'leaf-list' && value === undefined && showsDefault(def, st.options.withDefaults)) {
      value = defaultsOf(def) as FieldValue | undefined;
      tagged = value !== undefined && st.options.withDefaults === 'report-all-tagged';
    }
  }
  if (value === undefined) return first;
  st.budget.spend(plan.kind === LEAF_LIST ? (value as readonly unknown[]).length : 1);
  if (st.counting) return false;
  putBytes(buf, first ? plan.first : plan.next);
  putValue(buf, plan.write as ValueWriter, value);
  if (tagged) {
    const def = plan.def as LeafMeta | LeafListMeta;
    putText(buf, `${plan.tag}${def.kind === 'leaf' ? TAG : defaultTag(def, value)}`);
  }
  return false;
};

/** The container's data, an empty stand-in where report-all shows its defaults, or undefined when it is not there. */
const containerData = (v: DataValue | undefined, def: ContainerMeta, st: ReadState): DataContainer | undefined =>
  v instanceof DataContainer ? v : admitsImplicit(def, st.options) ? NOTHING : undefined;

/** Whether the member of `plan` is selected among the members of `h`; keys are part of every entry written, whatever depth and fields select. */
const selected = (h: Holder, plan: MemberPlan, st: ReadState): boolean => {
  const o = st.options;
  if (o.content !== 'all' && !admitsContent(plan.def as DataNodeMeta, o.content)) return false;
  if (h.fields !== undefined && fieldsBelow(h.fields, plan.def as DataNodeMeta) === null && !plan.key) return false;
  if (h.xfields !== undefined && xfieldsBelow(h.xfields, plan.def as DataNodeMeta) === null && !plan.key) return false;
  return o.depth === undefined || depthBelow(h.depth, h.fields) <= o.depth || plan.key;
};

/** Whether every member of `h` is selected (no content, fields, rx.xfields or depth limit applies to them): `selected` need not be asked per member. */
const everySelected = (h: Holder, st: ReadState): boolean => {
  const o = st.options;
  return o.content === 'all' && h.fields === undefined && h.xfields === undefined && (o.depth === undefined || h.depth + 1 <= o.depth);
};

/** The holder for the members of a container or entry of `def` one level below `h`. */
const below = (h: Holder, def: ContainerMeta | ListMeta, data: DataContainer, st: ReadState): Holder => {
  const b = holderAt(st, h.level + 1);
  b.depth = depthBelow(h.depth, h.fields);
  b.data = data;
  b.meta = def;
  b.module = def.module;
  b.fields = h.fields === undefined ? undefined : fieldsBelow(h.fields, def) ?? undefined;
  b.xfields = h.xfields === undefined ? undefined : xfieldsBelow(h.xfields, def) ?? undefined;
  return b;
};

/** Whether members of `h` may be written at the depth limit (keys aside). */
const deeper = (h: Holder, st: ReadState): boolean => st.options.depth === undefined || depthBelow(h.depth, h.fields) <= st.options.depth;

const plansOf = (buf: JsonBuffer, h: Holder, defs: readonly DataDef[]): readonly MemberPlan[] =>
  memberPlans(defs, h.meta, h.module, buf.strict);

/** The case of `choice` in effect in `h`: the one holding data, else the one whose defaults show. */
const caseInEffect = (h: Holder, choice: ChoiceMeta, st: ReadState): CaseMeta | undefined => {
  const name = chosenCase(h.data, choice) ?? fallbackCase(choice, st.options.withDefaults);
  return name === undefined ? undefined : choice.cases.find((c) => c.name === name);
};

/** Writes the selected members of `plans` (a holder's children, or a case's), synchronously: no list may sit below. */
const writeMembersNow = (buf: JsonBuffer, h: Holder, plans: readonly MemberPlan[], first: boolean, st: ReadState): boolean => {
  const every = everySelected(h, st);
  for (let i = 0; i < plans.length; i++) {
    const plan = plans[i] as MemberPlan;
    const kind = plan.kind;
    if (kind === CHOICE) {
      const c = caseInEffect(h, plan.def as ChoiceMeta, st);
      if (c !== undefined) first = writeMembersNow(buf, h, plansOf(buf, h, c.children), first, st);
      continue;
    }
    if (!every && !selected(h, plan, st)) continue;
    if (kind === CONTAINER) {
      const def = plan.def as ContainerMeta;
      const data = containerData(h.data.values.get(def), def, st);
      if (data === undefined) continue;
      first = writeContainerNow(buf, h, def, plan, data, first, st);
    } else if (kind !== LIST) {
      first = writeField(buf, h, plan, first, st);
    }
  }
  return first;
};

const writeContainerNow = (buf: JsonBuffer, h: Holder, def: ContainerMeta, plan: MemberPlan, data: DataContainer, first: boolean, st: ReadState): boolean => {
  st.budget.spend(1);
  putBytes(buf, first ? plan.first : plan.next);
  const inner = below(h, def, data, st);
  if (deeper(inner, st)) writeMembersNow(buf, inner, plansOf(buf, inner, def.children), true, st);
  putAscii(buf, '}');
  return false;
};

/** As writeMembersNow, for members among which lists may sit: flushes between list entries. */
function* writeMembers(buf: JsonBuffer, h: Holder, defs: readonly DataDef[], first: boolean, st: ReadState): Co<boolean> {
  const plans = plansOf(buf, h, defs);
  const every = everySelected(h, st);
  for (let i = 0; i < plans.length; i++) {
    const plan = plans[i] as MemberPlan;
    const kind = plan.kind;
    if (kind === CHOICE) {
      const c = caseInEffect(h, plan.def as ChoiceMeta, st);
      if (c !== undefined) first = hasListBelow(c) ? yield* writeMembers(buf, h, c.children, first, st) : writeMembersNow(buf, h, plansOf(buf, h, c.children), first, st);
      continue;
    }
    if (!every && !selected(h, plan, st)) continue;
    if (kind === CONTAINER) {
      const def = plan.def as ContainerMeta;
      const data = containerData(h.data.values.get(def), def, st);
      if (data === undefined) continue;
      if (!hasListBelow(def)) {
        first = writeContainerNow(buf, h, def, plan, data, first, st);
        continue;
      }
      st.budget.spend(1);
      putBytes(buf, first ? plan.first : plan.next);
      const inner = below(h, def, data, st);
      if (deeper(inner, st)) yield* writeMembers(buf, inner, def.children, true, st);
      putAscii(buf, '}');
      first = false;
      if (buf.size >= st.flushAt) yield FLUSH;
    } else if (kind === LIST) {
      const def = plan.def as ListMeta;
      const entries = h.data.values.get(def) as readonly DataContainer[] | undefined;
      if (entries === undefined) continue;
      putBytes(buf, first ? plan.first : plan.next);
      yield* writeRows(buf, below(h, def, NOTHING, st), def, entries, st);
      first = false;
    } else {
      first = writeField(buf, h, plan, first, st);
    }
  }
  return first;
}

/**
 * Writes the members of entry `e` (held by `h`, the first in their object)
 * as kept, when it still holds what they were written from; else writes
 * and keeps them. Answers whether the object is still empty.
 */
const writeKept = (buf: JsonBuffer, h: Holder, plans: readonly MemberPlan[], shelf: Shelf, e: DataContainer, mode: WithDefaults, st: ReadState): boolean => {
  const k = recall(shelf, e, plans);
  if (k !== undefined) {
    st.budget.spend(k.nodes);
    if (!st.counting) putKept(buf, k.bytes);
    return k.bytes.length === 0;
  }
  const at = buf.at;
  const spent = st.budget.count;
  const empty = writeMembersNow(buf, h, plans, true, st);
  if (!st.counting) keep(e, plans, mode, buf.bytes.subarray(at, buf.at), st.budget.count - spent);
  return empty;
};

/**
 * Writes a list's rows (those rx.range selects) and its closing bracket;
 * `inner` is the holder at the list's level. At the depth limit an entry
 * is its keys (a list with entries is never written as empty).
 */
function* writeRows(buf: JsonBuffer, inner: Holder, def: ListMeta, entries: readonly DataContainer[], st: ReadState): Co<void> {
  const range = st.options.range?.list === def ? st.options.range : undefined;
  const from = range?.from ?? 0;
  const last = range?.to ?? Number.POSITIVE_INFINITY;
  const defs = def.children;
  const flat = !hasListBelow(def);
  const plans = flat ? plansOf(buf, inner, defs) : [];
  // entries of leaves, each whole, of a list short enough: their JSON is kept from one read to the next (entry-memo.ts)
  const mode = st.options.withDefaults;
  const shelf = flat && entries.length <= MEMO_ROWS && everySelected(inner, st) && keepable(plans) ? shelfOf(plans, mode) : undefined;
  for (let row = from; row <= last; row++) {
    const e = entries[row];
    if (e === undefined) break;
    putBytes(buf, row === from ? OPEN : NEXT_OPEN);
    st.budget.spend(1);
    inner.data = e;
    if (shelf !== undefined) writeKept(buf, inner, plans, shelf, e, mode, st);
    else if (flat) writeMembersNow(buf, inner, plans, true, st);
    else yield* writeMembers(buf, inner, defs, true, st);
    putBytes(buf, CLOSE);
    if (buf.size >= st.flushAt) yield FLUSH;
  }
  putAscii(buf, ']');
}

/**
 * Writes a list as a member of the object being written (`module`: its
 * module), `"name":[...]`; `level` and `depth` are the list's, `fields` and `xfields`
 * select among its entries' members.
 */
export const writeList = (
  buf: JsonBuffer, def: ListMeta, entries: readonly DataContainer[], holder: HolderMeta, module: ModuleMeta | undefined, level: number, depth: number,
  fields: FieldSelection | undefined, xfields: FieldSelection | undefined, first: boolean, st: ReadState,
): Co<void> => {
  putText(buf, `${first ? '' : ','}${nameText(def, module, buf.strict, holder)}:[`);
  const inner = holderAt(st, level);
  inner.depth = depth;
  inner.data = NOTHING;
  inner.meta = def;
  inner.module = def.module;
  inner.fields = fields;
  inner.xfields = xfields;
  return writeRows(buf, inner, def, entries, st);
};

/** Whether no list sits below `meta`: its members are written synchronously (writeChildrenNow), with nothing to flush between. */
export const flatBelow = (meta: ContainerMeta | ListMeta): boolean => !hasListBelow(meta);

/** The holder at `level` set to write the members of `data`. */
const holderFor = (
  st: ReadState, data: DataContainer, meta: HolderMeta, module: ModuleMeta | undefined, level: number, depth: number,
  fields: FieldSelection | undefined, xfields: FieldSelection | undefined,
): Holder => {
  const h = holderAt(st, level);
  h.depth = depth;
  h.data = data;
  h.meta = meta;
  h.module = module;
  h.fields = fields;
  h.xfields = xfields;
  return h;
};

/** As writeChildren, for a container or entry whose schema node is flatBelow: no generator, no step of the walk. */
export const writeChildrenNow = (
  buf: JsonBuffer, data: DataContainer, meta: ContainerMeta | ListMeta, module: ModuleMeta | undefined, level: number, depth: number,
  fields: FieldSelection | undefined, xfields: FieldSelection | undefined, first: boolean, st: ReadState,
): boolean => {
  const h = holderFor(st, data, meta, module, level, depth, fields, xfields);
  const plans = plansOf(buf, h, meta.children);
  // an entry, whole: its JSON may be kept (entry-memo.ts)
  if (first && meta.kind === 'list' && everySelected(h, st) && keepable(plans)) {
    const mode = st.options.withDefaults;
    return writeKept(buf, h, plans, shelfOf(plans, mode), data, mode, st);
  }
  return writeMembersNow(buf, h, plans, first, st);
};

/** Writes the selected members of `data` (a holder at `level`, of depth level `depth`) into the object being written; answers whether it is still empty. */
export const writeChildren = (
  buf: JsonBuffer, data: DataContainer, meta: HolderMeta, module: ModuleMeta | undefined, level: number, depth: number,
  fields: FieldSelection | undefined, xfields: FieldSelection | undefined, first: boolean, st: ReadState,
): Co<boolean> => writeMembers(buf, holderFor(st, data, meta, module, level, depth, fields, xfields), meta.children, first, st);
