/**
 * One edit on one tree of nodes: find how much of the target path exists,
 * then delete, change in place, or create what is missing below the deepest
 * existing node — always through editWithHooks, so every node on the way
 * sees the spec's BeginEdit/EndEdit sequence. An entry of an ordered-by
 * user list or leaf-list goes where `insert` says (insert-at.ts).
 */
import { DataContainer } from '../../data/data-container.ts';
import { childPath, formatPath } from '../../data/data-path.ts';
import { keyString } from '../../data/list-index.ts';
import { restconfError, RestconfFailure } from '../../errors/index.ts';
import type { DataNodeMeta, ListMeta } from '../../meta/meta.ts';
import type { YangValue } from '../../types/value.ts';
import { isPending } from '../../base/answer.ts';
import type { Co } from '../co.ts';
import type { FieldValue } from '../../data/field-value.ts';
import { entryOf, listOf, type TargetStep } from '../navigate.ts';
import type { ListItem, Node } from '../node.ts';
import type { Selection } from '../selection.ts';
import { copyInto, displaceFor, failed } from './copy-into.ts';
import { CHANGED, CREATED, DELETED, editWithHooks, withNode } from './edit-hooks.ts';
import { placeValue, rowFor, type InsertAt } from './insert-at.ts';
import { stepsPath } from '../steps-path.ts';

/** `move`: an existing entry of an ordered-by user list or leaf-list goes where `insert` says (YANG Patch move). */
export type EditOperation = 'merge' | 'replace' | 'create' | 'delete' | 'move';

export interface EditOutcome {
  /** The target did not exist before (201 Created rather than 204). */
  readonly created: boolean;
  /** The target existed (delete of a missing target did nothing when false). */
  readonly existed: boolean;
}

/** A node on the way down: its selection, and the list selection when it is a list entry. */
interface Level {
  readonly sel: Selection;
  readonly list?: Selection;
}

const isField = (s: TargetStep): boolean => s.meta.kind === 'leaf' || s.meta.kind === 'leaf-list' || s.meta.kind === 'anydata' || s.meta.kind === 'anyxml';

const stepKey = (s: TargetStep): readonly YangValue[] | undefined => ('key' in s ? s.key : undefined);

const stepPath = (sel: Selection, step: TargetStep): string => {
  const key = stepKey(step) ?? ('value' in step && step.value !== undefined ? [step.value] : undefined);
  return formatPath(childPath(sel.path, step.meta as never, key));
};

export const dataExists = (sel: Selection, step: TargetStep): RestconfFailure => {
  const path = stepPath(sel, step);
  return new RestconfFailure([restconfError('data-exists', `data already exists at ${path}`, { path })]);
};

/** data-missing (409): the edit needs an instance that is not there (YANG Patch delete and move, RFC 8072 §2.5). */
export const dataMissing = (path: string): RestconfFailure =>
  new RestconfFailure([restconfError('data-missing', `no data at ${path}`, { path })]);

function* down(at: Level, step: TargetStep): Co<Level | undefined> {
  const meta = step.meta;
  if (meta.kind === 'container') {
    const path = childPath(at.sel.path, meta);
    const a = at.sel.node.child?.({ selection: at.sel, path, meta, new: false, delete: false });
    const node = (isPending(a) ? yield a : a) as Node | undefined;
    return node === undefined ? undefined : { sel: at.sel.select(node, meta, path) };
  }
  if (meta.kind === 'list') {
    const key = stepKey(step);
    if (key === undefined) return undefined;
    const list = yield* listOf(at.sel, meta);
    if (list === undefined) return undefined;
    const e = yield* entryOf(list, meta, key);
    return e === undefined ? undefined : { sel: e.selection, list };
  }
  return undefined;
}

/** Creates the node of `step` below `at` (a new container or list entry with its key leaves, placed by `insert`). */
function* create(at: Selection, step: TargetStep, insert: InsertAt | undefined): Co<Selection> {
  const meta = step.meta;
  const path = childPath(at.path, meta as never, stepKey(step));
  if (meta.kind === 'container') {
    const a = at.node.child?.({ selection: at, path, meta, new: true, delete: false });
    const node = (isPending(a) ? yield a : a) as Node | undefined;
    if (node === undefined) throw failed(at, `the node could not create container "${meta.name}"`);
    return at.select(node, meta, path);
  }
  const list = meta as ListMeta;
  const key = stepKey(step) ?? [];
  let ls = yield* listOf(at, list);
  if (ls === undefined) {
    const lpath = childPath(at.path, list);
    const a = at.node.child?.({ selection: at, path: lpath, meta: list, new: true, delete: false });
    const node = (isPending(a) ? yield a : a) as Node | undefined;
    if (node === undefined) throw failed(at, `the node could not create list "${list.name}"`);
    ls = at.select(node, list, lpath);
  }
  const row = insert === undefined ? Number.MAX_SAFE_INTEGER : yield* rowFor(ls, list, undefined, insert);
  const b = ls.node.next?.({ selection: ls, path, meta: list, key, row, new: true, delete: false });
  const item = (isPending(b) ? yield b : b) as ListItem | undefined;
  if (item === undefined) throw failed(at, `the node could not create an entry of list "${list.name}"`);
  const entry = ls.select(item.node, list, path, key);
  for (const [i, k] of list.keys.entries()) {
    const c = entry.node.field?.({ selection: entry, path: childPath(path, k), meta: k, write: true, value: key[i] });
    if (isPending(c)) yield c;
  }
  return entry;
}

