/**
 * The replicated storage backend: the datastore of this process is one
 * replica of the data held in a JetStream stream (commit-log.ts).
 *
 * - Every replica applies the log in order to its tree; `applied` is the
 *   last sequence applied.
 * - This replica's own edits run in its turns to commit (commit-turns.ts);
 *   what they change goes into the log through the sequencer
 *   (outgoing-commits.ts, commit-sequencer.ts) and is applied here once
 *   stored.
 * - Messages of other replicas are applied only while no local change is
 *   waiting to be published and no edit is half applied. Whether the
 *   history applied is the stream's is checked as it goes (history-check.ts).
 * - Snapshots (snapshot-store.ts): every `snapshotEvery` commits the replica
 *   whose commit reaches the multiple writes the whole datastore at its
 *   applied sequence, once nothing local is pending, and drops the log up
 *   to the snapshot before (a replica a little behind still finds its next
 *   commits); `compact()` takes one now and drops the log up to it. A
 *   starting replica loads the latest snapshot and replays the log after
 *   it; a running one that finds a gap in the log (dropped under it)
 *   loads the snapshot again.
 */
import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { readFileSync, existsSync } from 'node:fs';
import type { DataContainer } from '../data/data-container.ts';
import type { SchemaContext } from '../meta/meta.ts';
import { applyChange } from '../actors/nodes/apply-change.ts';
import type { StoredChange } from '../store/change-op.ts';
import { encodeChange } from '../store/change-record.ts';
import { decodeDataFile } from '../store/data-file.ts';
import type { LiveState, StorageBackend } from '../store/storage-backend.ts';
import { forgetUniqueCounts } from '../validate/unique-index.ts';
import { noEditRunning } from '../actors/edit/mailbox.ts';
import type { ClusterOptions } from './cluster-options.ts';
import { CommitLog, type Delivered } from './commit-log.ts';
import { CHUNK } from './snapshot-store.ts';
import { openApplyTrace, type ApplyTrace } from './apply-trace.ts';
import { ReplicaRoster } from './replica-roster.ts';
import { AppliedWaiters } from './applied-waiters.ts';
import { decodeCommit, isSeedMark, SEED_MARK } from './commit-records.ts';
import { HistoryCheck } from './history-check.ts';
import { OutgoingCommits } from './outgoing-commits.ts';
import { CommitSequencer } from './commit-sequencer.ts';
import { CommitTurns } from './commit-turns.ts';

/** What a replica tells operators (rxconf-server runtime, metrics). */
export interface ReplicaStatus {
  readonly replica: string;
  readonly applied: number;
  /** The last sequence of the log this replica knows of (received, or learned from the stream). */
  readonly seen: number;
  readonly state: 'starting' | 'connected' | 'disconnected' | 'closed';
  readonly commits: number;
  readonly conflicts: number;
  /** Edits sent back to be made again because another replica committed first. */
  readonly retries: number;
  readonly unavailable: number;
  /** Times this replica found it had followed a history the stream does not hold and loaded the stream's again. */
  readonly reloads: number;
  readonly applyLagMs: { readonly last: number; readonly max: number };
}

const encoder = new TextEncoder();
const ignore = (): undefined => undefined;

