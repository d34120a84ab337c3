/**
 * A replica's change streams come from the commit log: every commit, this
 * replica's own as well as the others', is sent to the streams of its
 * modules once this replica holds it, in the log's order, stamped with the
 * time JetStream stored it. So every replica sends the same change events
 * in the same order, whichever replica took the edit.
 */
import { Subject } from 'rxjs';
import type { ChangeEvent } from '../../actors/change-event.ts';
import type { Device } from '../../actors/device.ts';
import type { ClusterBackend } from '../cluster-backend.ts';
import { changeEventsOf } from './change-events-of.ts';

export const feedFromLog = (device: Device, backend: ClusterBackend): void => {
  const feeds = new Map<string, Subject<ChangeEvent>>();
  for (const b of device.all) {
    const feed = new Subject<ChangeEvent>();
    feeds.set(b.module.name, feed);
    b.feed = feed;
  }
  const observed = (): boolean => {
    for (const f of feeds.values()) if (f.observed) return true;
    return false;
  };
  backend.onLogged = (_seq, time, changes) => {
    if (!observed()) return;
    const at = new Date(time).toISOString();
    for (const change of changes()) {
      const feed = feeds.get(change.module.name);
      if (feed === undefined || !feed.observed) continue;
      for (const event of changeEventsOf(change, at)) feed.next(event);
    }
  };
};
