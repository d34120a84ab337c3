/**
 * The data file every server of the cluster benchmark starts from (the
 * single process's journal; the replicas' seed of the empty stream): the
 * http benchmark's two-module model with `entries` interfaces, and limits
 * that let a subscriber replay `replayEvents` events (the replay log on,
 * holding them; a replaying subscriber's queue as large).
 */
import { writeFileSync } from 'node:fs';
import { seedDocument } from '../http/seed-data.ts';

export const writeClusterSeed = (file: string, entries: number, replayEvents: number): void => {
  const doc = seedDocument(entries);
  doc['rxconf-server:server'] = {
    limits: {
      'max-node-count': 4_000_000,
      'replay-buffer-events': replayEvents,
      'max-queued-events': Math.max(1_000, replayEvents * 2),
    },
  };
  writeFileSync(file, `${JSON.stringify(doc)}\n`);
};
