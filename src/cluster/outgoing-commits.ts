/**
 * A replica's own commits on their way into the log. A local edit is
 * validated and applied to the tree as in one process; then its change
 * joins the next batch. A batch (what the edits of one turn changed,
 * commit-turns.ts; without turns every change ended since the last one went
 * out: the modules of one transaction always end together) is one message
 * (commit-records.ts), handed to the sequencer (commit-sequencer.ts) to be
 * published with the stream's last sequence expected to be the one the
 * replica applied. Stored: the edits are acknowledged (stored by JetStream,
 * a quorum on R3, and applied here). Refused because another replica
 * committed first: every change of this batch and of the one being
 * gathered on top of it is undone, newest first, and the edits fail with
 * CommitConflict, made again once the replica has caught up. NATS
 * unreachable or the outcome unknown: undone, 503; should the message have
 * been stored after all, it arrives with the log and is applied like any
 * other.
 */
import { randomUUID } from 'node:crypto';
import type { StoredChange } from '../store/change-op.ts';
import { CommitConflict } from '../store/commit-conflict.ts';
import type { LiveState } from '../store/storage-backend.ts';
import { forgetUniqueCounts } from '../validate/unique-index.ts';
import type { ApplyTrace } from './apply-trace.ts';
import { logUnavailable, replicaBehind } from './cluster-errors.ts';
import type { CommitLog } from './commit-log.ts';
import { recordOf } from './commit-records.ts';
import type { CommitSequencer } from './commit-sequencer.ts';
import type { SchemaContext } from '../meta/meta.ts';

interface Pending {
  readonly record: string;
  /** The transaction id of the message it went out in (once published). */
  id?: string;
  readonly refused: (() => void) | undefined;
  readonly resolve: () => void;
  readonly reject: (e: unknown) => void;
}

/** What the outgoing commits read of their replica, and tell it. */
export interface OutgoingHost {
  readonly schema: SchemaContext;
  readonly live: LiveState;
  readonly log: CommitLog | undefined;
  readonly sequencer: CommitSequencer | undefined;
  /** Whether commits may go out now (connected, not closed). */
  readonly open: boolean;
  /** This replica holds its turn to commit: what its edits change goes out when it ends. */
  readonly inTurn: boolean;
  /** The last sequence applied, and the transaction id of the commit there. */
  readonly applied: number;
  readonly appliedId: string | undefined;
  /** The last sequence of the log this replica knows of. */
  readonly seen: number;
  /** A batch of `edits` edits was stored at `seq` as transaction `id`: applied here. */
  stored(seq: number, id: string, data: Uint8Array, edits: number): void;
  waitFor(seq: number): Promise<void>;
  /** Messages of other replicas may be applied once nothing local is pending. */
  applyLater(): void;
  readonly trace: ApplyTrace;
}

/**
 * How long an edit refused because another replica committed first waits
 * for this replica to apply the log up to its end before it is made again;
 * past that it is answered 503 (nothing of it was committed), not left
 * waiting on a replica that cannot follow the log now.
 */
const CATCH_UP_MS = 5_000;

const encoder = new TextEncoder();
const ignore = (): undefined => undefined;

export class OutgoingCommits {
  private next: Pending[] = [];
  private inflight: Pending[] | undefined;
  private failing = false;
  /** The turn ended while a commit was in flight: the changes gathered go out (ending the turn) once it is handled. */
  private turnOver = false;
  /** Edits committed. */
  commits = 0;
  /** Publishes refused because another replica committed first. */
  conflicts = 0;
  /** Edits sent back to be made again after such a refusal. */
  retries = 0;
  /** Edits refused with 503. */
  unavailable = 0;

  constructor(private readonly host: OutgoingHost) {}

  /** Nothing is gathered, in flight or being undone. */
  get quiet(): boolean {
    return this.inflight === undefined && !this.failing && this.next.length === 0;
  }

  /** A batch is in flight or being undone (once it is handled, messages of other replicas are applied). */
  get busy(): boolean {
    return this.inflight !== undefined || this.failing;
  }

  append(change: StoredChange | readonly StoredChange[], refused?: () => void): Promise<void> {
    const h = this.host;
    const record = Array.isArray(change)
      ? (change as readonly StoredChange[]).map((c) => recordOf(c, h.schema, h.live)).join(',')
      : recordOf(change as StoredChange, h.schema, h.live);
    return new Promise<void>((resolve, reject) => {
      const p: Pending = { record, refused, resolve, reject };
      if (!h.open) {
        // Nothing of it left this process: undone at once (the edit just ended; nothing is built on it but what is pending).
        this.next.push(p);
        this.refuseAll('unavailable');
        return;
      }
      this.next.push(p);
      // (in a turn, what its edits change goes out when it ends)
      if (this.next.length === 1 && !h.inTurn) queueMicrotask(() => this.pump());
    });
  }

