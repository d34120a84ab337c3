/** rx.max-node-count: an answer over the limit is an RFC 8040 too-big error (status 400), never truncated. */
import { restconfError, RestconfFailure } from '../../errors/index.ts';

export class NodeBudget {
  private used = 0;

  constructor(readonly limit: number) {}

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
