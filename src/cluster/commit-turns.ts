/**
 * A replica's turns to commit: its edits run only while it holds the turn
 * the sequencer grants (turn-queue.ts), one replica at a time, and only
 * once it has applied every commit the sequencer had published when it
 * granted it. So an edit is validated on a tree holding every commit
 * before it, and commits of replicas writing at once follow each other
 * instead of conflicting (each conflict costs the edits a round trip and
 * their validation again, and after 8 in a row the client gets 409). Edits
 * arriving while another replica holds the turn wait; those that arrive
 * during this replica's turn run in it. The turn ends once no edit of it
 * is left running: what its edits changed goes out as one commit, which
 * hands the turn on once published (or a release, when nothing changed).
 *
 * Turns only order the work: the sequencer still refuses a commit
 * validated on another sequence than the stream's last (commit-sequencer.ts).
 * So whenever a turn cannot be had (NATS away, no sequencer, no answer
 * within TURN_WAIT_MS) edits run at once, as without turns, for BYPASS_MS.
 */
import type { EditGate } from '../actors/edit/mailbox.ts';

/** How long a replica waits for the sequencer to grant it a turn before its edits run without one. */
export const TURN_WAIT_MS = 2_000;
/** How long edits run without turns after a turn could not be had. */
const BYPASS_MS = 1_000;
/** How long a granted turn waits for this replica to apply what the sequencer had published. */
const CATCH_UP_MS = 1_000;

export interface TurnTaker {
  /** Whether turns are asked now (connected, started, not closing). */
  active(): boolean;
  /** Asks the sequencer for a turn: the stream's last sequence when granted (undefined: not known). */
  ask(): Promise<number | undefined>;
  /** Resolves once this replica has applied `seq`. */
  applied(seq: number): Promise<void>;
  /** The turn ended: the changes of its edits go out (ending the turn at the sequencer), or a release. */
  ended(): void;
  /** No turn could be had: the sequencer is told (it drops the ask, or ends the turn granted too late). */
  missed(): void;
  /** What happened to a turn (apply-trace.ts). */
  trace(what: string, seq?: number): void;
}

export class CommitTurns implements EditGate {
  /** This replica holds the turn: edits run. */
  held = false;
  private entered = 0;
  private asking: Promise<void> | undefined;
  private ending = false;
  private bypassUntil = 0;

  constructor(private readonly taker: TurnTaker) {}

  enter(): Promise<void> | undefined {
    if (this.held || Date.now() < this.bypassUntil || !this.taker.active()) {
      this.entered += 1;
      return undefined;
    }
    return this.asking ??= this.take();
  }

  leave(): void {
    this.entered = Math.max(0, this.entered - 1);
    if (this.entered === 0) this.scheduleEnd();
  }

  private async take(): Promise<void> {
    try {
      this.taker.trace('asked');
      const last = await this.taker.ask();
      this.taker.trace('granted', last);
      // (not applied in time: the edits run all the same, and the sequencer refuses what conflicts)
      if (last !== undefined) await within(this.taker.applied(last), CATCH_UP_MS).catch(() => this.taker.trace('behind', last));
      this.held = true;
    } catch (e) {
      // no turn now: edits run without one for a while (the sequencer still refuses conflicts)
      this.taker.trace(`missed: ${e instanceof Error ? e.message : String(e)}`);
      this.taker.missed();
      this.bypassUntil = Date.now() + BYPASS_MS;
    } finally {
      this.asking = undefined;
    }
    // (the edits waiting enter now; a turn none of them takes ends at once)
    this.scheduleEnd();
  }

  /** Ends the turn once no edit of it is running (looked at after what is runnable now has run). */
  private scheduleEnd(): void {
    if (!this.held || this.ending) return;
    this.ending = true;
    setImmediate(() => {
      this.ending = false;
      if (!this.held || this.entered > 0) return;
      this.held = false;
      this.taker.trace('ended');
      this.taker.ended();
    });
  }
}

/** `p`, or a rejection after `ms`. */
const within = (p: Promise<void>, ms: number): Promise<void> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('late')), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
};
