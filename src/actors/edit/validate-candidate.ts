/**
 * An edit's candidate, validated before any node is asked to change: the
 * edit is applied to the module's data tree itself (the datastore's, or
 * what application nodes answer, read where it is looked at) through
 * journaled data-tree nodes, what it changed is validated (validateChange:
 * only the constraints it can affect), and the changes are undone — all
 * synchronously, so no reader sees the candidate. Nothing is copied and
 * nothing is read in full: the cost follows the edit, not the size of the
 * datastore. A rejected edit throws its errors.
 */
import { DataContainer } from '../../data/data-container.ts';
import { rootPath } from '../../data/data-path.ts';
import { journals } from '../../data/data-journal.ts';
import { UndoLog } from '../../data/undo-log.ts';
import { restconfError, RestconfFailure, type RestconfError } from '../../errors/index.ts';
import { ChangeSet, validateChange } from '../../validate/index.ts';
import type { Browser } from '../browser.ts';
import { Selection } from '../selection.ts';
import { Runner } from '../co.ts';
import type { Device } from '../device.ts';
import { DataContainerNode } from '../nodes/data-node.ts';
import type { RequestContext } from '../request-context.ts';
import { applyEdit, type EditOperation } from './apply-edit.ts';
import type { EditCommand } from './commit-edit.ts';
import type { InsertAt } from './insert-at.ts';
import { CandidateRoots } from './candidate-roots.ts';

/** One edit of a transaction that may hold several (a YANG Patch), each on its module's tree. */
export interface PlannedEdit {
  readonly browser: Browser;
  readonly steps: EditCommand['steps'];
  readonly operation: EditOperation;
  readonly input: EditCommand['input'];
  readonly insert?: InsertAt | undefined;
  /** A delete of a missing target is data-missing (YANG Patch delete). */
  readonly mustExist?: boolean;
}

/** An edit of a transaction failed: which one (its index), and why. */
export class EditFailure extends Error {
  constructor(readonly index: number, readonly failure: unknown) {
    super(failure instanceof Error ? failure.message : String(failure));
    this.name = 'EditFailure';
  }
}

/** Attempts before giving up on nodes that keep answering late (each attempt reads more). */
export const ATTEMPTS = 64;

/** The edit gave up on nodes that kept answering late. */
export const tooManyAttempts = (): RestconfFailure =>
  new RestconfFailure([restconfError('operation-failed', `the data needed to validate the edit could not be read in ${ATTEMPTS} attempts`)]);

/** A constraint the edit breaks is the client's doing: operation-failed with 412, the tag's other status, not 500. */
export const brokenConstraints = (errors: readonly RestconfError[]): RestconfFailure =>
  new RestconfFailure(errors.map((e) => (e.tag === 'operation-failed' ? { ...e, status: 412 } : e)));

type Attempt = { readonly errors: RestconfError[]; readonly committed: () => void } | { readonly failure: unknown };

/** Applies the edits, in order, to the candidate trees, validates what they changed, and undoes them. */
function attempt(device: Device, edits: readonly PlannedEdit[], context: RequestContext, roots: Map<string, DataContainer>, named: boolean): Attempt {
  const undo = new UndoLog();
  const changes = new ChangeSet(roots, device.schema);
  const journal = journals(undo, changes);
  try {
    for (const [i, edit] of edits.entries()) {
      const browser = edit.browser;
      let tree = roots.get(browser.module.name);
      if (tree === undefined) roots.set(browser.module.name, (tree = new DataContainer(browser.module)));
      // The candidate's root: journaled data-tree nodes on the module's tree (a Selection needs the browser only for its schema).
      const root = new Selection(browser, new DataContainerNode(tree, undefined, journal), browser.module, rootPath, undefined, context);
      try {
        new Runner(applyEdit(root, edit.steps, edit.operation, edit.input, edit.insert, edit.mustExist)).runSync();
      } catch (failure) {
        return { failure: named ? new EditFailure(i, failure) : failure };
      }
    }
    return validateChange(roots, changes, { content: 'config', schema: device.schema });
  } catch (failure) {
    return { failure };
  } finally {
    undo.undo();
  }
}

/**
 * Validates the candidate of the edits made one after the other, as one
 * transaction; answers what to call once it is committed. Modules served
 * by application nodes are read through them as the validation looks
 * (NodeTree); when a node answers late, the attempt is made again once it
 * has answered. With `named`, an edit that fails is named by an EditFailure.
 */
export async function validateEdits(device: Device, edits: readonly PlannedEdit[], context: RequestContext, named = false): Promise<() => void> {
  // Each module's tree is made when validation first looks at it (candidate-roots.ts).
  const roots = new CandidateRoots(device, context);
  const trees = roots.trees;
  try {
    for (let n = 1; ; n++) {
      for (const t of trees) t.restart();
      const outcome = attempt(device, edits, context, roots, named);
      if (!trees.some((t) => t.missing)) {
        if ('failure' in outcome) throw outcome.failure;
        if (outcome.errors.length > 0) throw brokenConstraints(outcome.errors);
        return outcome.committed;
      }
      if (n >= ATTEMPTS) throw tooManyAttempts();
      for (const t of trees) await t.settle();
    }
  } finally {
    for (const t of trees) t.release();
  }
}
