/**
 * Which replicas of a datastore are alive, as this replica sees them. Every
 * replica says hello on a core NATS subject every HELLO_MS; one heard
 * within ALIVE_MS is alive. The alive replica with the lowest id is the
 * commit sequencer (commit-sequencer.ts), the only one that publishes
 * commits into the log.
 *
 * A replica leads only once its view is complete: SETTLE_MS after it
 * started saying hello, and ALIVE_MS after its own hellos came back late
 * (it was cut off from NATS long enough for the others to count it gone
 * and one of them to lead meanwhile). A replica that hears a lower id
 * stops leading at once; one that stops hearing itself, too.
 *
 * A replica that stops gracefully says bye (a hello with the header
 * `Rxconf-Bye`): the others count it gone at once, so the next sequencer
 * takes over without waiting ALIVE_MS for it.
 */
import { headers, type NatsConnection, type Subscription } from '@nats-io/transport-node';

/** How often a replica says hello. */
export const HELLO_MS = 250;
/** A replica not heard for this long is gone. */
export const ALIVE_MS = 1_500;
/** Own hellos coming back further apart than this: this replica was cut off (others may have counted it gone). */
const GAP_MS = 1_000;
/** How long a starting replica listens before its view counts as complete. */
const SETTLE_MS = 600;

const decoder = new TextDecoder();
const BYE = 'Rxconf-Bye';

export class ReplicaRoster {
  private readonly heard = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private sub: Subscription | undefined;
  private settledFrom = Infinity;
  private ownHeardAt = 0;
  private leading = false;
  /** Counts the times this replica began to lead (looked at with every hello sent and every `leads`). */
  term = 0;
  private readonly subject: string;

  constructor(private readonly nc: NatsConnection, stream: string, readonly self: string) {
    this.subject = `rxconf.${stream.toLowerCase()}.replicas`;
  }

  start(): void {
    this.sub = this.nc.subscribe(this.subject, {
      callback: (_e, m) => {
        const id = decoder.decode(m.data);
        if (m.headers?.get(BYE) === '1') {
          if (id !== this.self) this.heard.delete(id);
          return;
        }
        const now = Date.now();
        if (id === this.self) {
          if (this.ownHeardAt > 0 && now - this.ownHeardAt > GAP_MS) this.settledFrom = Math.max(this.settledFrom, now + ALIVE_MS);
          this.ownHeardAt = now;
        }
        this.heard.set(id, now);
      },
    });
    this.settledFrom = Date.now() + SETTLE_MS;
    const hello = (): void => {
      this.leads();
      try {
        this.nc.publish(this.subject, this.self);
      } catch {
        // the connection is closing
      }
    };
    hello();
    this.timer = setInterval(hello, HELLO_MS);
  }

  /** Resolves once this replica's view counts as complete (after its start, or its own hellos coming back late). */
  async settled(): Promise<void> {
    const wait = this.settledFrom - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }

  /** The lowest id alive (undefined: none heard, not even this replica's own hello). */
  leader(now = Date.now()): string | undefined {
    let lowest: string | undefined;
    for (const [id, at] of this.heard) {
      if (now - at > ALIVE_MS) continue;
      if (lowest === undefined || id < lowest) lowest = id;
    }
    return lowest;
  }

  /** Whether this replica leads now: it hears itself, its view is complete, and no lower id is alive. */
  leads(now = Date.now()): boolean {
    const leads = now >= this.settledFrom && now - this.ownHeardAt <= GAP_MS && this.leader(now) === this.self;
    if (leads && !this.leading) this.term += 1;
    this.leading = leads;
    return leads;
  }

  /** Stops saying hello, and says bye (the others count this replica gone at once). */
  close(): void {
    clearInterval(this.timer);
    this.sub?.unsubscribe();
    const h = headers();
    h.set(BYE, '1');
    try {
      this.nc.publish(this.subject, this.self, { headers: h });
    } catch {
      // the connection is closing: the others count this replica gone after ALIVE_MS
    }
  }
}
