/** Response streams that report what happened to them, for the conformance suite. */
import type { BodySink } from '../../../src/http/adapters/pump-body.ts';

export interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  readonly settled: boolean;
}

export const deferred = <T = void>(): Deferred<T> => {
  let settle!: (value: T) => void;
  let settled = false;
  const promise = new Promise<T>((resolve) => { settle = resolve; });
  return {
    promise,
    resolve: (value) => { settled = true; settle(value); },
    get settled() { return settled; },
  };
};

const done: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * Hands out `chunk` again and again (`total` bytes, or forever), counting
 * pulls; `returned` settles when the adapter calls `return()`.
 */
export class CountingStream implements AsyncIterable<Uint8Array> {
  pulledBytes = 0;
  pulls = 0;
  readonly returned = deferred();
  readonly #chunk: Uint8Array;
  readonly #total: number;
  readonly #onPull: ((stream: CountingStream) => void) | undefined;

  constructor(chunk: Uint8Array, total = Infinity, onPull?: (stream: CountingStream) => void) {
    this.#chunk = chunk;
    this.#total = total;
    this.#onPull = onPull;
  }

  [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    return {
      next: () => {
        if (this.returned.settled || this.pulledBytes >= this.#total) return Promise.resolve(done);
        this.pulls += 1;
        this.pulledBytes += this.#chunk.byteLength;
        this.#onPull?.(this);
        return Promise.resolve({ done: false, value: this.#chunk });
      },
      return: () => {
        this.returned.resolve();
        return Promise.resolve(done);
      },
    };
  }
}

/**
 * Like an idle event stream: hands out `first`, then a pull that stays
 * pending until `return()` is called (which ends it).
 */
export class IdleStream implements AsyncIterable<string> {
  readonly returned = deferred();
  readonly #first: string;
  #sent = false;

  constructor(first: string) {
    this.#first = first;
  }

  [Symbol.asyncIterator](): AsyncIterator<string> {
    return {
      next: () => {
        if (!this.#sent) {
          this.#sent = true;
          return Promise.resolve({ done: false, value: this.#first });
        }
        return this.returned.promise.then(() => done);
      },
      return: () => {
        this.returned.resolve();
        return Promise.resolve(done);
      },
    };
  }
}

/** A sink that refuses writes while `full`, and records what it got and how the pump finished. */
export class RecordingSink implements BodySink {
  readonly written: string[] = [];
  ended = 0;
  readonly failures: unknown[] = [];
  full = false;
  drain = deferred();
  /** Settles with 'ended' on end(), 'failed' on fail(). */
  readonly finished = deferred<'ended' | 'failed'>();

  write(chunk: string | Uint8Array): boolean {
    this.written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
    return !this.full;
  }

  whenWritable(resume: () => void): void {
    void this.drain.promise.then(resume);
  }

  end(): void {
    this.ended += 1;
    this.finished.resolve('ended');
  }

  fail(error: unknown): void {
    this.failures.push(error);
    this.finished.resolve('failed');
  }
}
