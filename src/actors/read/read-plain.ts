/**
 * A read whose roots are all plain data-tree nodes (plain-data.ts), done on
 * the DataContainers themselves: the steps are followed in the data (keyed
 * entries through the list node's own index) and the document is written
 * by write-data.ts — the same answer and the same errors as navigate.ts and
 * read-document.ts give node by node, with no selection, path or request
 * made on the way.
 */
import { DataContainer, type HolderMeta } from '../../data/data-container.ts';
import { formatPath, rootPath } from '../../data/data-path.ts';
import { restconfError, RestconfFailure } from '../../errors/index.ts';
import type { ListMeta } from '../../meta/meta.ts';
import type { Co } from '../co.ts';
import type { FieldValue } from '../../data/field-value.ts';
import type { TargetStep } from '../navigate.ts';
import { DataContainerNode, DataListNode } from '../nodes/data-node.ts';
import { putAscii, putText } from '../nodes/json-bytes.ts';
import { nameText } from '../nodes/json-name-text.ts';
import { valueText } from '../nodes/json-value-text.ts';
import type { NextRequest } from '../requests.ts';
import type { Selection } from '../selection.ts';
import { stepsPath } from '../steps-path.ts';
import { plainInActiveCases } from './active-case.ts';
import { admitsContent } from './content.ts';
import { depthBelow } from './depth-below.ts';
import { admitsImplicit } from './implicit-container.ts';
import { plainData } from './plain-data.ts';
import type { ReadOptions } from './read-options.ts';
import type { ReadState } from './read-walk.ts';
import { defaultTag, shownAt } from './with-defaults.ts';
import { EMPTY_DATA, flatBelow, writeChildren, writeChildrenNow, writeList } from './write-data.ts';
import { writeMembersKept } from './write-kept.ts';

/** The 404 of a target that is not there: its path is the first `n` steps. */
const notFound = (steps: readonly TargetStep[], n: number): RestconfFailure => {
  const path = formatPath(stepsPath(steps.slice(0, n)));
  return new RestconfFailure([restconfError('invalid-value', `no data at ${path}`, { type: 'protocol', path, status: 404 })]);
};

/** A keyed entry, found as the data-tree list node finds it (its index). */
const entryByKey = (holder: DataContainer, meta: ListMeta, key: NextRequest['key']): DataContainer | undefined => {
  const r: NextRequest = { selection: undefined as never, path: rootPath, meta, key, row: 0, new: false, delete: false };
  const item = new DataListNode(holder, meta).next(r);
  return item === undefined ? undefined : (item.node as DataContainerNode).data;
};

/**
 * The data a step names below `data` (containers and list entries), or
 * undefined; a container nobody created is read as empty where the mode
 * shows defaults in it and its case is in effect (find-parent.ts).
 */
const stepInto = (data: DataContainer, step: TargetStep, options: ReadOptions): DataContainer | undefined => {
  const meta = step.meta;
  if (meta.kind === 'container') {
    const v = data.values.get(meta);
    if (v instanceof DataContainer) return v;
    return admitsImplicit(meta, options) && plainInActiveCases(data, meta, options.withDefaults) ? EMPTY_DATA : undefined;
  }
  if (meta.kind === 'list' && 'key' in step && step.key !== undefined) {
    return data.values.get(meta) === undefined ? undefined : entryByKey(data, meta, step.key);
  }
  return undefined;
};

/**
 * Writes the document of `steps` read from `roots` (whose data is `datas`,
 * in the same order): the module roots' members when there are no steps,
 * else the target below the first root.
 */
