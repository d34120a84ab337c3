/**
 * The changes another replica committed, once applied here, told as this
 * replica's own committed changes are: counted, and sent to the module's
 * change subscribers (what follows configuration: server settings, NACM
 * rules, Call Home clients; the event streams take theirs from the log:
 * events/log-change-feed.ts).
 */
import type { Device } from '../actors/device.ts';
import type { StoredChange } from '../store/change-op.ts';
import { changeEventsOf } from './events/change-events-of.ts';

export const announceApplied = (device: Device, changes: readonly StoredChange[]): void => {
  const time = new Date().toISOString();
  for (const change of changes) {
    const browser = device.browser(change.module.name);
    if (browser === undefined) continue;
    browser.edits += 1;
    if (!browser.changes.observed) continue;
    for (const event of changeEventsOf(change, time)) browser.changes.next(event);
  }
};