  /** This replica's turn ended: what its edits changed goes out as one commit ending it, or it is released. */
  turnEnded(): void {
    if (this.next.length === 0 && this.inflight === undefined) {
      this.host.sequencer?.releaseTurn();
      return;
    }
    this.turnOver = true;
    this.pump();
  }

  /** Publishes the gathered changes as one message, when none is in flight. */
  private pump(): void {
    const h = this.host;
    if (this.inflight !== undefined || this.failing) return;
    if (this.next.length === 0 || h.inTurn) {
      // a turn ended with nothing left to send (refused meanwhile): released
      if (this.turnOver && !h.inTurn) {
        this.turnOver = false;
        h.sequencer?.releaseTurn();
      }
      return;
    }
    const sequencer = h.sequencer;
    if (sequencer === undefined) return;
    const batch = this.next;
    this.next = [];
    this.inflight = batch;
    const endsTurn = this.turnOver;
    this.turnOver = false;
    const expected = h.applied;
    const data = encoder.encode(batch.length === 1 ? `[${(batch[0] as Pending).record}]` : `[${batch.map((p) => p.record).join(',')}]`);
    const id = randomUUID();
    for (const p of batch) p.id = id;
    sequencer.submit(data, id, expected, h.appliedId, endsTurn).then((r) => {
      // Given up on already (undone and refused): if it was stored, it arrives with the log like another replica's.
      if (this.inflight !== batch) return;
      if (r === 'conflict') {
        this.conflicts += 1;
        this.refuseAll('conflict');
        return;
      }
      if (r.seq !== expected + 1) {
        // Stored on top of commits this replica has not applied (JetStream ought to have refused it): it was
        // validated on a tree that is not the log's, so it is undone here and applied in the log's order, as every
        // replica applies it; its edits are answered once it is.
        this.refuseAll('reordered', '', r.seq);
        return;
      }
      this.inflight = undefined;
      this.commits += batch.length;
      h.stored(r.seq, id, data, batch.length);
      for (const p of batch) p.resolve();
      if (this.next.length > 0 || this.turnOver) this.pump();
      if (this.inflight === undefined) h.applyLater();
    }, (e: unknown) => {
      if (this.inflight !== batch) return;
      this.refuseAll('unavailable', e instanceof Error ? e.message : String(e));
    });
  }

  /**
   * The batch in flight and the one gathered on top of it are refused: once
   * no edit is half applied, every change is undone, newest first, and
   * every edit rejected.
   */
  private refuseAll(why: 'conflict' | 'unavailable' | 'reordered', message = 'not connected', storedAt = 0): void {
    if (this.failing) return;
    const h = this.host;
    this.failing = true;
    h.live.whenSettled(() => {
      const stored = why === 'reordered' ? this.inflight ?? [] : [];
      const all = [...this.inflight ?? [], ...this.next];
      this.inflight = undefined;
      this.next = [];
      for (let i = all.length - 1; i >= 0; i--) all[i]?.refused?.();
      for (const p of all) h.trace(stored.includes(p) ? 'reordered' : 'undone', stored.includes(p) ? storedAt : h.applied, p.id ?? '', p.record);
      forgetUniqueCounts();
      this.failing = false;
      if (why === 'unavailable') this.unavailable += all.length;
      else this.retries += all.length - stored.length;
      const error = why === 'unavailable' ? logUnavailable(message) : undefined;
      const caughtUp = why === 'unavailable' ? undefined : this.catchUp();
      caughtUp?.catch(ignore);
      for (const p of all) {
        if (stored.includes(p)) void h.waitFor(storedAt).then(p.resolve);
        else p.reject(error ?? new CommitConflict(caughtUp as Promise<void>));
      }
      // (a turn that ended meanwhile is released)
      if (this.turnOver) this.pump();
      h.applyLater();
    });
  }

  /**
   * Resolves once this replica has applied everything the stream holds now;
   * rejects with 503 when that takes longer than CATCH_UP_MS (the replica
   * cannot follow the log now: an edit waiting on it is answered).
   */
  private async catchUp(): Promise<void> {
    const h = this.host;
    const log = h.log;
    if (log === undefined) return;
    // the sequencer named the stream's last sequence with the refusal: else the stream is asked
    const last = log.knownLast > h.applied ? log.knownLast : await log.lastSequence().catch(() => h.seen);
    if (h.applied >= last) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(replicaBehind(last, h.applied, CATCH_UP_MS)), CATCH_UP_MS);
    });
    try {
      await Promise.race([h.waitFor(last), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Resolves once every change appended so far is stored or refused. */
  flush(): Promise<void> {
    if (this.inflight === undefined && this.next.length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const check = (): void => {
        if (this.inflight === undefined && this.next.length === 0) resolve();
        else setTimeout(check, 5);
      };
      check();
    });
  }
}
