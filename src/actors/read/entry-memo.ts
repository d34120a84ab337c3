/**
 * The JSON of list entries whose members are all leaves, kept from one read
 * to the next (write-data.ts writes a list's rows through it). The data
 * tree is edited in place, so what is kept is never trusted as it is: it
 * holds the value of each member it was written from, and is used only
 * while the entry holds those same values (strings compared by content,
 * numbers and booleans by value; an entry holding any other kind of value
 * is not kept). What an entry's JSON is made of is nothing else: its
 * members' values, the plans that write them (names, mode, the module
 * around them) and the with-defaults mode (each set of plans and mode has a
 * shelf of its own: a client in one mode does not push out another's); the walk
 * keeps an entry only where every member is selected (no fields, depth or
 * content limit among them). Whatever changed an entry (any edit, a
 * replica applying the log, a restore), its next read writes it anew.
 *
 * Memory is bounded: lists longer than MEMO_ROWS are not kept (they stream,
 * and would only churn what is kept), and once the kept JSON passes
 * MEMO_BYTES all of it is dropped and keeping starts again.
 */
import type { DataContainer } from '../../data/data-container.ts';
import type { DataNodeMeta } from '../../meta/meta.ts';
import type { MemberPlan } from './member-plan.ts';
import { MemoShelves, type Shelf as MemoShelfOf } from './memo-shelves.ts';
import type { WithDefaults } from './with-defaults.ts';

/** A list with more entries than this is written without keeping them. */
export const MEMO_ROWS = 2048;

/** The kept JSON (and its values, about 16 bytes each) at most, in bytes, before all of it is dropped. */
export const MEMO_BYTES = 4 * 1024 * 1024;

interface EntryText {
  /** Each plan's member value it was written from (undefined: absent). */
  readonly values: readonly unknown[];
  /** The members' JSON, without the braces. */
  readonly bytes: Uint8Array;
  /** The data nodes it holds (what rx.max-node-count counts). */
  readonly nodes: number;
}

const entries = new MemoShelves<EntryText>(MEMO_BYTES);

/** The entries kept for one set of plans (names, JSON mode, the module around them) and with-defaults mode. */
export type Shelf = MemoShelfOf<EntryText>;

/** Where the entries written by `plans` in `withDefaults` mode are kept: each mode its own, so clients in different modes do not push each other's out. */
export const shelfOf = (plans: readonly MemberPlan[], withDefaults: WithDefaults): Shelf => entries.shelf(plans, withDefaults);

const leavesOnly = new WeakMap<readonly MemberPlan[], boolean>();

/** Whether the entries the plans write may be kept: every member a leaf. */
export const keepable = (plans: readonly MemberPlan[]): boolean => {
  let known = leavesOnly.get(plans);
  if (known === undefined) {
    known = plans.length > 0 && plans.every((p) => p.def.kind === 'leaf');
    leavesOnly.set(plans, known);
  }
  return known;
};

/** What `entry` was written as on `shelf` (by `plans`), if it still holds the values it was written from. */
export const recall = (shelf: Shelf, entry: DataContainer, plans: readonly MemberPlan[]): EntryText | undefined => {
  const k = shelf.get(entry);
  if (k === undefined) return undefined;
  const values = entry.values;
  const was = k.values;
  for (let i = 0; i < plans.length; i++) {
    if (values.get((plans[i] as MemberPlan).def as DataNodeMeta) !== was[i]) return undefined;
  }
  return k;
};

/**
 * Keeps `bytes` (copied), just written for `entry` with these plans and
 * mode, holding `nodes` data nodes (recall found nothing to use). An entry
 * whose kept JSON was out of date is not kept again at once, only at its
 * next read: an entry that changes between every two reads costs the
 * keeping every other read, not every read.
 */
export const keep = (entry: DataContainer, plans: readonly MemberPlan[], withDefaults: WithDefaults, bytes: Uint8Array, nodes: number): void => {
  if (shelfOf(plans, withDefaults).delete(entry)) return;
  const values: unknown[] = [];
  for (let i = 0; i < plans.length; i++) {
    const v = entry.values.get((plans[i] as MemberPlan).def as DataNodeMeta);
    // a value that could change without the entry changing (an array) is never trusted
    if (typeof v === 'object' && v !== null) return;
    values.push(v);
  }
  // with what the objects around them take (the record, the values' array, the bytes' buffer);
  // a copy: `bytes` is a view of a lent chunk (a Buffer's slice would be a view too)
  entries.put(plans, withDefaults, entry, { values, bytes: new Uint8Array(bytes), nodes }, bytes.length + 16 * values.length + 256);
};

/** The bytes kept so far (since the last time all were dropped). */
export const memoHeld = (): number => entries.held;
