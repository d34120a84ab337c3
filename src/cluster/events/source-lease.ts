/**
 * Which replica runs the application's notification sources: one at a time,
 * the holder of a lease kept in a small JetStream stream. The holder renews
 * it every `ttlMs / 3` by publishing with the stream-wide expected last
 * sequence set to its own last renewal (the same check as commits: no
 * per-subject compare-and-swap, which nats-server 2.9.10 does not keep on
 * R3); another replica that has seen the stream's last sequence unchanged
 * for `ttlMs` (by its own clock: no clocks are compared) claims it with the
 * expected sequence it saw, and of several claimants exactly one is stored.
 * A holder that could not renew for `ttlMs` stops holding before anyone may
 * claim, so two replicas never run the sources at once for long.
 */
import type { NatsConnection } from '@nats-io/transport-node';
import { JetStreamApiError, jetstream, jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { BehaviorSubject } from 'rxjs';

/** JetStream's "wrong last sequence" (10071). */
const WRONG_LAST_SEQUENCE = 10071;

export interface SourceLeaseOptions {
  readonly stream: string;
  readonly replica: string;
  readonly replicas: number;
  readonly ttlMs?: number;
}

export class SourceLease {
  /** Whether this replica holds the lease now. */
  readonly held = new BehaviorSubject(false);
  private timer: NodeJS.Timeout | undefined;
  private mine = -1;
  private lastSeen = -1;
  private seenAt = 0;
  private renewedAt = 0;
  private busy = false;
  private readonly ttl: number;
  private readonly name: string;
  private readonly subject: string;

  constructor(private readonly nc: NatsConnection, private readonly o: SourceLeaseOptions) {
    this.ttl = o.ttlMs ?? 3_000;
    this.name = `${o.stream}_LEASE`;
    this.subject = `rxconf.${o.stream.toLowerCase()}.lease`;
  }

  async start(): Promise<void> {
    const jsm = await jetstreamManager(this.nc);
    await jsm.streams.info(this.name).catch(() => jsm.streams.add({
      name: this.name, subjects: [this.subject], num_replicas: this.o.replicas,
      storage: StorageType.File, retention: RetentionPolicy.Limits, max_msgs: 16,
    }));
    await this.tick();
    this.timer = setInterval(() => void this.tick(), Math.max(50, Math.floor(this.ttl / 3)));
  }

  private async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const now = Date.now();
      if (this.held.value && now - this.renewedAt >= this.ttl) this.held.next(false);
      const jsm = await jetstreamManager(this.nc, { timeout: this.ttl / 3 });
      const last = (await jsm.streams.info(this.name)).state.last_seq;
      if (last !== this.lastSeen) {
        this.lastSeen = last;
        this.seenAt = now;
      }
      const mineNow = last === this.mine;
      if (!mineNow && this.held.value) this.held.next(false); // another replica claimed it
      if (mineNow || last === 0 || now - this.seenAt >= this.ttl) await this.claim(last, now);
    } catch {
      // NATS unreachable: the lease lapses by itself (above)
    } finally {
      this.busy = false;
    }
  }

  private async claim(expected: number, at: number): Promise<void> {
    try {
      const js = jetstream(this.nc, { timeout: this.ttl / 3 });
      const ack = await js.publish(this.subject, JSON.stringify({ holder: this.o.replica }), { expect: { lastSequence: expected } });
      this.mine = ack.seq;
      this.lastSeen = ack.seq;
      this.seenAt = at;
      this.renewedAt = at;
      if (!this.held.value) this.held.next(true);
    } catch (e) {
      if (!(e instanceof JetStreamApiError && e.code === WRONG_LAST_SEQUENCE)) throw e;
      if (this.held.value) this.held.next(false);
    }
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    if (this.held.value) this.held.next(false);
    this.held.complete();
  }
}
