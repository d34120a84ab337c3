/**
 * Starts a replay log for every stream the server lists (restconf-state):
 * each top-level notification of every served module (waiting for its
 * source when none is registered yet) and the change stream of each module
 * that holds configuration.
 */
import { filter, retry, take, type Observable } from 'rxjs';
import type { Device } from '../actors/device.ts';
import { holdsConfig } from '../meta/holds-config.ts';
import type { NotificationMeta } from '../meta/meta.ts';
import { changeSource, notificationEvents } from './event-sources.ts';
import type { ReplayLog } from './replay-log.ts';

export const recordStreams = (log: ReplayLog, device: Device, added: Observable<NotificationMeta>): void => {
  for (const b of device.all) {
    for (const n of b.module.notifications) {
      const source = notificationEvents(b, [{ meta: n }], {}, 'history')().pipe(
        retry({ delay: () => added.pipe(filter((m) => m === n), take(1)) }),
      );
      log.record(`${b.module.name}:${n.name}`, source);
    }
    if (holdsConfig(b.module)) log.record(`${b.module.name}/changes`, changeSource(b)());
  }
};
