import { BodyTooLarge } from './body-too-large.ts';

/** The transport's reading switch. uWS: res.pause/resume; node: req.pause/resume. */
export interface FlowControl {
  pause(): void;
  resume(): void;
}

export interface BodyQueueOptions {
  /** Most bytes the body may have; one byte more and the body throws BodyTooLarge. */
  readonly maxBytes: number;
  /** The content-length the request declared, if any: over maxBytes fails before reading. */
  readonly declaredLength?: number | undefined;
  readonly flow?: FlowControl | undefined;
  /** Runs on the first pull (the node adapter starts reading there). */
  readonly start?: (() => void) | undefined;
}

type State = 'open' | 'ended' | 'failed' | 'released';

interface Waiter {
  resolve(result: IteratorResult<Uint8Array, undefined>): void;
  reject(error: unknown): void;
}

const done: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * A request body as the core pulls it: the transport pushes chunks, the core
 * iterates. A chunk nobody waits for is held and reading is paused, so at
 * most what was pulled plus the chunks in flight at the pause are buffered.
 * Once the answer starts (`unthrottle`) reading is never paused again, since
 * a paused uWS socket gets no writable events either; from then on the
 * buffer is bounded by maxBytes only. After `release` (the core stopped
 * reading, or the answer ended) further chunks are dropped.
 */
export class BodyQueue implements AsyncIterableIterator<Uint8Array, undefined, undefined> {
  readonly #options: BodyQueueOptions;
  readonly #chunks: Uint8Array[] = [];
  #state: State = 'open';
  #error: unknown;
  #received = 0;
  #started = false;
  #paused = false;
  #throttled = true;
  #waiter: Waiter | undefined;

  constructor(options: BodyQueueOptions) {
    this.#options = options;
    const declared = options.declaredLength;
    if (declared !== undefined && declared > options.maxBytes) this.fail(new BodyTooLarge(options.maxBytes));
  }

  /** True when the body was refused for its size (adapters then close an HTTP/1.1 connection). */
  get refused(): boolean {
    return this.#state === 'failed' && this.#error instanceof BodyTooLarge;
  }

  /** True once the last chunk arrived. */
  get complete(): boolean {
    return this.#state === 'ended';
  }

  push(chunk: Uint8Array): void {
    if (this.#state !== 'open') return;
    this.#received += chunk.byteLength;
    if (this.#received > this.#options.maxBytes) {
      this.fail(new BodyTooLarge(this.#options.maxBytes));
      return;
    }
    const waiter = this.#waiter;
    if (waiter !== undefined) {
      this.#waiter = undefined;
      waiter.resolve({ done: false, value: chunk });
      return;
    }
    this.#chunks.push(chunk);
    if (this.#throttled && !this.#paused && this.#options.flow !== undefined) {
      this.#paused = true;
      this.#options.flow.pause();
    }
  }

  end(): void {
    if (this.#state !== 'open') return;
    this.#state = 'ended';
    this.#settle();
  }

  /** The body cannot complete (client gone, too large, transport error). */
  fail(error: unknown): void {
    if (this.#state !== 'open') return;
    this.#state = 'failed';
    this.#error = error;
    this.#dropChunks();
    this.unthrottle();
    this.#settle();
  }

  /** Drop what is held and whatever still comes. */
  release(): void {
    if (this.#state === 'released') return;
    this.#state = 'released';
    this.#dropChunks();
    this.unthrottle();
    this.#settle();
  }

  /** Never pause reading again; resume it if paused. */
  unthrottle(): void {
    this.#throttled = false;
    if (!this.#paused) return;
    this.#paused = false;
    this.#options.flow?.resume();
  }

  next(): Promise<IteratorResult<Uint8Array, undefined>> {
    if (!this.#started) {
      this.#started = true;
      if (this.#state === 'open') this.#options.start?.();
    }
    const chunk = this.#chunks.shift();
    if (chunk !== undefined) {
      if (this.#chunks.length === 0 && this.#paused) {
        this.#paused = false;
        this.#options.flow?.resume();
      }
      return Promise.resolve({ done: false, value: chunk });
    }
    if (this.#state === 'failed') return Promise.reject(this.#error);
    if (this.#state !== 'open') return Promise.resolve(done);
    if (this.#waiter !== undefined) return Promise.reject(new Error('request body: next() called before the previous pull settled'));
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }

  return(): Promise<IteratorResult<Uint8Array, undefined>> {
    this.release();
    return Promise.resolve(done);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** Setting an array's length is a slow store even when it is 0 already: most bodies are all taken by then. */
  #dropChunks(): void {
    if (this.#chunks.length !== 0) this.#chunks.length = 0;
  }

  #settle(): void {
    const waiter = this.#waiter;
    if (waiter === undefined) return;
    this.#waiter = undefined;
    if (this.#state === 'failed') waiter.reject(this.#error);
    else waiter.resolve(done);
  }
}
