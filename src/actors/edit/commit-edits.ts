/**
 * The one commit path: `applyTransaction` validates the edits together on
 * the candidate, applies them through their modules' roots and hands what
 * changed to storage; commitEdits (several edits, a YANG Patch, RFC 8072
 * §2) and commitEdit (one edit, commit-edit.ts) hold the modules'
 * mailboxes around it, wait until the change is durable and publish it.
 *
 * Several edits: the mailboxes of every module they touch are held (taken
 * in module-name order, so two transactions never wait on each other), all
 * the edits are applied to the candidate and validated together, and only
 * then run on the real nodes, in order. An edit that fails rejects the
 * whole transaction before any node changed; it is named by an EditFailure
 * (its index). Changes are published, one per edit, once durable.
 *
 * Each module's root begins and ends once for the whole transaction (its
 * beginEdit before the first edit, its endEdit after the last, with the
 * failure when one failed), not once per edit: the embedded datastore
 * keeps one undo log for all of the module's edits (a failure rolls them
 * all back). What every module's root committed is stored as one
 * transaction (CommitGroup: one journal record for all the modules, durable
 * before the answer).
 *
 * Datastore and module-root PUT/PATCH, YANG Patch and applications' edits
 * of several modules all commit here. Modules are held, begun and ended in
 * module-name order; a reference from one module into another is checked
 * on the candidate holding every edit, so the order does not matter.
 */
import type { Browser } from '../browser.ts';
import { runToEnd, type Co } from '../co.ts';
import type { Device } from '../device.ts';
import type { Node } from '../node.ts';
import { CommitGroup } from '../../store/commit-group.ts';
import type { RequestContext } from '../request-context.ts';
import { Selection } from '../selection.ts';
import { applyEdit, type EditOutcome } from './apply-edit.ts';
import { publish } from './publish.ts';
import { editAuthorizerOf, withAfterCommit } from '../request-scope.ts';
import { editWithHooks, NONE } from './edit-hooks.ts';
import { retryConflicts } from './retry-conflicts.ts';
import { EditFailure, validateEdits, type PlannedEdit } from './validate-candidate.ts';

const inMailboxes = <T>(browsers: readonly Browser[], work: () => Promise<T>): Promise<T> => {
  const [first, ...rest] = browsers;
  return first === undefined ? work() : first.mailbox.run(() => inMailboxes(rest, work));
};

/** The root node without its own edit hooks (called once around the transaction instead). */
const held = (node: Node): Node => {
  const out: { -readonly [K in keyof Node]: Node[K] } = {};
  if (node.child !== undefined) out.child = (r) => node.child?.(r);
  if (node.next !== undefined) out.next = (r) => node.next?.(r);
  if (node.field !== undefined) out.field = (r) => node.field?.(r);
  if (node.choose !== undefined) out.choose = (r) => node.choose?.(r);
  if (node.action !== undefined) out.action = (r) => node.action?.(r);
  if (node.notify !== undefined) out.notify = (r) => (node.notify as NonNullable<Node['notify']>)(r);
  if (node.peek !== undefined) out.peek = () => node.peek?.();
  if (node.context !== undefined) out.context = (r) => (node.context as NonNullable<Node['context']>)(r);
  return out;
};

/** The edits in order, each on its module's root (without the root's own hooks); their outcomes pushed to `done`. */
function* applyAll(edits: readonly PlannedEdit[], roots: readonly { browser: Browser; inner: Selection }[], done: EditOutcome[]): Co<void> {
  for (const [i, edit] of edits.entries()) {
    const { inner } = roots.find((r) => r.browser === edit.browser) as { inner: Selection };
    try {
      done.push(yield* applyEdit(inner, edit.steps, edit.operation, edit.input, edit.insert, edit.mustExist));
    } catch (failure) {
      throw new EditFailure(i, failure);
    }
  }
}

/** The modules `edits` touch, in module-name order. */
const modulesOf = (edits: readonly PlannedEdit[]): Browser[] =>
  [...new Set(edits.map((e) => e.browser))].sort((a, b) => (a.module.name < b.module.name ? -1 : 1));

