/**
 * One replica at a time publishes commits into the log: the sequencer, the
 * alive replica with the lowest id (replica-roster.ts). Every replica hands
 * its commits to it (over core NATS; its own directly), and it publishes
 * them one at a time with the stream-wide expected last sequence, as the
 * replica validated them.
 *
 * Why: nats-server 2.9.10 checks the expected last sequence (and a
 * duplicate `Nats-Msg-Id`) when a replica of the stream applies the
 * message, not before the leader proposes it; every message refused so is
 * counted by each node (`clfs`), and that count drifts between nodes that
 * were killed and started again (fixed upstream from 2.9.21 on,
 * nats-server#4365, #4764). A leader whose count differs from its
 * followers' has them drop the messages it acknowledges. So no message
 * may ever be refused at apply: the sequencer knows the stream's last
 * sequence exactly (it alone publishes) and refuses a commit validated on
 * another sequence itself, without publishing it (a conflict, as before);
 * nothing is published twice under one id. Whenever it does not know the
 * last sequence for sure (it has just begun to lead, or a publish failed
 * or timed out and may still be stored), it first publishes a barrier: an
 * empty commit without expectations, which no node can refuse. Once the
 * barrier is stored, everything published before it is stored or never
 * will be, and the barrier's sequence is the stream's last.
 *
 * It also grants the replicas their turns to run edits (turn-queue.ts,
 * commit-turns.ts): a commit that ends its replica's turn hands the turn
 * on once it is handled here.
 */
