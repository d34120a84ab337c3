/**
 * What one message of the commit log holds: a JSON array of change records
 * (store/change-record.ts), every module one transaction touched, or
 * several transactions of one turn. The first message of a stream seeded
 * with more than one message may hold the seed mark instead: the seed
 * itself is the snapshot at sequence 1.
 */
import type { DataContainer } from '../data/data-container.ts';
import type { SchemaContext } from '../meta/meta.ts';
import type { StoredChange } from '../store/change-op.ts';
import { decodeChange, encodeChange } from '../store/change-record.ts';
import type { LiveState } from '../store/storage-backend.ts';

/** The first message of a stream whose seed is held as the snapshot at sequence 1 (snapshot-store.ts); it holds no change. */
export const SEED_MARK = '{"seed":"snapshot"}';

const decoder = new TextDecoder();

export const isSeedMark = (data: Uint8Array): boolean => data.length === SEED_MARK.length && decoder.decode(data) === SEED_MARK;

/** The record of one change (its module's whole tree when a path cannot name it). */
export const recordOf = (change: StoredChange, schema: SchemaContext, live: LiveState): string =>
  encodeChange(change, schema)
    ?? encodeChange({ module: change.module, image: live.roots.get(change.module.name) as DataContainer }, schema) as string;

/** The changes one message of the log holds (records that cannot be read are left out). */
export const decodeCommit = (data: Uint8Array, schema: SchemaContext): StoredChange[] => {
  let records: unknown;
  try {
    records = JSON.parse(decoder.decode(data));
  } catch {
    records = [];
  }
  const changes: StoredChange[] = [];
  for (const r of Array.isArray(records) ? records : []) {
    const change = decodeChange(r, schema);
    if (typeof change !== 'string') changes.push(change);
  }
  return changes;
};
