/**
 * A container's members written whole by a read (the target of a GET, a
 * module's root) from their kept JSON (container-memo.ts) while the data
 * is what they were written from; else written by write-data.ts and kept
 * for the next read. Only where every member below is selected: no
 * content, fields, rx.xfields, depth or rx.range limit, whose answers
 * are written as before.
 */
import type { DataContainer, HolderMeta } from '../../data/data-container.ts';
import type { ModuleMeta } from '../../meta/meta.ts';
import { FLUSH, type Co } from '../co.ts';
import { CHUNK_BYTES } from '../../base/chunk-bytes.ts';
import { putAscii } from '../nodes/json-bytes.ts';
import type { JsonBuffer } from '../nodes/json-writer.ts';
import { containerShelf, keepMembers, KEPT_BOUNDS, NONE, recallMembers, STALE } from './container-memo.ts';
import { snapshotOf } from './data-snapshot.ts';
import type { FieldSelection } from './field-selection.ts';
import { memberPlans } from './member-plan.ts';
import { putKept } from './memo-shelves.ts';
import type { ReadOptions } from './read-options.ts';
import type { ReadState } from './read-walk.ts';
import { EMPTY_DATA, writeChildren } from './write-data.ts';

/** Whether a read writes every member below its target. */
const whole = (o: ReadOptions, fields: FieldSelection | undefined, xfields: FieldSelection | undefined): boolean =>
  o.content === 'all' && fields === undefined && xfields === undefined && o.depth === undefined && o.range === undefined;

/**
 * Kept bytes put back: at once where they fit the chunk being filled (a
 * whole answer then is one chunk, handed out whole), else a chunk's worth
 * at a time, flushed between; what follows them flushes where it would.
 */
function* putKeptChunks(buf: JsonBuffer, bytes: Uint8Array, st: ReadState): Co<void> {
  for (let from = 0; ;) {
    buf.spill();
    const room = (buf.bytes.length === 0 ? CHUNK_BYTES : buf.bytes.length) - buf.at;
    const n = Math.min(bytes.length - from, room > 0 ? room : bytes.length);
    putKept(buf, n === bytes.length ? bytes : bytes.subarray(from, from + n));
    from += n;
    if (from === bytes.length) return;
    if (buf.size >= st.flushAt) yield FLUSH;
  }
}

/**
 * Writes the members of `data` (a holder at `level`: see writeChildren)
 * from what was kept, or writes and keeps them; answers whether the object
 * is still empty, or undefined when it wrote nothing because they are not
 * to be kept (not selected whole, past the bounds, out of date: kept again
 * at the next read) — the caller writes them as before.
 */
export function* writeMembersKept(
  buf: JsonBuffer, data: DataContainer, meta: HolderMeta, module: ModuleMeta | undefined, level: number, depth: number,
  fields: FieldSelection | undefined, xfields: FieldSelection | undefined, first: boolean, st: ReadState,
): Co<boolean | undefined> {
  if (data === EMPTY_DATA || !whole(st.options, fields, xfields)) return undefined;
  const plans = memberPlans(meta.children, meta, module, buf.strict);
  const mode = st.options.withDefaults;
  const k = recallMembers(containerShelf(plans, mode), data);
  if (k !== NONE && k !== STALE) {
    st.budget.spend(k.nodes);
    if (k.bytes.length === 0) return first;
    if (st.counting) return false;
    if (!first) putAscii(buf, ',');
    yield* putKeptChunks(buf, k.bytes, st);
    return false;
  }
  const snapshot = k === STALE || st.counting ? undefined : snapshotOf(data, KEPT_BOUNDS);
  if (snapshot === undefined) return undefined;
  buf.spill();
  const at = buf.at;
  const spent = st.budget.count;
  // without a flush on the way, so that the members' bytes are together to be kept (the snapshot's bounds bound them)
  const empty = yield* writeChildren(buf, data, meta, module, level, depth, fields, xfields, first, { ...st, flushAt: Number.POSITIVE_INFINITY });
  buf.spill();
  // kept as the object's first members: without the comma written before them
  const bytes = buf.bytes.subarray(first || empty ? at : at + 1, buf.at);
  if (bytes.length <= KEPT_BOUNDS.bytes) keepMembers(data, plans, mode, snapshot, bytes, st.budget.count - spent);
  if (buf.size >= st.flushAt) yield FLUSH;
  return empty;
}
