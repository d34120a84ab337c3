/** Edits queued or running in every mailbox of this process. */
let everywhere = 0;

/** Whether no edit is queued or running in any mailbox (a replica applies other replicas' commits only then: cluster-backend.ts). */
export const noEditRunning = (): boolean => everywhere === 0;

/**
 * What may hold an edit back before it joins its mailbox: a replica of a
 * cluster lets edits run only in its turn to commit (cluster/commit-turns.ts),
 * so that they are validated on a tree holding every commit before them.
 * An edit held back is not counted as queued.
 */
export interface EditGate {
  /** Undefined: the edit may join its mailbox now (and `leave` is called once it ended); else a Promise after which it asks again. */
  enter(): Promise<void> | undefined;
  /** An edit that entered has ended (either way). */
  leave(): void;
}

/** Edits of one module run one at a time, in arrival order; reads never wait for them. */
export class Mailbox {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  /** Set by a replica of a cluster (cluster/commit-turns.ts); none in one process. */
  gate: EditGate | undefined;
  /** An edit ended (either way): one function for all, not a chain of three Promises per edit. */
  private readonly done = (): undefined => {
    this.waiting -= 1;
    everywhere -= 1;
    return undefined;
  };

  /** An edit that passed the gate ended. */
  private readonly doneGated = (): undefined => {
    this.done();
    this.gate?.leave();
    return undefined;
  };

  run<T>(work: () => Promise<T>): Promise<T> {
    const gate = this.gate;
    if (gate !== undefined) {
      const wait = gate.enter();
      if (wait !== undefined) return wait.then(() => this.run(work));
    }
    this.waiting += 1;
    everywhere += 1;
    const result = this.tail.then(work, work);
    this.tail = gate === undefined ? result.then(this.done, this.done) : result.then(this.doneGated, this.doneGated);
    return result;
  }

  /**
   * Runs `work` at once when no edit is queued or running here and no gate
   * holds edits back (the usual case: an edit of the datastore's own nodes
   * is applied synchronously), else after the others as `run` does. The
   * mailbox stays taken until a Promise `work` answers settles. Answers
   * what `work` answers: no Promise, and no turn of microtasks, when it
   * answered at once.
   */
  runSoon<T>(work: () => T | Promise<T>): T | Promise<T> {
    if (this.waiting > 0 || this.gate !== undefined) return this.run(async () => work());
    this.waiting += 1;
    everywhere += 1;
    let answer: T | Promise<T>;
    try {
      answer = work();
    } catch (e) {
      this.done();
      throw e;
    }
    if (answer instanceof Promise) this.tail = answer.then(this.done, this.done);
    else this.done();
    return answer;
  }

  /** Edits queued or running. */
  get depth(): number {
    return this.waiting;
  }
}
