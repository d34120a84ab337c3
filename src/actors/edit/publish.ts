/** A committed change told: counted, and published to the module's subscribers. */
import type { Browser } from '../browser.ts';
import { stepsPath } from '../steps-path.ts';
import type { EditOutcome } from './apply-edit.ts';
import { changeOf } from './change-of.ts';
import type { EditCommand } from './commit-edit.ts';

/** Counts the committed change and tells subscribers; the event is built only when someone subscribes. */
export const publish = (browser: Browser, cmd: Pick<EditCommand, 'steps' | 'operation' | 'input'>, outcome: EditOutcome): void => {
  if (cmd.operation === 'delete' && !outcome.existed) return;
  browser.edits += 1;
  if (!browser.changes.observed) return;
  browser.changes.next(changeOf(browser.module.name, stepsPath(cmd.steps), cmd.operation, cmd.input, new Date().toISOString()));
};
