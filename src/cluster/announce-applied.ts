/**
 * The changes another replica committed, once applied here, told as this
 * replica's own committed changes are: counted, and sent to the module's
 * change subscribers (the changes stream, and what follows configuration:
 * server settings, NACM rules, Call Home clients).
 */
import type { Device } from '../actors/device.ts';
import type { ChangeEvent } from '../actors/change-event.ts';
import { rootPath } from '../data/data-path.ts';
import { changeOf } from '../actors/edit/change-of.ts';
import type { StoredChange } from '../store/change-op.ts';

const OPERATIONS = { created: 'create', moved: 'move', removed: 'delete', wrote: 'merge' } as const;

export const announceApplied = (device: Device, changes: readonly StoredChange[]): void => {
  const time = new Date().toISOString();
  for (const change of changes) {
    const module = change.module.name;
    const browser = device.browser(module);
    if (browser === undefined) continue;
    browser.edits += 1;
    if (!browser.changes.observed) continue;
    if ('image' in change) {
      browser.changes.next(changeOf(module, rootPath, 'replace', undefined, time));
      continue;
    }
    for (const op of change.ops) {
      const event: ChangeEvent = changeOf(module, op.path, op.op === 'wrote' ? 'merge' : OPERATIONS[op.op], op.op === 'wrote' ? op.value : undefined, time);
      browser.changes.next(event);
    }
  }
};
