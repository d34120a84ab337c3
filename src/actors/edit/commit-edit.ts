/**
 * One edit as a transaction: in the module's mailbox, the edit is first
 * validated on its candidate (validate-candidate.ts: only the constraints
 * it can affect, when, must, leafref, unique, mandatory...); only then is
 * it run on the real nodes, with their BeginEdit/EndEdit hooks
 * (applyTransaction, commit-edits.ts: the commit path of every edit). A
 * rejected edit calls no hook and changes nothing. The committed change is
 * published. An edit of the embedded datastore's own nodes (no application
 * hooks) is applied once and validated in place before it ends
 * (validate-in-place.ts).
 *
 * Storage that makes edits durable (the embedded datastore's journal) hands
 * the edit's durability Promise back through the request's scope
 * (withAfterCommit, request-scope.ts)
 * instead of holding the module's mailbox while it syncs: the next edit is
 * validated and applied meanwhile, and one sync covers both (group commit).
 * The edit is answered, and its change published, once it is durable.
 */
import type { DataContainer } from '../../data/data-container.ts';
import type { Browser } from '../browser.ts';
import type { Device } from '../device.ts';
import type { FieldValue } from '../../data/field-value.ts';
import type { TargetStep } from '../navigate.ts';
import { DatastoreRootNode } from '../nodes/datastore.ts';
import type { RequestContext } from '../request-context.ts';
import { editAuthorizerOf } from '../request-scope.ts';
import type { EditOperation, EditOutcome } from './apply-edit.ts';
import { applyTransaction, durably } from './commit-edits.ts';
import type { InsertAt } from './insert-at.ts';
import { publish } from './publish.ts';
import { retryConflicts } from './retry-conflicts.ts';
import { applyInPlace } from './validate-in-place.ts';

export interface EditCommand {
  readonly steps: readonly TargetStep[];
  readonly operation: EditOperation;
  /** A DataContainer for node targets, a value for field targets, undefined for delete. */
  readonly input: DataContainer | FieldValue | undefined;
  readonly context: RequestContext;
  /** Where the target goes in its ordered-by user list or leaf-list (insert and point). */
  readonly insert?: InsertAt | undefined;
}

/** A check the request's scope may carry (access control puts it there), run before anything of the edit (validation, hooks); it throws to refuse. */
export type { AuthorizeEdit } from '../request-scope.ts';

/** The edit as one transaction (made again when a replicated store refuses it: retry-conflicts.ts). */
export const commitEdit = (device: Device, browser: Browser, cmd: EditCommand): Promise<EditOutcome> =>
  retryConflicts(() => commitOnce(device, browser, cmd));

const commitOnce = (device: Device, browser: Browser, cmd: EditCommand): Promise<EditOutcome> => {
  const durable: Promise<void>[] = [];
  try {
    const outcome = browser.mailbox.runSoon(() => authorizedEdit(device, browser, cmd, durable));
    return outcome instanceof Promise ? outcome.then((o) => acknowledged(browser, cmd, o, durable)) : acknowledged(browser, cmd, outcome, durable);
  } catch (e) {
    return Promise.reject(e);
  }
};

/** In the mailbox: the request's authorization first (when its scope carries one), then the edit. */
const authorizedEdit = (device: Device, browser: Browser, cmd: EditCommand, durable: Promise<void>[]): EditOutcome | Promise<EditOutcome> => {
  const authorize = editAuthorizerOf(cmd.context);
  if (authorize === undefined) return applyOne(device, browser, cmd, durable);
  const allowed = authorize(browser, cmd);
  return allowed instanceof Promise ? allowed.then(() => applyOne(device, browser, cmd, durable)) : applyOne(device, browser, cmd, durable);
};

/** The edit, committed: answered at once when it applied at once (the datastore's own nodes, nothing to wait for). */
const applyOne = (device: Device, browser: Browser, cmd: EditCommand, durable: Promise<void>[]): EditOutcome | Promise<EditOutcome> => {
  const root = browser.root(cmd.context);
  const store = device.needsTreeValidation ? DatastoreRootNode.own(root.node) : undefined;
  if (store === undefined) {
    const edit = { browser, steps: cmd.steps, operation: cmd.operation, input: cmd.input, insert: cmd.insert };
    return applyTransaction(device, [edit], cmd.context, durable, false, root).then((outcomes) => outcomes[0] as EditOutcome);
  }
  let waits = false;
  try {
    const done = applyInPlace(device, root, store, cmd, durable);
    if (!(done instanceof Promise)) return done;
    waits = true;
    return done.finally(() => root.node.release?.());
  } finally {
    if (!waits) root.node.release?.();
  }
};

/** The committed edit is answered, and its change published, once it is durable. */
const acknowledged = (browser: Browser, cmd: EditCommand, outcome: EditOutcome, durable: readonly Promise<void>[]): Promise<EditOutcome> => {
  const durableNow = durably(durable);
  if (durableNow === undefined) {
    publish(browser, cmd, outcome);
    return Promise.resolve(outcome);
  }
  return durableNow.then(() => {
    publish(browser, cmd, outcome);
    return outcome;
  });
};
