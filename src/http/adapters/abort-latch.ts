/**
 * The "client went away" flag of one exchange. The AbortController behind
 * `signal` is made only when someone asks for the signal, so the common
 * small request that nobody cancels does not pay for one.
 */
export class AbortLatch {
  #controller: AbortController | undefined;
  #aborted = false;

  get aborted(): boolean {
    return this.#aborted;
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(clientGone());
    }
    return this.#controller.signal;
  }

  /** Idempotent. */
  abort(): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#controller?.abort(clientGone());
  }
}

export const clientGone = (): DOMException => new DOMException('the client went away', 'AbortError');