export class ClusterBackend implements StorageBackend {
  readonly refusable = true;
  readonly replica: string;
  applied = 0;
  private seen = 0;
  private log: CommitLog | undefined;
  /** Which replicas are alive; the lowest publishes every replica's commits (commit-sequencer.ts). */
  private roster: ReplicaRoster | undefined;
  private sequencer: CommitSequencer | undefined;
  /**
   * This replica's turns to run edits (commit-turns.ts): the gate of every
   * module's mailbox (server-device.ts). While a turn is held, the changes
   * of its edits are gathered and go out as one commit when it ends.
   */
  readonly turns = new CommitTurns({
    active: () => this.options.turns !== false && this.state === 'connected' && this.log?.connected === true && this.sequencer !== undefined,
    ask: () => (this.sequencer as CommitSequencer).askTurn(),
    applied: (seq) => this.waitFor(seq),
    ended: () => this.outgoing.turnEnded(),
    missed: () => this.sequencer?.releaseTurn(),
    trace: (what, seq) => this.trace('turn', seq ?? this.applied, what),
  });
  private state: ReplicaStatus['state'] = 'starting';
  /** This replica's own commits on their way into the log (outgoing-commits.ts). */
  private readonly outgoing: OutgoingCommits;
  private delivered: (Delivered & { readonly at: number })[] = [];
  /** The transaction id of the commit at `applied` (undefined: not known, as after a snapshot). */
  private appliedId: string | undefined;
  /** Whether the history applied is the stream's (history-check.ts). */
  private readonly history: HistoryCheck;
  /** Times this replica found it had followed another history than the stream's and loaded it again. */
  private divergences = 0;
  private readonly waiters = new AppliedWaiters();
  private applyScheduled = false;
  /** The last sequence `onLogged` was told (a message delivered twice is told once). */
  private told = 0;
  private lastLag = 0;
  private maxLag = 0;
  /** The sequence of the latest snapshot this replica loaded or wrote. */
  private snapshotAt = 0;
  private snapshotting: Promise<void> | undefined;
  private reloading = false;
  /** Every second the stream is asked which commit it holds at `applied` (HistoryCheck.verify). */
  private verifier: ReturnType<typeof setInterval> | undefined;
  /** RXCONF_CLUSTER_TRACE (apply-trace.ts). */
  private readonly tracer: ReturnType<typeof openApplyTrace>;
  private readonly trace: ApplyTrace;
  /** Told of the changes of other replicas once applied (the datastore's change events, settings, NACM). */
  onApplied: (changes: readonly StoredChange[]) => void = ignore;
  /**
   * Told of every commit of the log once this replica holds it, in the
   * log's order, this replica's own included: its sequence, the time
   * JetStream stored it, and its changes (decoded when asked). Every replica
   * is told the same commits in the same order (the changes streams).
   */
  onLogged: ((seq: number, time: number, changes: () => readonly StoredChange[]) => void) | undefined;

  constructor(
    private readonly schema: SchemaContext,
    private readonly live: LiveState,
    private readonly options: ClusterOptions,
    /** The data file that seeds an empty stream. */
    private readonly seedFile?: string,
  ) {
    this.replica = options.replica ?? randomUUID();
    this.tracer = openApplyTrace(this.replica);
    this.trace = this.tracer?.trace ?? ignore;
    const backend = this;
    this.history = new HistoryCheck({
      get log() { return backend.log; },
      get applied() { return backend.applied; },
      get appliedId() { return backend.appliedId; },
      get steady() { return backend.state === 'connected' && !backend.reloading; },
      rebuild: () => this.rebuild(),
      applyLater: () => this.scheduleApply(true),
      trace: this.trace,
    });
    this.outgoing = new OutgoingCommits({
      schema,
      live,
      get log() { return backend.log; },
      get sequencer() { return backend.sequencer; },
      get open() { return backend.log !== undefined && backend.log.connected && backend.state !== 'closed'; },
      get inTurn() { return backend.turns.held; },
      get applied() { return backend.applied; },
      get appliedId() { return backend.appliedId; },
      get seen() { return backend.seen; },
      stored: (seq, id, data) => this.stored(seq, id, data),
      waitFor: (seq) => this.waitFor(seq),
      applyLater: () => this.scheduleApply(),
      trace: this.trace,
    });
  }

  /** The connection to NATS once started, the commit log's stream and its replicas (the event streams share them: events/). */
  get nats(): { readonly connection: NatsConnection; readonly stream: string; readonly replicas: number } | undefined {
    return this.log === undefined ? undefined : { connection: this.log.connection, stream: this.options.stream ?? 'RXCONF', replicas: this.options.replicas ?? 1 };
  }

  get failure(): Error | undefined {
    return undefined;
  }

  status(): ReplicaStatus {
    return {
      replica: this.replica, applied: this.applied, seen: Math.max(this.seen, this.applied, this.log?.knownLast ?? 0), state: this.state,
      commits: this.outgoing.commits, conflicts: this.outgoing.conflicts, retries: this.outgoing.retries, unavailable: this.outgoing.unavailable, reloads: this.divergences,
      applyLagMs: { last: this.lastLag, max: this.maxLag },
    };
  }

