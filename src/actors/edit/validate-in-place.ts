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

/**
 * Applies `cmd` through `root` (the datastore's own root, `store`),
 * validated before it ends; answers once committed, with the Promise of its
 * durability in `durable`.
 */
export async function applyInPlace(device: Device, root: Selection, store: DatastoreRootNode, cmd: EditCommand, durable: Promise<void>[]): Promise<EditOutcome> {
  const roots = new CandidateRoots(device, cmd.context);
  roots.set(root.browser.module.name, store.data);
  const trees = roots.trees;
  try {
    for (let n = 1; ; n++) {
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
      try {
        const walked = runNow(applyEdit(root, cmd.steps, cmd.operation, cmd.input, cmd.insert, false, check));
        const done = walked instanceof Promise ? await walked : walked;
        committed?.();
        return done;
      } catch (failure) {
        if (failure !== AGAIN) throw failure;
      } finally {
        store.watch();
      }
      if (n >= ATTEMPTS) throw tooManyAttempts();
      for (const t of trees) await t.settle();
    }
  } finally {
    for (const t of trees) t.release();
  }
}
