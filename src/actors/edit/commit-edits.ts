/**
 * Several edits as one transaction (a YANG Patch, RFC 8072 §2): the
 * mailboxes of every module they touch are held (taken in module-name
 * order, so two transactions never wait on each other), all the edits are
 * applied to the candidate and validated together, and only then run on
 * the real nodes, in order. An edit that fails rejects the whole
 * transaction before any node changed; it is named by an EditFailure (its
 * index). Changes are published, one per edit, once durable.
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
import { publish } from './commit-edit.ts';
import { editAuthorizerOf, withAfterCommit } from '../request-scope.ts';
import { editWithHooks, NONE } from './edit-hooks.ts';
import { retryConflicts } from './retry-conflicts.ts';
import { EditFailure, validateEdits, type PlannedEdit } from './validate-candidate.ts';

/**
 * The context the roots of the transaction see (as storageContext, commit-edit.ts): committed module edits hand
 * their changes to `group`, stored as one, whose durability Promise goes to `durable`.
 */
const groupContext = (context: RequestContext, durable: Promise<void>[], group: CommitGroup): RequestContext =>
  withAfterCommit(context, durable, group);

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

/** The edits as one transaction (made again when a replicated store refuses it: retry-conflicts.ts). */
export const commitEdits = (device: Device, edits: readonly PlannedEdit[], context: RequestContext): Promise<EditOutcome[]> =>
  retryConflicts(() => commitAll(device, edits, context));

const commitAll = async (device: Device, edits: readonly PlannedEdit[], context: RequestContext): Promise<EditOutcome[]> => {
  const browsers = [...new Set(edits.map((e) => e.browser))].sort((a, b) => (a.module.name < b.module.name ? -1 : 1));
  const durable: Promise<void>[] = [];
  const group = new CommitGroup();
  const ctx = groupContext(context, durable, group);
  const outcomes = await inMailboxes(browsers, async () => {
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
    const committed = await validateEdits(device, edits, context, true);
    const roots = browsers.map((browser) => {
      const root = browser.root(ctx);
      return { browser, root, inner: new Selection(browser, held(root.node), root.meta, root.path, root.parent, root.context) };
    });
    const done: EditOutcome[] = [];
    // Every root begins before the first edit and ends after the last (with the failure, when one failed).
    const transaction = roots.reduceRight<() => Co<void>>((inside, { root }) => () => editWithHooks(root, NONE, [], inside()), () => applyAll(edits, roots, done));
    try {
      await runToEnd(transaction());
    } finally {
      group.end(durable);
      for (const { root } of roots) root.node.release?.();
    }
    committed();
    return done;
  });
  if (durable.length > 0) await Promise.all(durable);
  edits.forEach((edit, i) => publish(edit.browser, edit, outcomes[i] as EditOutcome));
  return outcomes;
};