  /** The seed (the data file, when given and present); the stream's data replaces it in `start`. */
  load(): Map<string, DataContainer> {
    if (this.seedFile === undefined || !existsSync(this.seedFile)) return new Map();
    return decodeDataFile(readFileSync(this.seedFile, 'utf8'), this.schema, this.seedFile);
  }

  /**
   * Connects, seeds an empty stream with the tree as it is (the data file
   * and the server's options), replays the log into the tree and follows it.
   */
  async start(): Promise<void> {
    const log = await CommitLog.open({
      servers: this.options.servers,
      stream: this.options.stream ?? 'RXCONF',
      replicas: this.options.replicas ?? 1,
      ...(this.options.publishTimeoutMs === undefined ? {} : { publishTimeoutMs: this.options.publishTimeoutMs }),
      onConnection: (up) => {
        if (this.state === 'closed') return;
        this.state = up ? 'connected' : 'disconnected';
      },
    }, this.options.startTimeoutMs);
    this.log = log;
    const stream = this.options.stream ?? 'RXCONF';
    const roster = new ReplicaRoster(log.connection, stream, this.replica);
    this.roster = roster;
    roster.start();
    this.sequencer = new CommitSequencer(log.connection, log, roster, stream, this.options.publishTimeoutMs ?? 5_000, (what) => this.trace('turn', this.applied, what));
    this.sequencer.start();
    let last = await log.lastSequence();
    if (last > 0) {
      // The stream's data replaces the seed and the options written over it: every replica holds the log's data only.
      for (const root of this.live.roots.values()) root.values.clear();
      const index = await log.snapshots.latest();
      if (index !== undefined) {
        this.applySnapshot(await log.snapshots.read(index));
        this.applied = index.seq;
        this.trace('snapshot', index.seq);
        this.snapshotAt = index.seq;
      }
    } else {
      const images: string[] = [];
      for (const [, root] of this.live.roots) {
        if (root.values.size === 0) continue;
        images.push(encodeChange({ module: root.meta as never, image: root }, this.schema) as string);
      }
      if (images.length > 0) {
        const seed = encoder.encode(`[${images.join(',')}]`);
        // A seed larger than a message may be goes in as a snapshot at sequence 1, in chunks, behind a mark.
        const big = seed.length > CHUNK;
        const r = await log.publish(big ? encoder.encode(SEED_MARK) : seed, randomUUID(), 0);
        if (r !== 'conflict') {
          if (big) {
            await log.snapshots.write(r.seq, seed);
            this.snapshotAt = r.seq;
          }
          this.applied = r.seq;
        } else for (const root of this.live.roots.values()) root.values.clear(); // another replica seeded first: its data it is
      }
      last = await log.lastSequence();
    }
    this.state = 'connected';
    void log.follow(this.applied + 1, (m) => this.deliver(m));
    this.verifier = setInterval(() => void this.history.verify(), VERIFY_MS);
    this.verifier.unref();
    await this.waitFor(last);
  }

  /** Resolves once this replica has applied sequence `seq`. */
  waitFor(seq: number): Promise<void> {
    return this.waiters.wait(seq, this.applied);
  }

  append(change: StoredChange | readonly StoredChange[], refused?: () => void): Promise<void> {
    return this.outgoing.append(change, refused);
  }

  /** This replica's own commit was stored at `seq` as transaction `id`: it is applied (it was made on this tree). */
  private stored(seq: number, id: string, data: Uint8Array): void {
    this.applied = seq;
    this.appliedId = id;
    this.trace('own', seq, id, data);
    this.seen = Math.max(this.seen, seq);
    const every = this.options.snapshotEvery ?? 10_000;
    if (every > 0 && seq % every === 0) void this.snapshot(false).catch(ignore);
    this.resolveWaiters();
  }

  /** Tells `onLogged` of a commit of the log, once each, in the log's order. */
  private tell(seq: number, time: number, changes: () => readonly StoredChange[]): void {
    if (seq <= this.told) return;
    this.told = seq;
    this.onLogged?.(seq, time, changes);
  }

