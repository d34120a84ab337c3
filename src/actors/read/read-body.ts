/**
 * Runs a read and hands its output out: whole when the walk finished without
 * waiting or flushing (the synchronous fast path), else as a first chunk
 * followed by a pull-based stream. Errors before the first chunk reject, so
 * the caller can still answer with an error status (a bounded read holds
 * its output until it is known to fit: FitCheck); a consumer that stops
 * pulling (`return()`) ends the walk and releases its nodes.
 *
 * Chunks are strings, or UTF-8 bytes once a long read moved its text into
 * bytes as it went (JsonBuffer.spill); `asText` gives the same read as text.
 */
import { Buffer } from 'node:buffer';
import { Runner, type Co } from '../co.ts';
import { TurnBudget } from '../../base/turn-budget.ts';
import { giveBackChunkBytes, packChunk } from '../../base/chunk-bytes.ts';
import type { JsonBuffer } from '../nodes/json-writer.ts';

export type Chunk = string | Uint8Array;

/** A read's output as it is made (the RESTCONF core writes it as it is). */
export type ReadChunks =
  | { readonly kind: 'whole'; readonly body: Chunk }
  | { readonly kind: 'stream'; readonly first: Chunk; readonly rest: AsyncIterable<Chunk> };

/** A read's output as text. */
export type ReadBody =
  | { readonly kind: 'whole'; readonly text: string }
  | { readonly kind: 'stream'; readonly first: string; readonly rest: AsyncIterable<string> };

/**
 * How a read whose answer is bounded (rx.max-node-count) decides before
 * the status line that it fits: its output is held until the walk ends
 * (whole) or fails (too-big, rejected: the caller answers 400) — unless the
 * held output reaches `holdAt`; then `count` (a counting pass over the same
 * answer, its text dropped as it goes) must succeed before anything is
 * handed out, and the walk's own budget is lifted: what was counted to fit
 * is never cut short.
 */
export interface FitCheck {
  readonly holdAt: number;
  readonly count: (() => Promise<void>) | undefined;
  readonly lift: () => void;
}

/** Chunks that are never handed out (copied, or the read stopped): their lent bytes go back (chunk-bytes.ts). */
const giveBack = (chunks: Chunk[]): void => {
  for (const c of chunks.splice(0)) if (typeof c !== 'string') giveBackChunkBytes(c);
};

/** The held chunks as one; the bytes of those copied into it are given back. */
const concat = (chunks: Chunk[]): Chunk => {
  if (chunks.length === 1) return chunks[0] as Chunk;
  if (chunks.every((c) => typeof c === 'string')) return chunks.join('');
  const whole = Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)));
  giveBack(chunks);
  return whole;
};

const DONE: IteratorResult<Chunk> = { done: true, value: undefined };

/**
 * The rest of a streamed read: the chunks held while it was counted
 * (FitCheck), then the walk's output as it is made. One object per answer
 * and one Promise per chunk: the walk runs synchronously until it flushes
 * and only a step that waits on a node adds a Promise of its own. A read
 * that throws or is returned gives back what it holds and ends its walk.
 * Single use: it is its own iterator.
 */
class ReadRest implements AsyncIterableIterator<Chunk> {
  #finished = false;

  constructor(private readonly held: Chunk[], private readonly runner: Runner<void>, private readonly buffer: JsonBuffer) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<Chunk>> {
    const c = this.held.shift();
    return c === undefined ? this.#pull() : Promise.resolve({ done: false, value: c });
  }

  return(): Promise<IteratorResult<Chunk>> {
    this.#stop();
    return Promise.resolve(DONE);
  }

  #pull(): Promise<IteratorResult<Chunk>> {
    try {
      while (!this.#finished) {
        const s = this.runner.stepNow();
        if (s instanceof Promise) return s.then((r) => this.#after(r) ?? this.#pull(), (e: unknown) => this.#fail(e));
        const r = this.#after(s);
        if (r !== undefined) return Promise.resolve(r);
      }
    } catch (e) {
      return this.#fail(e);
    }
    return Promise.resolve(DONE);
  }

  /** The next result once a step made output or ended the walk, else undefined (step on). */
  #after(s: { done: boolean }): IteratorResult<Chunk> | undefined {
    if (s.done) this.#finished = true;
    const chunk = this.buffer.take();
    if (chunk.length > 0) return { done: false, value: chunk };
    return this.#finished ? DONE : undefined;
  }

  #fail(e: unknown): Promise<never> {
    this.#stop();
    return Promise.reject(e);
  }

  #stop(): void {
    this.#finished = true;
    giveBack(this.held);
    this.runner.cancel();
    this.buffer.drop();
  }
}

