/**
 * rx.max-node-count: an answer over the limit is an RFC 8040 too-big error
 * (status 400), decided before the status line (read-body.ts), never a
 * truncated 200.
 */
import { restconfError, RestconfFailure } from '../../errors/index.ts';

export class NodeBudget {
  private used = 0;

  constructor(private limit: number) {}

  /** No limit from now on: the answer was counted and fits (read-body.ts FitCheck); what is written next is never cut short. */
  lift(): void {
    this.limit = Number.POSITIVE_INFINITY;
  }

  /** Whether spending can fail: a finite limit a client could exceed. */
  get bounded(): boolean {
    return this.limit < Number.MAX_SAFE_INTEGER;
  }

  spend(n: number): void {
    this.used += n;
    if (this.used > this.limit) {
      throw new RestconfFailure([
        restconfError('too-big', `the answer holds more than ${this.limit} data nodes; narrow it (depth, fields, rx.range) or raise rx.max-node-count`, { type: 'application', status: 400 }),
      ]);
    }
  }

  get count(): number {
    return this.used;
  }
}
