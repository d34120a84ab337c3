/**
 * The datastore's shared commit log: one JetStream stream, one message per
 * committed transaction. Publishing names the transaction (`Nats-Msg-Id`)
 * and the stream-wide last sequence it was validated at
 * (`Nats-Expected-Last-Sequence`): JetStream stores it only if no other
 * commit came first (per-subject expectations are not used: on
 * nats-server 2.9.10 an R3 stream accepted two concurrent writes with the
 * same per-subject expectation, nats-server#4320). Every message is
 * delivered in order to `follow`, from a sequence on.
 */
import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import {
  DeliverPolicy, JetStreamApiError, jetstream, jetstreamManager, RetentionPolicy, StorageType,
  type ConsumerMessages, type JetStreamClient, type JetStreamManager,
} from '@nats-io/jetstream';
import { SnapshotStore } from './snapshot-store.ts';

export interface CommitLogOptions {
  /** NATS server URLs (nats://HOST:PORT). */
  readonly servers: readonly string[];
  /** The stream's name (the subject is derived from it). */
  readonly stream: string;
  /** Stream replicas: 1, or 3 on a 3-node NATS cluster. */
  readonly replicas: number;
  /** How long a publish waits for JetStream's acknowledgement. */
  readonly publishTimeoutMs?: number;
  /** Told when the connection to NATS is lost (false) and back (true). */
  readonly onConnection?: (up: boolean) => void;
}

/**
 * What a message names of the commit it was validated on (header
 * `Rxconf-Prev`: the sequence and transaction id its replica had applied
 * last), so that a replica applying it can tell whether it followed the
 * same history.
 */
export interface Prev {
  readonly seq: number;
  readonly id: string;
}

const PREV = 'Rxconf-Prev';

const prevOf = (text: string | undefined): Prev | undefined => {
  const space = text?.indexOf(' ') ?? -1;
  if (text === undefined || space < 1) return undefined;
  const seq = Number(text.slice(0, space));
  return Number.isSafeInteger(seq) ? { seq, id: text.slice(space + 1) } : undefined;
};

/** One message of the log as `follow` delivers it. */
export interface Delivered {
  readonly seq: number;
  readonly data: Uint8Array;
  /** When JetStream stored it (ms since the epoch). */
  readonly time: number;
  /** Its transaction id (`Nats-Msg-Id`). */
  readonly id: string | undefined;
  readonly prev: Prev | undefined;
}

/** A publish's outcome: stored at `seq`, or refused because the stream had moved on. */
export type Published = { readonly seq: number } | 'conflict';

/** JetStream's "wrong last sequence" (10071). */
const WRONG_LAST_SEQUENCE = 10071;

const subjectOf = (stream: string): string => `rxconf.${stream.toLowerCase()}.commit`;

