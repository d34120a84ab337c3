/**
 * Where JSON kept from one read to the next is kept (entry-memo.ts,
 * container-memo.ts): per data container, on a shelf per set of plans
 * (names, JSON mode, the module around them) and with-defaults mode, so
 * that clients reading in different modes do not push each other's out.
 * Memory is bounded: once what is kept passes the limit, all of it is
 * dropped and keeping starts again.
 */
import type { DataContainer } from '../../data/data-container.ts';
import type { JsonBuffer } from '../nodes/json-writer.ts';
import type { MemberPlan } from './member-plan.ts';
import type { WithDefaults } from './with-defaults.ts';

export type Shelf<T extends object> = WeakMap<DataContainer, T>;

export class MemoShelves<T extends object> {
  #shelves = new WeakMap<readonly MemberPlan[], Map<WithDefaults, Shelf<T>>>();
  #held = 0;

  /** `limit`: bytes kept at most (as `put` counts them). */
  constructor(private readonly limit: number) {}

  /** The shelf of what `plans` wrote in `mode`. */
  shelf(plans: readonly MemberPlan[], mode: WithDefaults): Shelf<T> {
    let byMode = this.#shelves.get(plans);
    if (byMode === undefined) {
      byMode = new Map();
      this.#shelves.set(plans, byMode);
    }
    let shelf = byMode.get(mode);
    if (shelf === undefined) {
      shelf = new WeakMap();
      byMode.set(mode, shelf);
    }
    return shelf;
  }

  /** Keeps `kept` for `data` on the shelf of `plans` and `mode`, as `size` bytes; all is dropped first when they would pass the limit. */
  put(plans: readonly MemberPlan[], mode: WithDefaults, data: DataContainer, kept: T, size: number): void {
    if (this.#held + size > this.limit) {
      this.#shelves = new WeakMap();
      this.#held = 0;
    }
    this.#held += size;
    this.shelf(plans, mode).set(data, kept);
  }

  /** The bytes kept so far (since the last time all were dropped). */
  get held(): number {
    return this.#held;
  }
}

/** Puts kept bytes into the buffer. */
export const putKept = (buf: JsonBuffer, bytes: Uint8Array): void => {
  const n = bytes.length;
  const b = buf.room(n);
  b.set(bytes, buf.at);
  buf.at += n;
};
