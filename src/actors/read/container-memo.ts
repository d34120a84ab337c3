/**
 * The JSON of a container's members, kept from one read to the next where
 * a read writes the container whole (write-kept.ts): the target of a GET,
 * or a module's root. The data tree is edited in place, so what is kept is
 * never trusted as it is: it comes with the snapshot of the subtree it was
 * written from (data-snapshot.ts) and is used only while every container
 * there has the revision it had and every list the same entries. What the
 * JSON is made of is nothing else: the data, the plans that write the
 * container's members (names, JSON mode, the module around them) and the
 * with-defaults mode (each pair a shelf of its own, memo-shelves.ts).
 *
 * Memory is bounded: a subtree past KEPT_BOUNDS is not kept (it streams,
 * and would only churn what is kept), and once the kept JSON passes
 * CONTAINER_MEMO_BYTES all of it is dropped and keeping starts again. A
 * container found out of date is kept again at its next read, not at once:
 * one that changes between every two reads costs the keeping every other
 * read, not every read.
 */
import type { DataContainer } from '../../data/data-container.ts';
import { MEMO_ROWS } from './entry-memo.ts';
import type { DataSnapshot, SnapshotBounds } from './data-snapshot.ts';
import { unchanged } from './data-snapshot.ts';
import type { MemberPlan } from './member-plan.ts';
import { MemoShelves, type Shelf } from './memo-shelves.ts';
import type { WithDefaults } from './with-defaults.ts';

/** What a kept subtree may hold: its lists as short as the entries kept one by one (entry-memo.ts), its JSON a few chunks. */
export const KEPT_BOUNDS: SnapshotBounds = { containers: 2 * MEMO_ROWS, rows: MEMO_ROWS, bytes: 256 * 1024 };

/** The kept JSON (and its snapshots, about 16 bytes a container) at most, in bytes, before all of it is dropped. */
export const CONTAINER_MEMO_BYTES = 4 * 1024 * 1024;

export interface KeptMembers {
  readonly snapshot: DataSnapshot;
  /** The members' JSON, as the first of their object (no comma before), without the braces. */
  readonly bytes: Uint8Array;
  /** The data nodes it holds (what rx.max-node-count counts). */
  readonly nodes: number;
}

const kept = new MemoShelves<KeptMembers>(CONTAINER_MEMO_BYTES);

/** Where the members of containers written by `plans` in `mode` are kept. */
export const containerShelf = (plans: readonly MemberPlan[], mode: WithDefaults): Shelf<KeptMembers> => kept.shelf(plans, mode);

/** Nothing kept for the container: none was, or what was is out of date (and now dropped). */
export const NONE = 0;
export const STALE = 1;

/** What `data`'s members were written as on `shelf`, if the data is what they were written from. */
export const recallMembers = (shelf: Shelf<KeptMembers>, data: DataContainer): KeptMembers | typeof NONE | typeof STALE => {
  const k = shelf.get(data);
  if (k === undefined) return NONE;
  if (unchanged(k.snapshot)) return k;
  shelf.delete(data);
  return STALE;
};

/** Keeps `bytes` (copied), just written as `data`'s members by `plans` in `mode` from what `snapshot` holds, with `nodes` data nodes. */
export const keepMembers = (
  data: DataContainer, plans: readonly MemberPlan[], mode: WithDefaults, snapshot: DataSnapshot, bytes: Uint8Array, nodes: number,
): void => {
  const size = bytes.length + 16 * (snapshot.containers.length + snapshot.lists.length) + 256;
  // a copy: `bytes` is a view of a lent chunk
  kept.put(plans, mode, data, { snapshot, bytes: new Uint8Array(bytes), nodes }, size);
};

/** The bytes kept so far (since the last time all were dropped). */
export const containerMemoHeld = (): number => kept.held;