/** Several edits through their roots, each root begun before the first and ended after the last (with the failure, when one failed); stored as one. */
const applyGroup = async (edits: readonly PlannedEdit[], context: RequestContext, durable: Promise<void>[]): Promise<EditOutcome[]> => {
  const group = new CommitGroup();
  // committed module edits hand their changes to the group, stored as one, whose durability Promise goes to `durable`
  const ctx = withAfterCommit(context, durable, group);
  const roots = modulesOf(edits).map((browser) => {
    const root = browser.root(ctx);
    return { browser, root, inner: new Selection(browser, held(root.node), root.meta, root.path, root.parent, root.context) };
  });
  const done: EditOutcome[] = [];
  const transaction = roots.reduceRight<() => Co<void>>((inside, { root }) => () => editWithHooks(root, NONE, [], inside()), () => applyAll(edits, roots, done));
  try {
    await runToEnd(transaction());
  } finally {
    group.end(durable);
    for (const { root } of roots) root.node.release?.();
  }
  return done;
};

/** One edit through its module's root (`root` when the caller made it), with the root's own hooks; stored alone. */
const applyOne = async (edit: PlannedEdit, context: RequestContext, durable: Promise<void>[], named: boolean, root?: Selection): Promise<EditOutcome> => {
  const at = root ?? edit.browser.root(context);
  try {
    const stored = new Selection(edit.browser, at.node, at.meta, at.path, undefined, withAfterCommit(at.context, durable));
    return await runToEnd(applyEdit(stored, edit.steps, edit.operation, edit.input, edit.insert, edit.mustExist));
  } catch (failure) {
    throw named ? new EditFailure(0, failure) : failure;
  } finally {
    at.node.release?.();
  }
};

/**
 * The transaction, once the mailboxes of its modules are held and its
 * edits authorized: validated together on the candidate (when the
 * device's modules have constraints that need the tree), then applied
 * through the modules' roots; what changed goes to storage, whose
 * durability Promise goes to `durable`. With `named`, a failing edit is an
 * EditFailure naming its index. One edit goes through its root as it is
 * (`root`, when the caller made it already), nothing more made per edit.
 */
export const applyTransaction = async (
  device: Device, edits: readonly PlannedEdit[], context: RequestContext, durable: Promise<void>[], named: boolean, root?: Selection,
): Promise<EditOutcome[]> => {
  let committed: (() => void) | undefined;
  try {
    committed = device.needsTreeValidation ? await validateEdits(device, edits, context, named) : undefined;
  } catch (failure) {
    root?.node.release?.();
    throw failure;
  }
  const done = edits.length === 1 ? [await applyOne(edits[0] as PlannedEdit, context, durable, named, root)] : await applyGroup(edits, context, durable);
  committed?.();
  return done;
};

/** What resolves once every change of the transaction is durable; undefined when nothing is to wait for (no Promise made per edit to wrap one). */
export const durably = (durable: readonly Promise<void>[]): Promise<unknown> | undefined =>
  durable.length === 0 ? undefined : durable.length === 1 ? durable[0] : Promise.all(durable);

/** The edits as one transaction (made again when a replicated store refuses it: retry-conflicts.ts). */
export const commitEdits = (device: Device, edits: readonly PlannedEdit[], context: RequestContext): Promise<EditOutcome[]> =>
  retryConflicts(() => commitAll(device, edits, context));

const commitAll = async (device: Device, edits: readonly PlannedEdit[], context: RequestContext): Promise<EditOutcome[]> => {
  const durable: Promise<void>[] = [];
  const outcomes = await inMailboxes(modulesOf(edits), async () => {
    const authorize = editAuthorizerOf(context);
    if (authorize !== undefined) {
      for (const [i, e] of edits.entries()) {
        try {
          await authorize(e.browser, { ...e, context });
        } catch (failure) {
          throw new EditFailure(i, failure);
        }
      }
    }
    return applyTransaction(device, edits, context, durable, true);
  });
  const durableNow = durably(durable);
  if (durableNow !== undefined) await durableNow;
  edits.forEach((edit, i) => publish(edit.browser, edit, outcomes[i] as EditOutcome));
  return outcomes;
};
