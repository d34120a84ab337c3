/**
 * An edit of the embedded datastore's own nodes, applied once: the nodes
 * change the module's tree (their root keeps an undo log), the change set
 * the validation starts from is told of every change through that log,
 * and the validation runs once the changes are made and before the root
 * ends. A rejected edit ends the root with its failure, which undoes every
 * change and stores nothing: it changes nothing, and no application hook
 * runs (the datastore's nodes have none of their own). All of it happens
 * synchronously, so no reader sees a change that is not yet validated.
 *
 * Other modules the validation reads are looked at as for a candidate
 * (candidate-roots.ts): when one served by application nodes answers late,
 * the edit is undone, the missing data read, and the edit made again.
 */
import { ChangeSet, validateChange } from '../../validate/index.ts';
import { runNow } from '../co.ts';
import type { Device } from '../device.ts';
import type { DatastoreRootNode } from '../nodes/datastore.ts';
import type { Selection } from '../selection.ts';
import { applyEdit, type EditOutcome } from './apply-edit.ts';
import { CandidateRoots } from './candidate-roots.ts';
import type { EditCommand } from './commit-edit.ts';
import { ATTEMPTS, brokenConstraints, tooManyAttempts } from './validate-candidate.ts';

/** Thrown by the check when data it needs is still being read: the edit is undone and made again. */
const AGAIN: unique symbol = Symbol('again');

type Attempt = EditOutcome | typeof AGAIN;

/**
 * Applies `cmd` through `root` (the datastore's own root, `store`),
 * validated before it ends; answers once committed, with the Promise of its
 * durability in `durable`. Answered at once when nothing waits (the edit of
 * the datastore's own data, with no late application data to read): no
 * Promise then.
 */
export function applyInPlace(device: Device, root: Selection, store: DatastoreRootNode, cmd: EditCommand, durable: Promise<void>[]): EditOutcome | Promise<EditOutcome> {
  const roots = new CandidateRoots(device, cmd.context);
  roots.set(root.browser.module.name, store.data);
  const trees = roots.trees;
  let later = false;
  try {
    const first = attempt(device, roots, root, store, cmd, durable);
    if (first !== AGAIN && !(first instanceof Promise)) return first;
    later = true;
    return again(first, device, roots, root, store, cmd, durable);
  } finally {
    if (!later) for (const t of trees) t.release();
  }
}

/** The first attempt waited, or must be made again: up to ATTEMPTS in all, each after the missing data was read. */
async function again(first: Attempt | Promise<Attempt>, device: Device, roots: CandidateRoots, root: Selection, store: DatastoreRootNode, cmd: EditCommand, durable: Promise<void>[]): Promise<EditOutcome> {
  const trees = roots.trees;
  try {
    let r = await first;
    for (let n = 1; r === AGAIN; n++) {
      if (n >= ATTEMPTS) throw tooManyAttempts();
      for (const t of trees) await t.settle();
      r = await attempt(device, roots, root, store, cmd, durable);
    }
    return r;
  } finally {
    for (const t of trees) t.release();
  }
}

/** One attempt: the edit applied and validated before it ends; AGAIN when the validation found data still being read. */
function attempt(device: Device, roots: CandidateRoots, root: Selection, store: DatastoreRootNode, cmd: EditCommand, durable: Promise<void>[]): Attempt | Promise<Attempt> {
  const trees = roots.trees;
  for (const t of trees) t.restart();
  const changes = new ChangeSet(roots, device.schema);
  let committed: (() => void) | undefined;
  const check = (): void => {
    let v: ReturnType<typeof validateChange>;
    try {
      v = validateChange(roots, changes, { content: 'config', schema: device.schema });
    } catch (failure) {
      if (trees.some((t) => t.missing)) throw AGAIN;
      throw failure;
    }
    if (trees.some((t) => t.missing)) throw AGAIN;
    if (v.errors.length > 0) throw brokenConstraints(v.errors);
    committed = v.committed;
  };
  store.watch(changes, durable);
  let walked: EditOutcome | Promise<EditOutcome> | undefined;
  try {
    walked = runNow(applyEdit(root, cmd.steps, cmd.operation, cmd.input, cmd.insert, false, check));
    if (walked instanceof Promise) return settled(walked, store, () => committed);
    committed?.();
    return walked;
  } catch (failure) {
    if (failure !== AGAIN) throw failure;
    return AGAIN;
  } finally {
    if (!(walked instanceof Promise)) store.watch();
  }
}

/** The rest of an attempt whose edit waited (on application nodes): the watch ends once it has. */
async function settled(walked: Promise<EditOutcome>, store: DatastoreRootNode, committed: () => (() => void) | undefined): Promise<Attempt> {
  try {
    const done = await walked;
    committed()?.();
    return done;
  } catch (failure) {
    if (failure !== AGAIN) throw failure;
    return AGAIN;
  } finally {
    store.watch();
  }
}
