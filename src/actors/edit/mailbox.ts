/** Edits of one module run one at a time, in arrival order; reads never wait for them. */
export class Mailbox {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  run<T>(work: () => Promise<T>): Promise<T> {
    this.waiting += 1;
    const result = this.tail.then(work, work);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    ).finally(() => {
      this.waiting -= 1;
    });
    return result;
  }

  /** Edits queued or running. */
  get depth(): number {
    return this.waiting;
  }
}