function* writeField(holder: Selection, step: TargetStep, op: EditOperation, input: FieldValue | undefined, insert?: InsertAt): Co<void> {
  const meta = step.meta as Parameters<NonNullable<Node['field']>>[0]['meta'];
  const path = childPath(holder.path, meta);
  let value = input;
  if (meta.kind === 'leaf-list' && 'value' in step && step.value !== undefined) {
    const a = holder.node.field?.({ selection: holder, path, meta, write: false, value: undefined });
    const current = ((isPending(a) ? yield a : a) ?? []) as readonly YangValue[];
    const one = step.value;
    const own = keyString([one]);
    const rest = current.filter((v) => keyString([v]) !== own);
    if (op === 'delete') value = rest.length > 0 ? rest : undefined;
    else if (insert !== undefined) value = placeValue(meta, holder.path, current, one, insert);
    else if (rest.length < current.length) return; // the entry is there and stays where it is
    else value = [...current, one];
  } else if (op === 'delete') {
    value = undefined;
  }
  const b = holder.node.field?.({ selection: holder, path, meta, write: true, value });
  if (isPending(b)) yield b;
}

function* fieldExists(holder: Selection, step: TargetStep): Co<boolean> {
  const meta = step.meta as Parameters<NonNullable<Node['field']>>[0]['meta'];
  const a = holder.node.field?.({ selection: holder, path: childPath(holder.path, meta), meta, write: false, value: undefined });
  const v = (isPending(a) ? yield a : a) as FieldValue | undefined;
  if (v === undefined) return false;
  if ('value' in step && step.value !== undefined && Array.isArray(v)) {
    const own = keyString([step.value]);
    return (v as readonly YangValue[]).some((x) => keyString([x]) === own);
  }
  return true;
}

/**
 * Runs an edit on the tree under `root`. `input` is a DataContainer for node
 * targets, a value for field targets. `insert` places the target, an entry
 * of an ordered-by user list or leaf-list: a new one, or one that exists
 * (PUT with insert, move). A delete with `mustExist` of a missing target
 * is data-missing (YANG Patch delete; remove and RESTCONF DELETE are not).
 * `check` runs once everything is changed and before any node ends (an
 * edit that changes nothing, a delete of a missing target, runs none).
 */
export function* applyEdit(
  root: Selection, steps: readonly TargetStep[], op: EditOperation, input: DataContainer | FieldValue | undefined, insert?: InsertAt, mustExist = false,
  check?: () => void,
): Co<EditOutcome> {
  const last = steps[steps.length - 1];
  const fieldStep = last !== undefined && isField(last) ? last : undefined;
  const nodeSteps = fieldStep === undefined ? steps.length : steps.length - 1;
  const chain: Level[] = [{ sel: root }];
  for (let i = 0; i < nodeSteps; i++) {
    const next = yield* down(chain[chain.length - 1] as Level, steps[i] as TargetStep);
    if (next === undefined) break;
    chain.push(next);
  }
  const existing = chain.length - 1;
  const deepest = chain[existing] as Level;
  const ancestors: Selection[] = [];
  for (let i = existing - 1; i >= 0; i--) ancestors.push((chain[i] as Level).sel);
  const allThere = existing === nodeSteps;
  const targetExists = allThere && (fieldStep === undefined || (yield* fieldExists(deepest.sel, fieldStep)));

  if (op === 'delete') {
    if (!targetExists && mustExist) throw dataMissing(formatPath(stepsPath(steps)));
    if (!targetExists) return { created: false, existed: false };
    if (fieldStep !== undefined) {
      yield* editWithHooks(deepest.sel, CHANGED, ancestors, writeField(deepest.sel, fieldStep, 'delete', undefined), check);
    } else {
      const parent = ancestors[0];
      const step = steps[nodeSteps - 1];
      if (parent === undefined || step === undefined) throw new RestconfFailure([restconfError('operation-not-supported', 'the module root cannot be deleted', { status: 405 })]);
      yield* editWithHooks(deepest.sel, DELETED, ancestors, remove(deepest, parent, step), check);
    }
    return { created: false, existed: true };
  }

  if (op === 'move') {
    if (!targetExists || insert === undefined || last === undefined) throw dataMissing(formatPath(stepsPath(steps)));
    yield* editWithHooks(deepest.sel, CHANGED, ancestors, place(deepest, last, fieldStep, insert), check);
    return { created: false, existed: true };
  }

  if (op === 'create' && targetExists) throw dataExists(fieldStep === undefined ? (chain[existing - 1]?.sel ?? root) : deepest.sel, last ?? steps[0] as TargetStep);
  const write = new WriteTarget(steps, nodeSteps, existing, fieldStep, last, deepest, targetExists, op, input, insert);
  yield* editWithHooks(deepest.sel, CHANGED, ancestors, existing === nodeSteps ? write.finish(deepest.sel, false) : write.build(deepest.sel, existing), check);
  return { created: !targetExists, existed: targetExists };
}

