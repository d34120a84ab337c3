/**
 * The changes another replica committed, once applied here, told as this
 * replica's own committed changes are: counted, and sent to the module's
 * change subscribers (the changes stream, and what follows configuration:
 * server settings, NACM rules, Call Home clients).
 */
import type { Device } from '../actors/device.ts';
import type { ChangeEvent } from '../actors/change-event.ts';
import type { DataNodeMeta } from '../meta/meta.ts';
import { formatPath } from '../data/data-path.ts';
import type { StoredChange } from '../store/change-op.ts';
import { encodeFieldValue } from '../store/record-value.ts';

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
      browser.changes.next({ module, target: '/', operation: 'replace', time });
      continue;
    }
    for (const op of change.ops) {
      const event: ChangeEvent = op.op === 'wrote'
        ? { module, target: formatPath(op.path), operation: 'merge', value: encodeFieldValue(op.path.segments[op.path.segments.length - 1]?.meta as DataNodeMeta, op.value), time }
        : { module, target: formatPath(op.path), operation: OPERATIONS[op.op], time };
      browser.changes.next(event);
    }
  }
};
