/**
 * A PUT or PATCH of the datastore or a module root: an edit of each
 * module's root, all of them one transaction (commitEdits: validated
 * together on the candidate, so a reference from one module into another
 * finds its target whatever the order; all or nothing). PUT replaces every
 * module given — and, for the datastore, empties the configuration of every
 * served module the body leaves out; a state-only module holds no
 * configuration to replace and is left alone.
 */
import { commitEdits, EditFailure, type Browser, type PlannedEdit } from '../../../actors/index.ts';
import { DataContainer } from '../../../data/data-container.ts';
import { holdsConfig } from '../../../meta/holds-config.ts';
import type { Call } from '../call.ts';

export const commitRoots = async (
  call: Call, trees: ReadonlyMap<string, DataContainer>, operation: 'replace' | 'merge', browsers: readonly Browser[],
): Promise<void> => {
  const edits: PlannedEdit[] = [];
  for (const browser of browsers) {
    const input = trees.get(browser.module.name) ?? (operation === 'replace' && holdsConfig(browser.module) ? new DataContainer(browser.module) : undefined);
    if (input !== undefined) edits.push({ browser, steps: [], operation, input });
  }
  if (edits.length === 0) return;
  try {
    await commitEdits(call.settings.device, edits, call.context);
  } catch (e) {
    // the request is one edit to its client: the failure is answered as it is, not named by edit
    throw e instanceof EditFailure ? e.failure : e;
  }
};
