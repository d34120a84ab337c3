/** Edits queued or running in every mailbox of this process. */
let everywhere = 0;

/** Whether no edit is queued or running in any mailbox (a replica applies other replicas' commits only then: cluster-backend.ts). */
export const noEditRunning = (): boolean => everywhere === 0;

/** Edits of one module run one at a time, in arrival order; reads never wait for them. */
export class Mailbox {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  /** An edit ended (either way): one function for all, not a chain of three Promises per edit. */
  private readonly done = (): undefined => {
    this.waiting -= 1;
    everywhere -= 1;
    return undefined;
  };

  run<T>(work: () => Promise<T>): Promise<T> {
    this.waiting += 1;
    everywhere += 1;
    const result = this.tail.then(work, work);
    this.tail = result.then(this.done, this.done);
    return result;
  }

  /** Edits queued or running. */
  get depth(): number {
    return this.waiting;
  }
}