import { Buffer } from 'node:buffer';
import { headers, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import type { CommitLog, Published } from './commit-log.ts';
import type { ReplicaRoster } from './replica-roster.ts';
import { TURN_WAIT_MS } from './commit-turns.ts';
import { TurnQueue } from './turn-queue.ts';

interface Request {
  /** The replica that validated it. */
  readonly replica: string;
  readonly data: Uint8Array;
  readonly id: string;
  readonly expected: number;
  readonly prevId: string | undefined;
  /** Past this (ms since the epoch) its replica has given up on it: not published. */
  readonly deadline: number;
  /** It ends its replica's turn (turn-queue.ts). */
  readonly endsTurn: boolean;
  readonly done: (r: Published) => void;
  readonly fail: (e: Error) => void;
}

/** A barrier: an empty commit (no changes). */
const BARRIER = new TextEncoder().encode('[]');
const encoder = new TextEncoder();
/** The header of a turn's ask and release, and of the commit that ends a turn (turn-queue.ts). */
const TURN = 'Rxconf-Turn';
const decoder = new TextDecoder();
/** How long a barrier waits for its acknowledgement before another is sent (no leader yet: elections). */
const BARRIER_WAIT_MS = 1_000;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export class CommitSequencer {
  private readonly queue: Request[] = [];
  private running = false;
  /** Resolves once the queue is handled (close waits for the publish in flight). */
  private idle: Promise<void> = Promise.resolve();
  /** The stream's last sequence, exact while this replica leads; undefined: to be learned with a barrier. */
  private last: number | undefined;
  /** The roster's term `last` was learned in (a replica that stopped leading and leads again learns it again). */
  private lastTerm = -1;
  private sub: Subscription | undefined;
  private closed = false;
  private readonly prefix: string;
  /** The turns granted while this replica leads. */
  private readonly turns = new TurnQueue(
    () => (this.roster.leads() && this.lastTerm === this.roster.term ? this.last : undefined),
    (replica) => this.trace(`expired ${replica}`),
  );
  /** The sequencer that granted this replica's turn (its release goes there). */
  private turnFrom: string | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly log: CommitLog,
    private readonly roster: ReplicaRoster,
    stream: string,
    private readonly timeoutMs: number,
    /** Told of turns that ran out (apply-trace.ts). */
    private readonly trace: (what: string) => void = () => undefined,
  ) {
    this.prefix = `rxconf.${stream.toLowerCase()}.sequencer`;
  }

  private subjectOf(replica: string): string {
    return `${this.prefix}.${Buffer.from(replica, 'utf8').toString('hex')}`;
  }

  /** Takes other replicas' commits (answered only while this replica leads). */
  start(): void {
    this.sub = this.nc.subscribe(this.subjectOf(this.roster.self), { callback: (_e, m) => this.received(m) });
  }

  private received(m: Msg): void {
    const h = m.headers;
    const replica = h?.get('Rxconf-Replica') ?? '';
    const turn = h?.get(TURN) ?? '';
    if (turn === 'ask') {
      const answer = (r: unknown): void => {
        try {
          m.respond(encoder.encode(JSON.stringify(r)));
        } catch {
          // the connection is closing
        }
      };
      this.askHere(replica, (last) => answer({ last: last ?? null }), (why) => answer({ error: why }));
      return;
    }
    if (turn === 'release') {
      this.turns.release(replica);
      return;
    }
    const id = h?.get('Nats-Msg-Id') ?? '';
    const expected = Number(h?.get('Rxconf-Expected'));
    const prev = h?.get('Rxconf-Prev');
    const wait = Number(h?.get('Rxconf-Timeout'));
    const answer = (r: unknown): void => {
      try {
        m.respond(encoder.encode(JSON.stringify(r)));
      } catch {
        // the connection is closing
      }
    };
    if (id === '' || !Number.isSafeInteger(expected)) return answer({ error: 'a commit without id or expected sequence' });
    this.enqueue({
      replica, endsTurn: turn === 'end',
      data: m.data, id, expected, prevId: prev === '' ? undefined : prev,
      deadline: Date.now() + (Number.isFinite(wait) && wait > 0 ? wait : this.timeoutMs) - 100,
      done: (r) => answer(r === 'conflict' ? { conflict: true, last: this.last } : { seq: r.seq }),
      fail: (e) => answer({ error: e.message }),
    });
  }

  /**
   * Stores `data` as transaction `id` if the stream's last sequence is
   * still `expected`: through the sequencer, this replica or another.
   * Rejects when the outcome is unknown (no sequencer, it did not answer in
   * time, it could not publish): should the commit have been stored after
   * all, it comes with the log.
   */
  async submit(data: Uint8Array, id: string, expected: number, prevId: string | undefined, endsTurn = false): Promise<Published> {
    // (a replica just started, or back after a gap, learns who leads first)
    await this.roster.settled();
    const to = this.roster.leader();
    if (to === undefined) throw new Error('no replica leads the commits now');
    if (to === this.roster.self) {
      return new Promise<Published>((done, fail) => this.enqueue({ replica: this.roster.self, endsTurn, data, id, expected, prevId, deadline: Date.now() + this.timeoutMs - 100, done, fail }));
    }
    const h = headers();
    if (endsTurn) h.set(TURN, 'end');
    h.set('Nats-Msg-Id', id);
    h.set('Rxconf-Expected', String(expected));
    h.set('Rxconf-Prev', prevId ?? '');
    h.set('Rxconf-Timeout', String(this.timeoutMs));
    h.set('Rxconf-Replica', this.roster.self);
    const reply = await this.nc.request(this.subjectOf(to), data, { headers: h, timeout: this.timeoutMs });
    const r = JSON.parse(decoder.decode(reply.data)) as { seq?: number; conflict?: boolean; last?: number; error?: string };
    if (r.conflict === true) {
      // the stream holds more than this replica applied: it waits for that much (cluster-backend.ts catchUp)
      if (typeof r.last === 'number') this.log.knownLast = Math.max(this.log.knownLast, r.last);
      return 'conflict';
    }
    if (typeof r.seq === 'number') return { seq: r.seq };
    throw new Error(r.error ?? 'the sequencer answered nothing');
  }

  private enqueue(r: Request): void {
    this.queue.push(r);
    if (!this.running) void this.run();
  }

  /** Publishes the queued commits one at a time; a commit ending its replica's turn hands the turn on once handled. */
  private run(): Promise<void> {
    this.idle = this.publishAll();
    return this.idle;
  }

  private async publishAll(): Promise<void> {
    this.running = true;
    try {
      for (let r = this.queue.shift(); r !== undefined; r = this.queue.shift()) {
        await this.one(r);
        if (r.endsTurn) this.turns.end(r.replica);
      }
    } finally {
      this.running = false;
      // (queued while the last one was being answered: taken now)
      if (this.queue.length > 0 && !this.closed) void this.run();
    }
  }

  private async one(r: Request): Promise<void> {
    // A replica that is about to lead (its view settling) takes the commits once it does.
    while (!this.roster.leads() && this.roster.leader() === this.roster.self && Date.now() < r.deadline && !this.closed) await sleep(25);
    if (!this.roster.leads()) {
      this.last = undefined;
      this.turns.clear('this replica does not lead the commits now');
      r.fail(new Error('this replica does not lead the commits now'));
      return;
    }
    if (this.lastTerm !== this.roster.term) this.last = undefined;
    while (this.last === undefined && Date.now() < r.deadline && !this.closed) {
      try {
        const term = this.roster.term;
        this.last = (await this.log.publishUnchecked(BARRIER, randomUUID(), Math.min(BARRIER_WAIT_MS, this.timeoutMs))).seq;
        this.lastTerm = term;
      } catch {
        // no leader yet (elections, NATS away): tried again
        await sleep(Math.max(0, Math.min(100, r.deadline - Date.now())));
      }
    }
    if (this.last === undefined || Date.now() >= r.deadline || !this.roster.leads() || this.lastTerm !== this.roster.term) {
      if (!this.roster.leads()) this.last = undefined;
      r.fail(new Error('the commit log has no leader now'));
      return;
    }
    if (r.expected !== this.last) {
      // Validated on another sequence than the stream's last: refused here, never published.
      if (r.expected > this.last) this.last = undefined; // (this replica's view is behind: learned again)
      r.done('conflict');
      return;
    }
    try {
      const p = await this.log.publish(r.data, r.id, r.expected, r.prevId);
      // 'conflict' here: something else was stored first (no sequencer ought to let that happen): learned again.
      this.last = p === 'conflict' ? undefined : p.seq;
      r.done(p);
    } catch (e) {
      // The outcome is unknown: the next commit waits for a barrier.
      this.last = undefined;
      r.fail(e instanceof Error ? e : new Error(String(e)));
    }
  }

  /**
   * A turn for this replica (commit-turns.ts): the stream's last sequence
   * once granted (undefined: the sequencer does not know it now). Rejects
   * when no turn can be had now.
   */
  async askTurn(): Promise<number | undefined> {
    await this.roster.settled();
    const to = this.roster.leader();
    if (to === undefined) throw new Error('no replica leads the commits now');
    this.turnFrom = to;
    if (to === this.roster.self) {
      return new Promise((grant, refuse) => this.askHere(this.roster.self, grant, (why) => refuse(new Error(why))));
    }
    const h = headers();
    h.set(TURN, 'ask');
    h.set('Rxconf-Replica', this.roster.self);
    const reply = await this.nc.request(this.subjectOf(to), new Uint8Array(0), { headers: h, timeout: TURN_WAIT_MS });
    const r = JSON.parse(decoder.decode(reply.data)) as { last?: number | null; error?: string };
    if (r.error !== undefined) throw new Error(r.error);
    return typeof r.last === 'number' ? r.last : undefined;
  }

  /** This replica's turn ends without a commit. */
  releaseTurn(): void {
    const to = this.turnFrom;
    if (to === undefined) return;
    if (to === this.roster.self) {
      this.turns.release(to);
      return;
    }
    const h = headers();
    h.set(TURN, 'release');
    h.set('Rxconf-Replica', this.roster.self);
    try {
      this.nc.publish(this.subjectOf(to), new Uint8Array(0), { headers: h });
    } catch {
      // the connection is closing (the turn ends there after a while)
    }
  }

  /** A turn asked of this replica: granted only while it leads. */
  private askHere(replica: string, grant: (last: number | undefined) => void, refuse: (why: string) => void): void {
    if (this.closed || !this.roster.leads()) {
      refuse('this replica does not lead the commits now');
      return;
    }
    this.turns.ask({ replica, grant, refuse });
  }

  /** Takes no more commits; resolves once the one being published (if any) is handled. */
  async close(): Promise<void> {
    this.closed = true;
    this.turns.clear('the replica is closing');
    this.sub?.unsubscribe();
    for (let r = this.queue.shift(); r !== undefined; r = this.queue.shift()) r.fail(new Error('the replica is closing'));
    await this.idle;
  }
}
