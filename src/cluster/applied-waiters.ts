/** Who waits for a replica to have applied a sequence of the log (an edit's read-your-writes, a catch-up, start-up). */
export class AppliedWaiters {
  private waiters: { readonly seq: number; readonly resolve: () => void }[] = [];

  /** Resolves once `applied` (told with `applied()`) reaches `seq`; at once when `now` has. */
  wait(seq: number, now: number): Promise<void> {
    if (now >= seq) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ seq, resolve }));
  }

  /** The replica has applied up to `applied`: those waiting for it go on. */
  applied(applied: number): void {
    if (this.waiters.length === 0) return;
    const still: typeof this.waiters = [];
    for (const w of this.waiters) {
      if (applied >= w.seq) w.resolve();
      else still.push(w);
    }
    this.waiters = still;
  }
}