export function* readPlain(roots: readonly Selection[], datas: readonly DataContainer[], steps: readonly TargetStep[], st: ReadState): Co<void> {
  const buf = st.buffer;
  const { fields, xfields } = st.options;
  const last = steps[steps.length - 1];
  const top = datas[0];
  if (last === undefined || top === undefined) {
    buf.text += '{';
    let first = true;
    for (let i = 0; i < datas.length; i++) {
      const data = datas[i] as DataContainer;
      const meta = (roots[i] as Selection).meta as HolderMeta;
      first = (yield* writeMembersKept(buf, data, meta, undefined, 0, 0, fields, xfields, first, st))
        ?? (yield* writeChildren(buf, data, meta, undefined, 0, 0, fields, xfields, first, st));
    }
    buf.text += '}';
    return;
  }
  let parent: DataContainer = top;
  let parentMeta = (roots[0] as Selection).meta as HolderMeta;
  for (let i = 0; i < steps.length - 1; i++) {
    const step = steps[i] as TargetStep;
    const next = stepInto(parent, step, st.options);
    if (next === undefined) throw notFound(steps, steps.length);
    parent = next;
    parentMeta = step.meta as HolderMeta;
  }
  const meta = last.meta;
  const n = steps.length;
  if (meta.kind === 'container') {
    const found = stepInto(parent, last, st.options);
    if (found === undefined) throw notFound(steps, n);
    st.budget.spend(1);
    // written as bytes, as the members are: no text to move into them first, one string made at the end
    putText(buf, `{${nameText(meta, undefined, buf.strict, parentMeta)}:{`);
    if (st.options.depth === undefined || depthBelow(1, fields) <= st.options.depth) {
      // the members as kept from an earlier read (write-kept.ts), else written as they are
      if ((yield* writeMembersKept(buf, found, meta, meta.module, 1, 1, fields, xfields, true, st)) === undefined) {
        if (flatBelow(meta)) writeChildrenNow(buf, found, meta, meta.module, 1, 1, fields, xfields, true, st);
        else yield* writeChildren(buf, found, meta, meta.module, 1, 1, fields, xfields, true, st);
      }
    }
    putAscii(buf, '}}');
  } else if (meta.kind === 'list') {
    const entries = parent.values.get(meta) as readonly DataContainer[] | undefined;
    if (entries === undefined) throw notFound(steps, n);
    if ('key' in last && last.key !== undefined) {
      const entry = entryByKey(parent, meta, last.key);
      if (entry === undefined) throw notFound(steps, n);
      putText(buf, `{${nameText(meta, undefined, buf.strict, parentMeta)}:[{`);
      st.budget.spend(1);
      if (flatBelow(meta)) writeChildrenNow(buf, entry, meta, meta.module, 1, 1, fields, xfields, true, st);
      else yield* writeChildren(buf, entry, meta, meta.module, 1, 1, fields, xfields, true, st);
      putAscii(buf, '}]}');
    } else {
      buf.text += '{';
      yield* writeList(buf, meta, entries, parentMeta, undefined, 1, 1, fields, xfields, true, st);
      buf.text += '}';
    }
  } else if (isFieldMeta(meta)) {
    const shown = shownField(parent, meta, last, st.options);
    if (shown === undefined) throw notFound(steps, n);
    const { value, isDefault } = shown;
    st.budget.spend(1);
    const name = nameText(meta, undefined, buf.strict, parentMeta);
    // report-all-tagged: the target's own default is tagged as it would be among its siblings (RFC 6243 §3.4, RFC 7952 §5.2.1)
    const tag = isDefault ? `,"@${name.slice(1)}:${defaultTag(meta, value)}` : '';
    buf.text += `{${name}:${valueText(meta, value, buf.strict)}${tag}}`;
  } else {
    throw cannotRead(meta);
  }
}

/**
 * Whether a read of `steps` from plain roots (whose data is `datas`) finds
 * its target: what readPlain would write or answer 404 for, decided
 * without writing the document (the existence probe of strict PATCH, POST
 * and OPTIONS, probe-target.ts). The same errors otherwise.
 */
export const plainTargetExists = (datas: readonly DataContainer[], steps: readonly TargetStep[], options: ReadOptions): boolean => {
  const last = steps[steps.length - 1];
  const top = datas[0];
  if (last === undefined || top === undefined) return true;
  let parent: DataContainer = top;
  for (let i = 0; i < steps.length - 1; i++) {
    const next = stepInto(parent, steps[i] as TargetStep, options);
    if (next === undefined) return false;
    parent = next;
  }
  const meta = last.meta;
  if (meta.kind === 'container') return stepInto(parent, last, options) !== undefined;
  if (meta.kind === 'list') {
    if (parent.values.get(meta) === undefined) return false;
    return !('key' in last) || last.key === undefined || entryByKey(parent, meta, last.key) !== undefined;
  }
  if (isFieldMeta(meta)) return shownField(parent, meta, last, options) !== undefined;
  throw cannotRead(meta);
};

type FieldMeta = Extract<TargetStep['meta'], { kind: 'leaf' | 'leaf-list' | 'anydata' | 'anyxml' }>;

const isFieldMeta = (meta: TargetStep['meta']): meta is FieldMeta =>
  meta.kind === 'leaf' || meta.kind === 'leaf-list' || meta.kind === 'anydata' || meta.kind === 'anyxml';

const cannotRead = (meta: TargetStep['meta']): RestconfFailure =>
  new RestconfFailure([restconfError('invalid-value', `${meta.kind} "${meta.name}" cannot be read`, { type: 'protocol' })]);

/**
 * What a read of the field target `last` below `parent` shows: its value
 * (its default where the mode shows one, a leaf-list entry alone when the
 * step names it), or undefined when the read finds nothing there.
 */
const shownField = (parent: DataContainer, meta: FieldMeta, last: TargetStep, options: ReadOptions): { value: FieldValue; isDefault: boolean } | undefined => {
  if (!admitsContent(meta, options.content)) return undefined;
  let value = parent.values.get(meta) as FieldValue | undefined;
  let isDefault = false;
  if ((meta.kind === 'leaf' || meta.kind === 'leaf-list') && (value !== undefined || plainInActiveCases(parent, meta, options.withDefaults))) {
    ({ value, isDefault } = shownAt(meta, value, options.withDefaults));
  }
  if (meta.kind === 'leaf-list' && 'value' in last && last.value !== undefined) {
    const want = last.value;
    value = (value as readonly unknown[] | undefined)?.some((v) => v === want) ? [want] : undefined;
  }
  return value === undefined ? undefined : { value, isDefault };
};

/** The data of every root when each is a plain data-tree node, else undefined. */
export const plainRoots = (roots: readonly Selection[]): DataContainer[] | undefined => {
  const datas: DataContainer[] = [];
  for (const r of roots) {
    const d = plainData(r.node);
    if (d === undefined) return undefined;
    datas.push(d);
  }
  return datas;
};
