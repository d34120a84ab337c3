/**
 * Whether the history a replica applied is the stream's (nats-server
 * 2.9.10 can serve a commit at a sequence and later hold another there:
 * docs/cluster.md). Every commit names the one it was validated on
 * (`Rxconf-Prev`); a replica whose next commit names another than it
 * applied there asks the stream which one it holds (`diverged`). Every
 * second it also asks the stream which commit it holds at the sequence
 * the replica applied last, and at each commit followed by one that names
 * no predecessor (a sequencer's barrier: no later message can tell), since
 * the replica's own next commit may be stored on top of a commit the stream
 * no longer holds (`verify`). Another one than the replica applied: the
 * replica followed a history the stream does not hold, and loads the
 * stream's again (`rebuild`).
 */
import type { ApplyTrace } from './apply-trace.ts';
import type { CommitLog, Delivered } from './commit-log.ts';

/** What the check reads of its replica, and asks of it. */
export interface HistoryHost {
  readonly log: CommitLog | undefined;
  /** The last sequence applied, and the transaction id of the commit there (undefined: not known, as after a snapshot). */
  readonly applied: number;
  readonly appliedId: string | undefined;
  /** Connected to NATS, not loading the tree again. */
  readonly steady: boolean;
  /** Loads the tree again from the stream: its latest snapshot, then the log after it. */
  rebuild(): Promise<void>;
  /** The log's messages delivered meanwhile are applied (once nothing local is pending). */
  applyLater(): void;
  readonly trace: ApplyTrace;
}

/** How many commits without a chained successor are kept to be asked about. */
const UNCHAINED_KEPT = 64;

export class HistoryCheck {
  /** A message whose `Rxconf-Prev` names another commit than the replica applied before it, being looked at (`diverged`). */
  checking = false;
  /** The sequence of a message accepted although its `Rxconf-Prev` disagrees (the stream itself holds it so). */
  forkAccepted = 0;
  private verifying = false;
  /** Commits followed by one that names no predecessor: `verify` asks the stream about each. */
  private unchained: { readonly seq: number; readonly id: string }[] = [];

  constructor(private readonly host: HistoryHost) {}

  /** The commit at `seq` (transaction `id`) is followed by one that names no predecessor. */
  unchainedAt(seq: number, id: string): void {
    if (this.unchained.length < UNCHAINED_KEPT) this.unchained.push({ seq, id });
  }

  /** The tree was replaced (a snapshot loaded, the history loaded again): what was kept names the tree replaced. */
  forget(): void {
    this.unchained = [];
  }

  /**
   * Message `m` names another commit before it than the replica applied
   * there. The stream's own message there is read: the one the replica
   * applied, so the stream itself holds `m` on a commit it no longer holds
   * (NATS lost it: docs/cluster.md) and `m` is applied; another one, so
   * the replica followed a history the stream does not hold (NATS served
   * it), and the tree is loaded again from the latest snapshot (or from
   * nothing) and the log after it.
   */
  async diverged(m: Delivered): Promise<void> {
    const h = this.host;
    const log = h.log;
    if (this.checking || log === undefined) return;
    this.checking = true;
    let rebuild = false;
    try {
      const at = h.applied;
      const held = await log.idAt(at);
      if (at === h.applied && held === h.appliedId) {
        h.trace('fork', m.seq, m.id);
        this.forkAccepted = m.seq;
      } else if (at === h.applied) rebuild = true;
    } catch {
      // asked again with the next delivery
    } finally {
      this.checking = false;
    }
    if (rebuild) await h.rebuild().catch(() => undefined);
    h.applyLater();
  }

  /**
   * Asks the stream which commit it holds at the sequence the replica
   * applied last, and at each unchained one; another one than the replica
   * applied: the tree is loaded again from the stream.
   */
  async verify(): Promise<void> {
    const h = this.host;
    const log = h.log;
    const at = h.applied;
    const id = h.appliedId;
    if (log === undefined || !h.steady || this.verifying || this.checking || id === undefined) return;
    this.verifying = true;
    try {
      const held = await log.idAt(at);
      if (held !== undefined && held !== id && at === h.applied && id === h.appliedId) await h.rebuild();
      else {
        for (const c of this.unchained.splice(0)) {
          const there = await log.idAt(c.seq).catch(() => undefined);
          if (there !== undefined && there !== c.id) {
            this.unchained = [];
            await h.rebuild();
            break;
          }
        }
      }
    } catch {
      // not answered (NATS away, or the message purged under a snapshot): asked again at the next tick
    } finally {
      this.verifying = false;
    }
    h.applyLater();
  }
}