  private deliver(m: Delivered): void {
    if (m.seq <= this.applied && this.delivered.length === 0) {
      // this replica's own commit, applied when it was made (every commit before it was applied and told first)
      this.trace('skip', m.seq, m.id, m.data);
      // another transaction where this replica's own was acknowledged: which one does the stream hold?
      if (m.seq === this.applied && m.id !== undefined && this.appliedId !== undefined && m.id !== this.appliedId) void this.history.diverged(m);
      this.tell(m.seq, m.time, () => decodeCommit(m.data, this.schema));
      return;
    }
    // (an own commit may arrive before its publish is acknowledged, or behind others': told in turn)
    this.seen = Math.max(this.seen, m.seq);
    this.delivered.push({ ...m, at: Date.now() });
    this.scheduleApply();
  }

  /**
   * Other replicas' commits are applied while no edit is running or queued
   * here (an edit is validated before it begins changing the tree: the tree
   * must not move under it) and no local change waits to be published;
   * looked at again every millisecond while that is not so.
   */
  private scheduleApply(later = false): void {
    if (this.applyScheduled || this.delivered.length === 0 || this.state === 'closed') return;
    this.applyScheduled = true;
    const go = (): void => {
      this.applyScheduled = false;
      if (!noEditRunning() || !this.outgoing.quiet) {
        if (!this.outgoing.busy) this.scheduleApply(true);
        return;
      }
      this.live.whenSettled(() => this.applyDelivered());
    };
    if (later) setTimeout(go, 1);
    else setImmediate(go);
  }

  /** Applies what other replicas committed, in order, while nothing local is pending. */
  private applyDelivered(): void {
    if (this.reloading || this.history.checking) return;
    if (!this.outgoing.quiet || !noEditRunning()) {
      this.scheduleApply(true);
      return;
    }
    const roots = this.live.roots as Map<string, DataContainer>;
    const applied: StoredChange[] = [];
    const now = Date.now();
    const logged: { seq: number; time: number; changes: () => readonly StoredChange[] }[] = [];
    const delivered = this.delivered.splice(0);
    for (const [i, m] of delivered.entries()) {
      if (m.seq > this.applied + 1 || (m.seq === this.applied + 1 && isSeedMark(m.data))) {
        // The log below m was dropped under this replica, or m marks a seed held as a snapshot: the snapshot is loaded.
        this.delivered.unshift(...delivered.slice(i));
        void this.reload();
        break;
      }
      if (m.seq <= this.applied) {
        // this replica's own commit, applied when it was made
        this.trace('skip', m.seq, m.id, m.data);
        logged.push({ seq: m.seq, time: m.time, changes: () => decodeCommit(m.data, this.schema) });
        continue;
      }
      if (m.prev !== undefined && m.prev.seq === this.applied && this.appliedId !== undefined && m.prev.id !== this.appliedId && m.seq !== this.history.forkAccepted) {
        // Validated on another commit at this sequence than this replica applied: one of the two histories is not the stream's.
        this.delivered.unshift(...delivered.slice(i));
        void this.history.diverged(m);
        break;
      }
      const changes = decodeCommit(m.data, this.schema);
      for (const change of changes) applyChange(roots, change);
      applied.push(...changes);
      logged.push({ seq: m.seq, time: m.time, changes: () => changes });
      if (m.prev === undefined && this.appliedId !== undefined) this.history.unchainedAt(this.applied, this.appliedId);
      this.applied = m.seq;
      this.appliedId = m.id;
      this.trace('log', m.seq, m.id, m.data);
      this.lastLag = now - m.at;
      this.maxLag = Math.max(this.maxLag, this.lastLag);
    }
    if (applied.length > 0) forgetUniqueCounts();
    this.resolveWaiters();
    if (applied.length > 0) this.onApplied(applied);
    for (const l of logged) this.tell(l.seq, l.time, l.changes);
  }

  /** A snapshot (each module's image) applied to the tree; the changes made. */
  private applySnapshot(data: Uint8Array): StoredChange[] {
    const roots = this.live.roots as Map<string, DataContainer>;
    const changes = decodeCommit(data, this.schema);
    for (const change of changes) applyChange(roots, change);
    forgetUniqueCounts();
    return changes;
  }