/**
 * The writing part of a create, merge or replace: the missing steps from
 * `existing` on created one below the other, then the target written. A
 * class, not generator functions made per edit: a generator made from a
 * new function object gets a new hidden class and prototype each time
 * (three maps per edit), and they keep the edit's whole scope from the
 * young generation until a major collection.
 */
class WriteTarget {
  constructor(
    private readonly steps: readonly TargetStep[],
    private readonly nodeSteps: number,
    private readonly existing: number,
    private readonly fieldStep: TargetStep | undefined,
    private readonly last: TargetStep | undefined,
    private readonly deepest: Level,
    private readonly targetExists: boolean,
    private readonly op: EditOperation,
    private readonly input: DataContainer | FieldValue | undefined,
    private readonly insert: InsertAt | undefined,
  ) {}

  *finish(target: Selection, isNew: boolean): Co<void> {
    const { fieldStep, insert, last } = this;
    if (fieldStep !== undefined && !this.targetExists) yield* displaceFor(target, fieldStep.meta as DataNodeMeta);
    if (fieldStep === undefined && !isNew && insert !== undefined && last !== undefined) yield* place(this.deepest, last, undefined, insert);
    if (fieldStep !== undefined) yield* writeField(target, fieldStep, this.op, this.input as FieldValue | undefined, insert);
    else yield* copyInto(target, (this.input as DataContainer | undefined) ?? new DataContainer(target.meta as never), this.op === 'replace' ? 'replace' : 'merge', isNew);
  }

  /** The steps from `i` on are missing: each is created below the one before, then the target is written. */
  *build(at: Selection, i: number): Co<void> {
    const step = this.steps[i];
    if (i === this.nodeSteps || step === undefined) {
      yield* this.finish(at, i > this.existing);
      return;
    }
    yield* displaceFor(at, step.meta as DataNodeMeta);
    const made = yield* create(at, step, i === this.nodeSteps - 1 && this.fieldStep === undefined ? this.insert : undefined);
    yield* withNode(made, CREATED, this.build(made, i + 1));
  }
}

/** Deletes the existing target node of `step` (a list entry or a container below `parent`). */
function* remove(target: Level, parent: Selection, step: TargetStep): Co<void> {
  if (target.list !== undefined) {
    const a = target.list.node.next?.({ selection: target.list, path: target.sel.path, meta: step.meta as ListMeta, key: stepKey(step), row: 0, new: false, delete: true });
    if (isPending(a)) yield a;
  } else {
    const a = parent.node.child?.({ selection: parent, path: target.sel.path, meta: step.meta as never, new: false, delete: true });
    if (isPending(a)) yield a;
  }
}

/** Moves the existing target (a list entry of `at`, or a value of the leaf-list `fieldStep`) where `insert` says. */
function* place(at: Level, step: TargetStep, fieldStep: TargetStep | undefined, insert: InsertAt): Co<void> {
  if (fieldStep !== undefined) {
    yield* writeField(at.sel, fieldStep, 'move', undefined, insert);
    return;
  }
  const list = at.list;
  const key = stepKey(step);
  if (list === undefined || key === undefined || step.meta.kind !== 'list') return;
  const row = yield* rowFor(list, step.meta, key, insert);
  const a = list.node.next?.({ selection: list, path: at.sel.path, meta: step.meta, key, row, new: false, delete: false, move: true });
  if (isPending(a)) yield a;
}
