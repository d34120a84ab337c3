import { TurnBudget } from '../../base/turn-budget.ts';
import { isSyncPullBody, type SyncPullBody } from '../../base/sync-pull-body.ts';

/** Where a response stream goes: one transport's write side (the exchange itself). */
export interface BodySink {
  /** Writes one chunk; false when the transport holds it and wants no more until `whenWritable` calls back. */
  write(chunk: string | Uint8Array): boolean;
  /** Calls `resume` once, when the transport can take more. */
  whenWritable(resume: () => void): void;
  /** Ends the answer: the stream ran out. */
  end(): void;
  /** The stream (or a write) threw: the answer cannot be completed. */
  fail(error: unknown): void;
}

/** A stream being pumped into a sink. */
export interface Pump {
  /**
   * The client went away: the stream's `return()` is called at once (even
   * while a pull is pending) and the sink is never touched again. Idempotent;
   * nothing happens once the pump finished.
   */
  abort(): void;
}

/**
 * Pulls `body` into `sink`, one chunk at a time, and no faster than the sink
 * takes them: `sink.end()` when the stream runs out, `sink.fail(error)` when
 * it throws (a stream that threw is not returned) or when a write throws
 * (the stream is then returned). No AbortSignal and no Promise of its own:
 * the exchange calls `abort()` when its client goes away.
 */
export const pumpBody = (body: AsyncIterable<string | Uint8Array>, sink: BodySink): Pump =>
  isSyncPullBody(body) ? new SyncPump(body, sink) : new AsyncPump(body, sink);

/**
 * A body that can be pulled synchronously (an event stream): each chunk is
 * written from within the call that made it ready (`whenReady`), with no
 * Promise per chunk. What one idle stream holds: this object and its bound
 * `step`.
 */
class SyncPump implements Pump {
  readonly #body: SyncPullBody;
  readonly #sink: BodySink;
  readonly #step: () => void;
  #finished = false;

  constructor(body: SyncPullBody, sink: BodySink) {
    this.#body = body;
    this.#sink = sink;
    this.#step = this.#run.bind(this);
    this.#run();
  }

  abort(): void {
    if (this.#finished) return;
    this.#finished = true;
    closeIterator(this.#body);
  }

  #run(): void {
    const body = this.#body;
    const sink = this.#sink;
    try {
      while (!this.#finished) {
        const next = body.pullNow();
        if (next === undefined) return body.whenReady(this.#step);
        if (next.done === true) {
          this.#finished = true;
          return sink.end();
        }
        if (next.value.length > 0 && !sink.write(next.value)) return sink.whenWritable(this.#step);
      }
    } catch (error) {
      this.#finished = true;
      closeIterator(body);
      sink.fail(error);
    }
  }
}

/**
 * Any other stream: one Promise per pull (what an AsyncIterator costs). A
 * socket that takes every chunk at once (a fast reader on loopback) would
 * keep the pump going in microtasks until the whole answer is written, and
 * no other socket, timer or request would be served meanwhile: the pump
 * lets the event loop go round once it has been writing for its share of a
 * turn (TurnBudget) since it last waited for the socket.
 */
class AsyncPump implements Pump {
  readonly #iterator: AsyncIterator<string | Uint8Array>;
  readonly #sink: BodySink;
  #finished = false;

  constructor(body: AsyncIterable<string | Uint8Array>, sink: BodySink) {
    this.#iterator = body[Symbol.asyncIterator]();
    this.#sink = sink;
    void this.#run();
  }

  abort(): void {
    if (this.#finished) return;
    this.#finished = true;
    closeIterator(this.#iterator);
  }

  async #run(): Promise<void> {
    const sink = this.#sink;
    const turn = new TurnBudget();
    while (!this.#finished) {
      let step: IteratorResult<string | Uint8Array> | undefined;
      try {
        step = await this.#iterator.next();
      } catch (error) {
        if (this.#finished) return;
        this.#finished = true;
        return sink.fail(error);
      }
      if (this.#finished) return;
      if (step.done === true) {
        this.#finished = true;
        return sink.end();
      }
      if (step.value.length === 0) continue;
      let writable: boolean;
      try {
        writable = sink.write(step.value);
      } catch (error) {
        this.#finished = true;
        closeIterator(this.#iterator);
        return sink.fail(error);
      }
      // the chunk is written (its bytes may be filled again): no view of it is held while the socket drains
      step = undefined;
      if (!writable) {
        await new Promise<void>((resume) => sink.whenWritable(resume));
        turn.restart();
      } else if (turn.spent()) {
        await turn.next();
      }
    }
  }
}

/** The client is gone: nothing can be answered, so an error from `return()` is dropped. */
const closeIterator = (iterator: { return?: () => Promise<unknown> }): void => {
  try {
    iterator.return?.().catch(ignore);
  } catch {
    // a synchronous throw from return(): same as above
  }
};

const ignore = (): void => {};
