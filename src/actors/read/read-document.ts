/**
 * The answer document of a read, by what the request targets (RFC 8040
 * §3.5, §4.3): the target as a member named after it, a list entry as a
 * one-element array, module roots as their top-level members.
 */
import { childPath, formatPath } from '../../data/data-path.ts';
import { restconfError, RestconfFailure } from '../../errors/index.ts';
import { isPending } from '../../base/answer.ts';
import type { Co } from '../co.ts';
import type { FieldValue } from '../../data/field-value.ts';
import { entryOf, listOf, type TargetStep } from '../navigate.ts';
import type { ListItem } from '../node.ts';
import { JsonObjectWriter } from '../nodes/json-writer.ts';
import type { Selection } from '../selection.ts';
import { admitsContent } from './content.ts';
import { inActiveCases } from './active-case.ts';
import { stepOrImplicit } from './find-parent.ts';
import { OMITTED, OMITTED_VALUE } from '../omitted.ts';
import { readChildren, readContainer, readList, type ReadState } from './read-walk.ts';
import { defaultTag, shownAt } from './with-defaults.ts';

export type ReadTarget =
  /** Module roots: their top-level members, merged into one object. */
  | { readonly kind: 'roots'; readonly roots: readonly Selection[] }
  /** One data resource: the last step, below `parent`. */
  | { readonly kind: 'node'; readonly parent: Selection; readonly step: TargetStep };

/** The 404 of the step's target below `parent` (a list entry with its keys, a leaf-list entry with its value, as stepsPath names them). */
const notFound = (parent: Selection, step: TargetStep): RestconfFailure => {
  const key = 'key' in step ? step.key : 'value' in step && step.value !== undefined ? [step.value] : undefined;
  const path = formatPath(childPath(parent.path, step.meta as never, key));
  return new RestconfFailure([restconfError('invalid-value', `no data at ${path}`, { type: 'protocol', path, status: 404 })]);
};

export function* readDocument(target: ReadTarget, st: ReadState): Co<void> {
  const root = new JsonObjectWriter(st.buffer, '', undefined);
  if (target.kind === 'roots') {
    root.beginEdit();
    for (const r of target.roots) yield* readChildren(r, root, { level: 0, depth: 0, fields: st.options.fields, xfields: st.options.xfields }, st);
    root.endEdit();
    return;
  }
  const { parent, step } = target;
  const meta = step.meta;
  const cur = { level: 1, depth: 1, fields: st.options.fields, xfields: st.options.xfields };
  if (meta.kind === 'container') {
    const sel = yield* stepOrImplicit(parent, step, st.options);
    if (sel === undefined || sel.node === OMITTED) throw notFound(parent, step);
    root.beginEdit();
    yield* readContainer(sel, root, cur, st);
    root.endEdit();
  } else if (meta.kind === 'list') {
    const list = yield* listOf(parent, meta);
    if (list === undefined) throw notFound(parent, step);
    let only: ListItem | undefined;
    if ('key' in step && step.key !== undefined) {
      const e = yield* entryOf(list, meta, step.key);
      if (e === undefined) throw notFound(parent, step);
      only = e.item;
    }
    root.beginEdit();
    yield* readList(list, root, meta, cur, st, only);
    root.endEdit();
  } else if (meta.kind === 'leaf' || meta.kind === 'leaf-list' || meta.kind === 'anydata' || meta.kind === 'anyxml') {
    if (!admitsContent(meta, st.options.content)) throw notFound(parent, step);
    const path = childPath(parent.path, meta);
    const a = parent.node.field?.({ selection: parent, path, meta, write: false, value: undefined });
    let value = (isPending(a) ? yield a : a) as FieldValue | undefined;
    if (value === OMITTED_VALUE) throw notFound(parent, step);
    let isDefault = false;
    if ((meta.kind === 'leaf' || meta.kind === 'leaf-list') && (value !== undefined || (yield* inActiveCases(parent, meta, st.options.withDefaults)))) {
      ({ value, isDefault } = shownAt(meta, value, st.options.withDefaults));
    }
    if (meta.kind === 'leaf-list' && 'value' in step && step.value !== undefined) {
      const want = step.value;
      value = (value as readonly unknown[] | undefined)?.some((v) => v === want) ? [want] : undefined;
    }
    if (value === undefined) throw notFound(parent, step);
    st.budget.spend(1);
    root.beginEdit();
    const r = { selection: parent, path, meta, write: true, value };
    root.field(r);
    // report-all-tagged: the target's own default is tagged as it would be among its siblings (RFC 6243 §3.4, RFC 7952 §5.2.1)
    if (isDefault) root.annotate(r, defaultTag(meta, value));
    root.endEdit();
  } else {
    throw new RestconfFailure([restconfError('invalid-value', `${meta.kind} "${meta.name}" cannot be read`, { type: 'protocol' })]);
  }
}
