/**
 * The sequencer's turns (commit-turns.ts): one replica at a time holds the
 * turn to run edits, granted in the order asked with the stream's last
 * sequence then. A turn ends when the sequencer has handled its holder's
 * commit (published or refused), when its holder releases it (nothing to
 * commit, or the grant came too late for it), or HOLD_MS after it was
 * granted (a holder gone or stuck; its late commit is refused if another
 * came first, as any conflict). A release from a replica still waiting
 * drops its ask (it gave up waiting).
 */

/** How long a turn may be held before the next replica's is granted. */
const HOLD_MS = 1_000;

interface Waiting {
  readonly replica: string;
  readonly grant: (last: number | undefined) => void;
  readonly refuse: (why: string) => void;
}

export class TurnQueue {
  private readonly waiting: Waiting[] = [];
  private holder: string | undefined;
  private timer: NodeJS.Timeout | undefined;

  /** `last`: the stream's last sequence as the sequencer knows it (undefined: not known now). */
  constructor(
    private readonly last: () => number | undefined,
    /** Told of a turn that ran out (HOLD_MS). */
    private readonly onExpired: (replica: string) => void = () => undefined,
  ) {}

  /** `replica` asks for a turn: `grant` is called once it has it. */
  ask(w: Waiting): void {
    // asked again (its earlier ask timed out there): the newer ask is answered
    const i = this.waiting.findIndex((x) => x.replica === w.replica);
    if (i >= 0) this.waiting.splice(i, 1)[0]?.refuse('asked again');
    this.waiting.push(w);
    this.grantNext();
  }

  /** `replica`'s turn is over (its commit handled, or released). */
  end(replica: string): void {
    if (this.holder !== replica) return;
    this.expire(replica);
  }

  /** `replica` releases its turn, or drops its ask. */
  release(replica: string): void {
    if (this.holder !== replica) {
      const i = this.waiting.findIndex((x) => x.replica === replica);
      if (i >= 0) this.waiting.splice(i, 1);
      return;
    }
    this.expire(replica);
  }

  private expire(replica: string): void {
    if (this.holder !== replica) return;
    clearTimeout(this.timer);
    this.holder = undefined;
    this.grantNext();
  }

  private grantNext(): void {
    if (this.holder !== undefined) return;
    const w = this.waiting.shift();
    if (w === undefined) return;
    this.holder = w.replica;
    this.timer = setTimeout(() => {
      this.onExpired(w.replica);
      this.end(w.replica);
    }, HOLD_MS);
    w.grant(this.last());
  }

  /** No more turns here (this replica stopped leading, or closes): every ask is refused. */
  clear(why: string): void {
    clearTimeout(this.timer);
    this.holder = undefined;
    for (let w = this.waiting.shift(); w !== undefined; w = this.waiting.shift()) w.refuse(why);
  }
}