/** How long a consumer may deliver nothing while the stream holds more before it is made again. */
const STALL_MS = 1_000;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export class CommitLog {
  private following: ConsumerMessages | undefined;
  /** Where `follow` starts again once its consumer is closed (`refollow`). */
  private restartAt: number | undefined;
  private closed = false;
  private readonly subject: string;
  /** The datastore's snapshots, beside the log. */
  readonly snapshots: SnapshotStore;
  connected = true;
  /** The stream's last sequence as last learned (a publish stored, or asked). */
  knownLast = 0;

  /** The connection to NATS (the replica's event streams share it). */
  get connection(): NatsConnection {
    return this.nc;
  }

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly o: CommitLogOptions,
  ) {
    this.subject = subjectOf(o.stream);
    this.snapshots = new SnapshotStore(js, jsm, o.stream, o.replicas);
    void this.watchStatus();
  }

  /**
   * Connects and makes sure the stream exists (created when missing), for
   * up to `waitMs`: NATS not answering yet (a server starting, a NATS
   * cluster electing its JetStream leader) is tried again every 250 ms.
   * Past that, an error naming the servers and the last reason.
   */
  static async open(o: CommitLogOptions, waitMs = 30_000): Promise<CommitLog> {
    const until = Date.now() + waitMs;
    const giveUp = (e: unknown): Error =>
      new Error(`the cluster's NATS (${o.servers.join(', ')}) did not answer within ${Math.round(waitMs / 100) / 10} s (${e instanceof Error ? e.message : String(e)}): a replica starts only once it holds the cluster's data`);
    let nc: NatsConnection | undefined;
    while (nc === undefined) {
      try {
        nc = await connect({
          servers: [...o.servers],
          name: 'rxconf',
          maxReconnectAttempts: -1,
          reconnectTimeWait: 250,
          pingInterval: 2_000,
          timeout: Math.max(250, Math.min(5_000, until - Date.now())),
        });
      } catch (e) {
        if (Date.now() + 250 > until) throw giveUp(e);
        await sleep(250);
      }
    }
    // A NATS cluster that has just started answers JetStream requests only once it has elected its leader.
    let jsm: JetStreamManager | undefined;
    while (jsm === undefined) {
      try {
        jsm = await jetstreamManager(nc, { timeout: o.publishTimeoutMs ?? 5_000 });
      } catch (e) {
        if (Date.now() > until) {
          await nc.close();
          throw giveUp(e);
        }
        await sleep(250);
      }
    }
    const js = jetstream(nc, { timeout: o.publishTimeoutMs ?? 5_000 });
    for (;;) {
      try {
        await jsm.streams.info(o.stream);
        break;
      } catch (e) {
        try {
          await jsm.streams.add({
            name: o.stream,
            subjects: [subjectOf(o.stream)],
            num_replicas: o.replicas,
            storage: StorageType.File,
            retention: RetentionPolicy.Limits,
            duplicate_window: 120_000_000_000, // 2 min, in ns: a transaction id published twice is stored once
          });
          break;
        } catch (e2) {
          if (Date.now() > until) {
            await nc.close();
            throw giveUp(new Error(`stream ${o.stream}: ${(e2 instanceof Error ? e2 : e as Error).message}`));
          }
          await sleep(250);
        }
      }
    }
    const log = new CommitLog(nc, js, jsm, o);
    await log.snapshots.ensure();
    return log;
  }

  private async watchStatus(): Promise<void> {
    for await (const s of this.nc.status()) {
      if (s.type === 'disconnect' || s.type === 'staleConnection') {
        if (this.connected) {
          this.connected = false;
          this.o.onConnection?.(false);
        }
      } else if (s.type === 'reconnect') {
        this.connected = true;
        this.o.onConnection?.(true);
      }
    }
  }

  /** Stores `data` as transaction `id` if the stream's last sequence is still `expected`. */
  async publish(data: Uint8Array, id: string, expected: number, prevId?: string): Promise<Published> {
    try {
      let h;
      if (prevId !== undefined) {
        h = headers();
        h.set(PREV, `${expected} ${prevId}`);
      }
      const ack = await this.js.publish(this.subject, data, { msgID: id, expect: { lastSequence: expected }, ...(h === undefined ? {} : { headers: h }) });
      this.knownLast = Math.max(this.knownLast, ack.seq);
      return { seq: ack.seq };
    } catch (e) {
      if (e instanceof JetStreamApiError && e.code === WRONG_LAST_SEQUENCE) return 'conflict';
      throw e;
    }
  }

  /**
   * Stores `data` as transaction `id` without any expectation: no node of
   * the stream can refuse it when it applies it (the sequencer's barrier).
   */
  async publishUnchecked(data: Uint8Array, id: string, timeout: number): Promise<{ readonly seq: number }> {
    const ack = await this.js.publish(this.subject, data, { msgID: id, timeout });
    this.knownLast = Math.max(this.knownLast, ack.seq);
    return { seq: ack.seq };
  }

  /** The transaction id of the stream's message at `seq` (undefined: none there, or it names none). */
  async idAt(seq: number): Promise<string | undefined> {
    const m = await this.jsm.streams.getMessage(this.o.stream, { seq });
    return m?.header?.get('Nats-Msg-Id');
  }

  /** Drops every message of the log up to sequence `seq` (a snapshot holds them). */
  async purgeThrough(seq: number): Promise<void> {
    await this.jsm.streams.purge(this.o.stream, { seq: seq + 1 });
  }

  /** The stream's last sequence now (0 when empty). */
  async lastSequence(): Promise<number> {
    const info = await this.jsm.streams.info(this.o.stream);
    this.knownLast = Math.max(this.knownLast, info.state.last_seq);
    return info.state.last_seq;
  }

  /**
   * Delivers every message from sequence `from` on, in order, with the time
   * JetStream stored it (ms since the epoch) and its transaction id, as long as the log is open: an ordered consumer, made again from where it was when it
   * ends with an error or stalls. It stalls when the node holding it dies
   * (it lives on the stream's leader): so while no message has come for
   * `STALL_MS` and the stream holds one this consumer has not delivered,
   * it is dropped and made again.
   */
  async follow(from: number, deliver: (m: Delivered) => void): Promise<void> {
    while (!this.closed) {
      if (this.restartAt !== undefined) {
        from = this.restartAt;
        this.restartAt = undefined;
      }
      let watchdog: NodeJS.Timeout | undefined;
      try {
        const consumer = await this.js.consumers.get(this.o.stream, { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: from });
        const messages = await consumer.consume({ max_messages: 1_000, expires: 5_000 });
        this.following = messages;
        let progressed = Date.now();
        let asking = false;
        watchdog = setInterval(() => {
          if (asking || Date.now() - progressed < STALL_MS) return;
          if (this.knownLast >= from) {
            // the stream holds a message this consumer has not delivered (a publish or the sequencer said so)
            void messages.close().catch(() => undefined);
            return;
          }
          asking = true;
          this.lastSequence().then((last) => {
            if (last >= from && Date.now() - progressed >= STALL_MS) void messages.close().catch(() => undefined);
          }, () => undefined).finally(() => {
            asking = false;
          });
        }, STALL_MS / 4);
        for await (const m of messages) {
          if (this.restartAt !== undefined) break;
          progressed = Date.now();
          from = m.seq + 1;
          deliver({ seq: m.seq, data: m.data, time: Math.floor(m.info.timestampNanos / 1e6), id: m.headers?.get('Nats-Msg-Id'), prev: prevOf(m.headers?.get(PREV)) });
        }
      } catch {
        // the consumer could not be made or ended with an error: made again from where it was
      } finally {
        clearInterval(watchdog);
      }
      if (!this.closed) await sleep(100);
    }
  }

  /**
   * Delivers again from sequence `seq` on: the consumer is closed and made
   * again from there (the reader found a message missing before one it was
   * given); what the old consumer still holds is not delivered.
   */
  refollow(seq: number): void {
    this.restartAt = seq;
    void this.following?.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.following?.close();
    await this.nc.drain().catch(() => this.nc.close());
  }
}
