/**
 * Group commit: records queue while a durable write runs; then one
 * durable write covers all of them. The records added while a write runs
 * form the next group, and share one Promise: it resolves once the write
 * that started after them has finished (and its segments are ready), so an
 * acknowledged record is durable, in order. After a failed write nothing
 * more is accepted: the journal can no longer say what is on disk.
 */
import type { JournalSegment } from './journal-segment.ts';

/** The records one durable write covers, and the Promise their writers wait on. */
class Group {
  readonly done: Promise<void>;
  resolve!: () => void;
  reject!: (e: unknown) => void;

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
  private syncing: Group | undefined;
  private readonly dirty = new Set<JournalSegment>();
  private failure: Error | undefined;
  /** Durable writes done (each covering one group of records). */
  syncs = 0;

  get failed(): Error | undefined {
    return this.failure;
  }

  /** Writes `text` (framed records) to `segment`; resolves once durable. */
  add(segment: JournalSegment, text: string): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    segment.queue(text);
    this.dirty.add(segment);
    if (this.next !== undefined) return this.next.done;
    const group = (this.next = new Group());
    if (this.syncing === undefined) void this.run();
    return group.done;
  }

  /** Resolves once everything added so far is durable. */
  flush(): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    return (this.next ?? this.syncing)?.done ?? Promise.resolve();
  }

  /** Writes group after group durably while there is one (the first write starts at once, in the caller's turn). */
  private async run(): Promise<void> {
    for (let group = this.next; group !== undefined && this.failure === undefined; group = this.next) {
      this.next = undefined;
      this.syncing = group;
      const segments = [...this.dirty];
      this.dirty.clear();
      try {
        for (const s of segments) await s.commit();
        for (const s of segments) await s.ready;
      } catch (e) {
        this.fail(e);
        return;
      }
      this.syncs += 1;
      this.syncing = undefined;
      group.resolve();
    }
  }

  private fail(e: unknown): void {
    this.failure ??= e instanceof Error ? e : new Error(String(e));
    for (const g of [this.syncing, this.next]) {
      // Every writer of these records awaits the Promise: none is left unhandled.
      g?.done.catch(() => undefined);
      g?.reject(this.failure);
    }
    this.syncing = undefined;
    this.next = undefined;
  }
}
