/**
 * Several edits as one transaction (a YANG Patch, RFC 8072 §2): the
 * mailboxes of every module they touch are held (taken in module-name
 * order, so two transactions never wait on each other), all the edits are
 * applied to the candidate and validated together, and only then run on
 * the real nodes, in order. An edit that fails rejects the whole
 * transaction before any node changed; it is named by an EditFailure (its
 * index). Changes are published, one per edit, once durable.
 */
import { AFTER_COMMIT } from '../../store/persistence.ts';
import type { Browser } from '../browser.ts';
import { runToEnd } from '../co.ts';
import type { Device } from '../device.ts';
import type { RequestContext } from '../request-context.ts';
import type { Selection } from '../selection.ts';
import { applyEdit, type EditOutcome } from './apply-edit.ts';
import { AUTHORIZE_EDIT, publish, type AuthorizeEdit } from './commit-edit.ts';
import { EditFailure, validateEdits, type PlannedEdit } from './validate-candidate.ts';

const inMailboxes = <T>(browsers: readonly Browser[], work: () => Promise<T>): Promise<T> => {
  const [first, ...rest] = browsers;
  return first === undefined ? work() : first.mailbox.run(() => inMailboxes(rest, work));
};

export const commitEdits = async (device: Device, edits: readonly PlannedEdit[], context: RequestContext): Promise<EditOutcome[]> => {
  const browsers = [...new Set(edits.map((e) => e.browser))].sort((a, b) => (a.module.name < b.module.name ? -1 : 1));
  const durable: Promise<void>[] = [];
  const ctx = Object.create(context, { [AFTER_COMMIT]: { value: durable } }) as RequestContext;
  const outcomes = await inMailboxes(browsers, async () => {
    const authorize = context[AUTHORIZE_EDIT] as AuthorizeEdit | undefined;
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
    const roots = new Map<Browser, Selection>();
    const done: EditOutcome[] = [];
    try {
      for (const [i, edit] of edits.entries()) {
        let root = roots.get(edit.browser);
        if (root === undefined) roots.set(edit.browser, (root = edit.browser.root(ctx)));
        try {
          done.push(await runToEnd(applyEdit(root, edit.steps, edit.operation, edit.input, edit.insert, edit.mustExist)));
        } catch (failure) {
          throw new EditFailure(i, failure);
        }
      }
    } finally {
      for (const root of roots.values()) root.node.release?.();
    }
    committed();
    return done;
  });
  if (durable.length > 0) await Promise.all(durable);
  edits.forEach((edit, i) => publish(edit.browser, edit, outcomes[i] as EditOutcome));
  return outcomes;
};
