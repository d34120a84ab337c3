/**
 * NACM before any node hears of an edit: the edit is run dry (DryNode under
 * the user's GuardNode: reads go through, nothing is written, no BeginEdit
 * or EndEdit is called) and the first access denial refuses it, so a
 * denied write never calls a node's BeginEdit. Failures other than access
 * are left to the real edit, which reports them as it always does. The
 * edit's `insert` is given too, so a move is checked like any update. Users
 * whose rights permit every write in the module skip the dry run.
 */
import type { Browser } from '../../actors/browser.ts';
import { runToEnd } from '../../actors/co.ts';
import { applyEdit } from '../../actors/edit/apply-edit.ts';
import { stepsPath } from '../../actors/steps-path.ts';
import type { EditCommand } from '../../actors/edit/commit-edit.ts';
import { dryRunContext } from '../../actors/request-scope.ts';
import { RestconfFailure } from '../../errors/index.ts';
import type { ModuleMeta, SchemaNode } from '../../meta/meta.ts';
import { dataChildren } from '../../meta/navigate.ts';
import { denied } from './access-denied.ts';
import type { AccessRights } from './access-rights.ts';
import { EditLedger } from './edit-ledger.ts';

const WRITES = ['create', 'update', 'delete'] as const;

/**
 * A delete (or a create) of a target the user may neither read nor delete
 * (create) is refused whether it exists or not: an answer that told them
 * apart (404 or 409 data-exists) would say what NACM hides.
 */
const refuseHidden = (rights: AccessRights, cmd: EditCommand, op: 'delete' | 'create'): void => {
  const last = cmd.steps[cmd.steps.length - 1];
  if (last === undefined || last.meta.kind === 'rpc' || last.meta.kind === 'action' || last.meta.kind === 'notification') return;
  const path = stepsPath(cmd.steps);
  const meta = last.meta as SchemaNode;
  if (!rights.allows('read', meta, path) && !rights.allows(op, meta, path)) throw denied(op, path);
};

const isAccessDenied = (e: unknown): boolean => e instanceof RestconfFailure && e.errors.some((x) => x.tag === 'access-denied');

/** Whether every write anywhere in the module is permitted (no dry run needed). */
export const writesPermitted = (rights: AccessRights, module: ModuleMeta): boolean =>
  rights.unrestricted || (dataChildren(module.children) as SchemaNode[]).every((n) => rights.subtree(n, [...WRITES]) === 'permit');

export const authorizeEdit = async (rights: AccessRights, browser: Browser, cmd: EditCommand): Promise<void> => {
  if (writesPermitted(rights, browser.module)) return;
  if (cmd.operation === 'delete' || cmd.operation === 'create') refuseHidden(rights, cmd, cmd.operation);
  const ledger = new EditLedger();
  // the dry run's context: the module's root is guarded over a DryNode, noting removals in the ledger
  const root = browser.root(dryRunContext(cmd.context, ledger));
  try {
    // with the edit's insert: a move (YANG Patch move, insert on an existing entry) is checked here as in the real edit
    await runToEnd(applyEdit(root, cmd.steps, cmd.operation, cmd.input, cmd.insert));
    // what the edit removed and did not write again was deleted
    ledger.settle();
  } catch (e) {
    if (isAccessDenied(e)) throw e;
  } finally {
    root.node.release?.();
  }
};
