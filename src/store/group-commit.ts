/**
 * Group commit: the records added in one turn of the event loop, and those
 * added while a durable write runs, form a group; one durable write covers
 * all of a group, and its records share one Promise, resolved once that
 * write (and every one before it) has finished and its segments are
 * ready: an acknowledged record is durable, in order.
 *
 * Where the write runs: a group of one record with nothing else being
 * written (one client editing, or edits far apart) is written at the end
 * of its turn from the event loop, which then waits for the disk (a
 * fraction of a millisecond); every other group goes through libuv's
 * pool, so that the loop goes on serving while the disk works. A write
 * handed to the pool costs two thread wake-ups, which on virtual machines
 * take longer than the write itself. `slowWrites` writes from the loop in
 * a row that each took longer than `slowMs` (a disk busy with other
 * writers; one slow write alone may be the loop's thread put aside) send
 * every group to the pool for the next `backoffMs` (LOOP_WRITES): the loop
 * stalls a few times, not at every edit.
 *
 * After a failed write nothing more is accepted: the journal can no longer
 * say what is on disk.
 */
import type { JournalSegment } from './journal-segment.ts';

/** When writes from the event loop give way to the pool. */
export interface LoopWrites {
  /** A write from the loop longer than this (ms) is slow. */
  readonly slowMs: number;
  /** So many slow writes in a row mean the disk is busy. */
  readonly slowWrites: number;
  /** For how long (ms) groups then go to the pool. */
  readonly backoffMs: number;
}

export const LOOP_WRITES: LoopWrites = { slowMs: 2, slowWrites: 3, backoffMs: 1000 };

/** The records one durable write covers, and the Promise their writers wait on. */
class Group {
  readonly done: Promise<void>;
  resolve!: () => void;
  reject!: (e: unknown) => void;
  /** Records in the group. */
  size = 0;

  constructor() {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }
}

export class GroupCommit {
  /** Records added since the last write began (the next group), if any. */
  private next: Group | undefined;
  /** The group being written, if any. */
  private writing: Group | undefined;
  private readonly dirty = new Set<JournalSegment>();
  private failure: Error | undefined;
  /** Whether the end of this turn is awaited to write the next group. */
  private scheduled = false;
  /** Until when (performance.now()) no group is written from the event loop. */
  private poolUntil = 0;
  /** Slow writes from the loop in a row. */
  private slow = 0;
  /** Durable writes done (each covering one group of records). */
  writes = 0;
  /** Of them, those made from the event loop. */
  writesFromLoop = 0;

  constructor(private readonly loop: LoopWrites = LOOP_WRITES) {}

  get failed(): Error | undefined {
    return this.failure;
  }

  /** Writes the record `json` to `segment`, framed as it is queued (journal-line.ts); resolves once durable. */
  add(segment: JournalSegment, json: string): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    segment.queueRecord(json);
    this.dirty.add(segment);
    const group = (this.next ??= new Group());
    group.size += 1;
    if (this.writing === undefined && !this.scheduled) {
      this.scheduled = true;
      setImmediate(this.endOfTurn);
    }
    return group.done;
  }

  /** Resolves once everything added so far is durable. */
  flush(): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    return (this.next ?? this.writing)?.done ?? Promise.resolve();
  }

  /** The turn's records are all added: a lone record is written here, any other group in the pool. */
  private readonly endOfTurn = (): void => {
    this.scheduled = false;
    const group = this.next;
    if (group === undefined || this.writing !== undefined || this.failure !== undefined) return;
    const [segment] = this.dirty;
    if (group.size === 1 && this.dirty.size === 1 && segment?.settled === true && performance.now() >= this.poolUntil) {
      const started = performance.now();
      try {
        segment.commitNow();
      } catch (e) {
        this.fail(e);
        return;
      }
      this.next = undefined;
      this.dirty.clear();
      const now = performance.now();
      this.slow = now - started > this.loop.slowMs ? this.slow + 1 : 0;
      if (this.slow >= this.loop.slowWrites) {
        this.slow = 0;
        this.poolUntil = now + this.loop.backoffMs;
      }
      this.writes += 1;
      this.writesFromLoop += 1;
      group.resolve();
      return;
    }
    void this.run();
  };

  /** Writes group after group durably in the pool while there is one. */
  private async run(): Promise<void> {
    for (let group = this.next; group !== undefined && this.failure === undefined; group = this.next) {
      this.next = undefined;
      this.writing = group;
      const segments = [...this.dirty];
      this.dirty.clear();
      try {
        for (const s of segments) await s.commit();
        for (const s of segments) await s.ready;
      } catch (e) {
        this.fail(e);
        return;
      }
      this.writes += 1;
      this.writing = undefined;
      group.resolve();
    }
  }

  private fail(e: unknown): void {
    this.failure ??= e instanceof Error ? e : new Error(String(e));
    for (const g of [this.writing, this.next]) {
      // Every writer of these records awaits the Promise: none is left unhandled.
      g?.done.catch(() => undefined);
      g?.reject(this.failure);
    }
    this.writing = undefined;
    this.next = undefined;
  }
}
