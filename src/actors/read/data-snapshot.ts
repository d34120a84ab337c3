/**
 * What a container's subtree is made of, to tell later, cheaply, that it
 * still holds the same data (container-memo.ts): every container in it
 * with its revision (DataValues: any set, delete or clear of its values
 * shows there, whoever makes it — an edit, an undo, a replica applying the
 * log, a restore) and every list's entries in order (a list's array is
 * changed in place by its writers, so its entries are compared one by
 * one). Other values are never changed in place, only replaced (a
 * leaf-list's or bits' array too), which their holder's revision shows;
 * anydata and anyxml values are parsed JSON a writer could change, so a
 * subtree holding one is not taken.
 */
import { DataContainer } from '../../data/data-container.ts';
import { isPartial } from '../../data/list-index.ts';

export interface DataSnapshot {
  /** Every container of the subtree, the top one first, and the revision each had. */
  readonly containers: readonly DataContainer[];
  readonly revisions: readonly number[];
  /** Every list's array and the entries it held, in order. */
  readonly lists: readonly (readonly DataContainer[])[];
  readonly entries: readonly (readonly DataContainer[])[];
  /** Bytes of JSON the subtree is written as at most, for text without characters to escape. */
  readonly estimate: number;
}

/** What a snapshot may take: containers in all, entries of one list, bytes of JSON (estimate). */
export interface SnapshotBounds {
  readonly containers: number;
  readonly rows: number;
  readonly bytes: number;
}

/** A member's name, punctuation and a value that is not a string, as JSON: more than any takes but a long name's. */
const MEMBER_BYTES = 96;

class Taking {
  readonly containers: DataContainer[] = [];
  readonly revisions: number[] = [];
  readonly lists: (readonly DataContainer[])[] = [];
  readonly entries: (readonly DataContainer[])[] = [];
  estimate = 0;

  constructor(private readonly most: SnapshotBounds) {}

  /** Takes `c` and what is below it; false when the subtree is past a bound or holds what cannot be taken. */
  take(c: DataContainer): boolean {
    if (this.containers.length >= this.most.containers) return false;
    this.containers.push(c);
    this.revisions.push(c.values.revision);
    for (const [meta, v] of c.values) {
      this.estimate += MEMBER_BYTES;
      if (v instanceof DataContainer) {
        if (!this.take(v)) return false;
      } else if (meta.kind === 'list') {
        if (!this.takeList(v as readonly DataContainer[])) return false;
      } else if (meta.kind === 'anydata' || meta.kind === 'anyxml') {
        return false;
      } else {
        this.estimate += valueBytes(v);
      }
      if (this.estimate > this.most.bytes) return false;
    }
    return true;
  }

  private takeList(list: readonly DataContainer[]): boolean {
    if (list.length > this.most.rows || isPartial(list)) return false;
    this.lists.push(list);
    this.entries.push(list.slice());
    for (const e of list) if (!this.take(e)) return false;
    return true;
  }
}

/** A value's JSON bytes beyond MEMBER_BYTES, at most (text without characters to escape: 3 bytes a UTF-16 unit at most). */
const valueBytes = (v: unknown): number => {
  if (typeof v === 'string') return 3 * v.length;
  if (!Array.isArray(v)) return 0;
  let n = 0;
  for (const x of v) n += MEMBER_BYTES / 4 + (typeof x === 'string' ? 3 * x.length : 0);
  return n;
};

/** The snapshot of `data`'s subtree, or undefined when it is past `most` or holds anydata. */
export const snapshotOf = (data: DataContainer, most: SnapshotBounds): DataSnapshot | undefined => {
  const t = new Taking(most);
  return t.take(data) ? t : undefined;
};

/** Whether every container of the snapshot holds what it held, and every list the same entries. */
export const unchanged = (s: DataSnapshot): boolean => {
  const { containers, revisions } = s;
  for (let i = 0; i < containers.length; i++) {
    if ((containers[i] as DataContainer).values.revision !== revisions[i]) return false;
  }
  const { lists, entries } = s;
  for (let i = 0; i < lists.length; i++) {
    const now = lists[i] as readonly DataContainer[];
    const was = entries[i] as readonly DataContainer[];
    if (now.length !== was.length) return false;
    for (let j = 0; j < was.length; j++) if (now[j] !== was[j]) return false;
  }
  return true;
};
