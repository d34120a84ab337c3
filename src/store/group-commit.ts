/**
 * Group commit: records queue while a sync runs; then one write and one
 * sync cover all of them. A record's promise resolves once a sync that
 * started after it was written has finished (and its segment is ready), so
 * an acknowledged record is durable, in order. After a failed write or sync
 * nothing more is accepted: the journal can no longer say what is on disk.
 */
import type { JournalSegment } from './journal-segment.ts';

interface Waiter {
  readonly seq: number;
  readonly resolve: () => void;
  readonly reject: (e: unknown) => void;
}

export class GroupCommit {
  private seq = 0;
  private durable = 0;
  private readonly waiters: Waiter[] = [];
  private readonly dirty = new Set<JournalSegment>();
  private running = false;
  private failure: Error | undefined;
  /** Syncs done (each covering one group of records). */
  syncs = 0;

  get failed(): Error | undefined {
    return this.failure;
  }

  /** Writes `text` (framed records) to `segment`; resolves once durable. */
  add(segment: JournalSegment, text: string): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    segment.queue(text);
    this.dirty.add(segment);
    this.seq += 1;
    return this.wait(this.seq);
  }

  /** Resolves once everything added so far is durable. */
  flush(): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    return this.durable >= this.seq ? Promise.resolve() : this.wait(this.seq);
  }

  private wait(seq: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiters.push({ seq, resolve, reject });
      if (!this.running) {
        this.running = true;
        void this.run();
      }
    });
  }

  private async run(): Promise<void> {
    try {
      while (this.durable < this.seq && this.failure === undefined) {
        const target = this.seq;
        const segments = [...this.dirty];
        this.dirty.clear();
        try {
          for (const s of segments) s.write();
          for (const s of segments) await s.sync();
          for (const s of segments) await s.ready;
        } catch (e) {
          this.fail(e);
          return;
        }
        this.syncs += 1;
        this.durable = target;
        let n = 0;
        while (n < this.waiters.length && (this.waiters[n] as Waiter).seq <= target) n++;
        for (const w of this.waiters.splice(0, n)) w.resolve();
      }
    } finally {
      this.running = false;
    }
  }

  private fail(e: unknown): void {
    this.failure ??= e instanceof Error ? e : new Error(String(e));
    for (const w of this.waiters.splice(0)) w.reject(this.failure);
  }
}
