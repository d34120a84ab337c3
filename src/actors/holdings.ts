/**
 * What a server keeps subscribed on behalf of its requests beyond them (an
 * `observableLeaf`'s source, subscribed at the first read and shared by
 * every later one): each Browser holds them, and the server releases them
 * all when it closes, so nothing it subscribed keeps the process alive.
 */

/** Something subscribed for a server that it can let go of (and may take up again on a later use). */
export interface Releasable {
  release(): void;
}

export class Holdings {
  readonly #held = new Set<Releasable>();

  hold(r: Releasable): void {
    this.#held.add(r);
  }

  /** Whether `r` is held now. */
  has(r: Releasable): boolean {
    return this.#held.has(r);
  }

  /** Releases everything held (each once; one that throws does not stop the others). */
  releaseAll(): void {
    const held = [...this.#held];
    this.#held.clear();
    for (const r of held) {
      try {
        r.release();
      } catch {
        // a source's teardown that fails has nothing more to release
      }
    }
  }
}
