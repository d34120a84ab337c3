/**
 * A share of the event loop for work that goes on in microtasks (a long
 * read pulled chunk after chunk, a counting pass): `spent()` says when it has
 * run for `ms` since it last let the event loop go round, and `next()`
 * waits for the next turn (setImmediate: after I/O, so other sockets,
 * timers and requests are served first). Without it, 20 such answers at once
 * hold every other request until they are all done.
 */
export class TurnBudget {
  #started = performance.now();

  constructor(private readonly ms = TURN_MS) {}

  /** Whether this work has had its share of the current turn. */
  spent(): boolean {
    return performance.now() - this.#started >= this.ms;
  }

  /** Counting starts again (the work just waited for something else: a socket, a node). */
  restart(): void {
    this.#started = performance.now();
  }

  /** The next turn of the event loop; the share counts from there. */
  async next(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.#started = performance.now();
  }
}

/** The share a long piece of work takes before others get theirs. */
export const TURN_MS = 0.25;
