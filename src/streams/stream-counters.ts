/**
 * What the hub counts, read at any time as a plain object (for the service's
 * own YANG module and for tests). Gauges go up and down; totals only go up.
 */
export interface StreamCounters {
  /** Gauge: subscribers attached to a source (from subscribe until released). */
  subscribers: number;
  /** Gauge: hot subscriptions to a notification source's `open()`. */
  sources: number;
  /** Gauge: shared filtered streams, one per (key, filter text) in use. */
  filters: number;
  /** Total: event frames handed to consumers (pulled), summed over subscribers. */
  eventsDelivered: number;
  /** Total: event frames discarded because their subscriber overflowed. */
  eventsDropped: number;
  /** Total: subscribers dropped because their queue overflowed. */
  subscribersDropped: number;
  /** Total: keep-alive comments handed to consumers. */
  keepAlivesSent: number;
}

export const createStreamCounters = (): StreamCounters => ({
  subscribers: 0,
  sources: 0,
  filters: 0,
  eventsDelivered: 0,
  eventsDropped: 0,
  subscribersDropped: 0,
  keepAlivesSent: 0,
});