/**
 * Runs the walk on, holding its output, until it is known to fit (see
 * FitCheck); synchronous while the walk is. The held chunks are packed
 * into as few lent buffers as they fill; a read that fails gives them back.
 */
class Hold {
  private readonly held: Chunk[];
  private size: number;

  constructor(private readonly runner: Runner<void>, private readonly buffer: JsonBuffer, private readonly fit: FitCheck) {
    const first = buffer.take();
    this.held = [first];
    this.size = first.length;
  }

  run(): ReadChunks | Promise<ReadChunks> {
    try {
      for (;;) {
        const s = this.runner.stepNow();
        if (s instanceof Promise) return s.then((r) => this.after(r) ?? this.run(), (e: unknown) => this.fail(e));
        const r = this.after(s);
        if (r !== undefined) return r;
      }
    } catch (e) {
      return this.fail(e);
    }
  }

  /** The answer once a step decided it, else undefined (hold on). */
  private after(s: { done: boolean }): ReadChunks | Promise<ReadChunks> | undefined {
    const chunk = this.buffer.take();
    if (chunk.length > 0) {
      const last = this.held[this.held.length - 1];
      const packed = last === undefined || typeof last === 'string' ? undefined : packChunk(last, chunk);
      if (packed === undefined) this.held.push(chunk);
      else this.held[this.held.length - 1] = packed;
      this.size += chunk.length;
    }
    if (s.done) return { kind: 'whole', body: concat(this.held) };
    const count = this.fit.count;
    if (this.size < this.fit.holdAt || count === undefined) return undefined;
    return count().then(() => {
      this.fit.lift();
      return { kind: 'stream', first: this.held.shift() ?? '', rest: new ReadRest(this.held, this.runner, this.buffer) } as const;
    }, (e: unknown) => this.fail(e));
  }

  private fail(e: unknown): never {
    this.runner.cancel();
    this.buffer.drop();
    giveBack(this.held);
    throw e;
  }
}

/**
 * Runs a read: whole when it ends at once, else streamed — after a
 * FitCheck when given (the answer is bounded, so the status waits until it
 * is known to fit).
 */
export const runRead = (walk: Co<void>, buffer: JsonBuffer, fit?: FitCheck): ReadChunks | Promise<ReadChunks> => {
  const runner = new Runner(walk);
  const first = runner.stepNow();
  const settle = (s: { done: boolean }): ReadChunks | Promise<ReadChunks> => {
    if (s.done) return { kind: 'whole', body: buffer.take() };
    if (fit !== undefined) return new Hold(runner, buffer, fit).run();
    return { kind: 'stream', first: buffer.take(), rest: new ReadRest([], runner, buffer) };
  };
  return first instanceof Promise ? first.then(settle, (e: unknown) => {
    runner.cancel();
    buffer.drop();
    throw e;
  }) : settle(first);
};

/**
 * Runs a walk to its end, dropping its output as it goes: what it would
 * answer is not kept (a counting pass). It stops, cancelled, when
 * `abandoned` says the client went away.
 */
export const drainRead = async (walk: Co<void>, buffer: JsonBuffer, abandoned?: () => boolean): Promise<void> => {
  const runner = new Runner(walk);
  // a counting pass runs in microtasks: it lets the event loop go round between its shares (other requests wait otherwise)
  const turn = new TurnBudget();
  try {
    for (;;) {
      const s = await runner.step();
      buffer.take();
      if (s.done) return;
      if (abandoned?.() === true) throw new Error('the request was abandoned');
      if (turn.spent()) await turn.next();
    }
  } catch (e) {
    runner.cancel();
    throw e;
  }
};

const decoder = new TextDecoder();

/** A chunk as text (a chunk of bytes holds whole characters). */
export const chunkText = (c: Chunk): string => (typeof c === 'string' ? c : decoder.decode(c));

const textRest = (rest: AsyncIterable<Chunk>): AsyncIterable<string> => ({
  [Symbol.asyncIterator]: () => {
    const it = rest[Symbol.asyncIterator]();
    return {
      next: async (): Promise<IteratorResult<string>> => {
        const r = await it.next();
        return r.done === true ? { done: true, value: undefined } : { done: false, value: chunkText(r.value) };
      },
      return: async (): Promise<IteratorResult<string>> => {
        await it.return?.();
        return { done: true, value: undefined };
      },
    };
  },
});

/** The same read as text. */
export const asText = (r: ReadChunks): ReadBody =>
  r.kind === 'whole' ? { kind: 'whole', text: chunkText(r.body) } : { kind: 'stream', first: chunkText(r.first), rest: textRest(r.rest) };