  /** The log has a gap here: the latest snapshot replaces the tree, then the log after it is applied. */
  private async reload(): Promise<void> {
    const log = this.log;
    if (this.reloading || log === undefined) return;
    this.reloading = true;
    try {
      const index = await log.snapshots.latest();
      if (index === undefined || index.seq <= this.applied) {
        // No snapshot covers it: a message was skipped in delivery, not dropped from the log. Delivered again from the
        // first one this replica lacks (what is queued is delivered again too).
        this.delivered = [];
        this.trace('refollow', this.applied + 1);
        log.refollow(this.applied + 1);
        return;
      }
      const data = await log.snapshots.read(index);
      await this.atRest(() => {
        for (const root of this.live.roots.values()) root.values.clear();
        const changes = this.applySnapshot(data);
        this.applied = index.seq;
        this.appliedId = undefined;
        this.history.forget();
        this.trace('snapshot', index.seq);
        this.snapshotAt = Math.max(this.snapshotAt, index.seq);
        this.resolveWaiters();
        this.onApplied(changes);
      });
    } catch {
      // tried again with the next message delivered
    } finally {
      this.reloading = false;
      this.scheduleApply(true);
    }
  }

  /** The tree loaded again from the stream: its latest snapshot, then the log after it. */
  private async rebuild(): Promise<void> {
    const log = this.log;
    if (this.reloading || log === undefined) return;
    this.reloading = true;
    try {
      const index = await log.snapshots.latest();
      const data = index === undefined ? undefined : await log.snapshots.read(index);
      await this.atRest(() => {
        for (const root of this.live.roots.values()) root.values.clear();
        const changes = data === undefined ? [] : this.applySnapshot(data);
        if (data === undefined) forgetUniqueCounts();
        for (const [, root] of this.live.roots) if (data === undefined) changes.push({ module: root.meta as never, image: root });
        this.applied = index?.seq ?? 0;
        this.appliedId = undefined;
        this.history.forget();
        this.divergences += 1;
        this.delivered = [];
        this.trace('rebuild', this.applied);
        this.onApplied(changes);
        log.refollow(this.applied + 1);
      });
    } finally {
      this.reloading = false;
    }
  }

  /** Runs `f` once no local change is pending or in flight and no edit is running or half applied (looked at every millisecond). */
  private atRest<T>(f: () => T): Promise<T> {
    const quiet = (): boolean => this.outgoing.quiet && noEditRunning();
    return new Promise((resolve) => {
      const check = (): void => {
        if (!quiet()) {
          setTimeout(check, 1);
          return;
        }
        this.live.whenSettled(() => {
          if (quiet()) resolve(f());
          else setTimeout(check, 1);
        });
      };
      check();
    });
  }

  /**
   * Writes the datastore at the applied sequence as the latest snapshot,
   * once nothing local is pending, and drops the log up to it (`all`) or
   * up to the snapshot before it.
   */
  private snapshot(all: boolean): Promise<void> {
    const log = this.log;
    if (log === undefined) return Promise.resolve();
    this.snapshotting ??= (async () => {
      try {
        const { seq, data } = await this.atRest(() => {
          const images: string[] = [];
          for (const [, root] of this.live.roots) images.push(encodeChange({ module: root.meta as never, image: root }, this.schema) as string);
          return { seq: this.applied, data: encoder.encode(`[${images.join(',')}]`) };
        });
        if (seq === 0 || (seq <= this.snapshotAt && !all)) return;
        const before = this.snapshotAt;
        await log.snapshots.write(seq, data);
        this.snapshotAt = Math.max(this.snapshotAt, seq);
        const through = all ? seq : before;
        if (through > 0) await log.purgeThrough(through);
      } finally {
        this.snapshotting = undefined;
      }
    })();
    return this.snapshotting;
  }

  private resolveWaiters(): void {
    this.waiters.applied(this.applied);
  }

  /** Resolves once every change appended so far is stored or refused. */
  flush(): Promise<void> {
    return this.outgoing.flush();
  }

  /** Takes a snapshot now and drops the log up to it. */
  compact(): Promise<void> {
    return this.snapshot(true);
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return;
    clearInterval(this.verifier);
    await this.flush();
    this.state = 'closed';
    // (the bye goes once nothing this replica sequences is still being published: the next sequencer's barrier comes after it)
    await this.sequencer?.close();
    this.roster?.close();
    await this.log?.close();
    this.tracer?.close();
  }
}

/** How often a replica checks that the stream holds the commit it applied last (HistoryCheck.verify). */
const VERIFY_MS = 1000;

