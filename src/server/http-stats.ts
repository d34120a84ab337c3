/**
 * What the server has answered, by status, for the rxconf-server stats
 * container: a view of the request-metrics counter /metrics exposes (one
 * counter, two views: a 401, a 403 of the Host check, a 503 of in-flight
 * are in both).
 */
import type { RequestMetrics } from './request-metrics.ts';

export class HttpStats {
  constructor(
    private readonly metrics: RequestMetrics,
    private readonly openConnections: () => number = () => 0,
  ) {}

  /** Client connections open now, on every transport. */
  get connections(): number {
    return this.openConnections();
  }

  /** Every answer. */
  get requests(): number {
    let n = 0;
    for (const count of this.metrics.byStatus().values()) n += count;
    return n;
  }

  /** Answers by status. */
  get responses(): ReadonlyMap<number, number> {
    return this.metrics.byStatus();
  }
}
