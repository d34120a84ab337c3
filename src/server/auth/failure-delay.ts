/**
 * Slows down guessing: each failed login from an address delays that
 * address's next 401 (100 ms, doubling, at most 5 s), without holding up
 * anyone else; a success or 15 quiet minutes forget the failures.
 */
const FORGET_MS = 15 * 60_000;
const MAX_TRACKED = 100_000;

export class FailureDelay {
  private readonly failures = new Map<string, { count: number; last: number }>();

  /** Records a failure from `address` and tells how long to wait before answering (`baseMs` after the first, doubling, at most `maxMs`). */
  failed(address: string, now = Date.now(), baseMs = 100, maxMs = 5_000): number {
    const f = this.failures.get(address);
    const count = f === undefined || now - f.last > FORGET_MS ? 1 : f.count + 1;
    if (f === undefined && this.failures.size >= MAX_TRACKED) {
      const oldest = this.failures.keys().next();
      if (oldest.done !== true) this.failures.delete(oldest.value);
    }
    this.failures.delete(address);
    this.failures.set(address, { count, last: now });
    return Math.min(baseMs * 2 ** (count - 1), maxMs);
  }

  /** Whether any address has failures on record (a success need not look up its address otherwise). */
  get active(): boolean {
    return this.failures.size > 0;
  }

  succeeded(address: string): void {
    if (this.failures.size > 0) this.failures.delete(address);
  }
}
