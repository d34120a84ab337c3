/**
 * A read's output as a response body, between `prefix` and `suffix`: whole
 * when the read finished at once (the fast path), else a pull-based stream
 * — the prefix, the first chunk, the rest as the adapter asks for it, then
 * the suffix. Chunks are strings or UTF-8 bytes, passed on as they are. The
 * adapter's `return()` (client gone, HEAD) is passed on to the read, which
 * stops and releases its nodes.
 */
import type { ReadChunks } from '../../../actors/index.ts';
import { frameChunk } from '../../../base/chunk-bytes.ts';
import type { ResponseBody } from '../../exchange.ts';

type Chunk = string | Uint8Array;

const framed = (prefix: string, body: Chunk, suffix: string): Chunk => {
  if (prefix === '' && suffix === '') return body;
  if (typeof body === 'string') return `${prefix}${body}${suffix}`;
  return frameChunk(prefix, body, suffix);
};

/**
 * The prefix and the first chunk, then the read's own chunks as they are
 * pulled (no Promise of its own per chunk), then the suffix.
 */
class FramedBody implements AsyncIterableIterator<Chunk> {
  #stage: 'first' | 'rest' | 'end' = 'first';
  readonly #rest: AsyncIterator<Chunk>;

  constructor(private readonly first: Chunk, rest: AsyncIterable<Chunk>, private readonly prefix: string, private readonly suffix: string) {
    this.#rest = rest[Symbol.asyncIterator]();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<Chunk>> {
    if (this.#stage === 'first') {
      this.#stage = 'rest';
      return Promise.resolve({ done: false, value: framed(this.prefix, this.first, '') });
    }
    if (this.#stage === 'end') return Promise.resolve(DONE);
    const r = this.#rest.next();
    return this.suffix === '' ? r.then(this.#passOn, this.#failed) : r.then(this.#thenSuffix, this.#failed);
  }

  return(): Promise<IteratorResult<Chunk>> {
    this.#stage = 'end';
    const r = this.#rest.return?.();
    return r === undefined ? Promise.resolve(DONE) : r.then(() => DONE);
  }

  readonly #passOn = (r: IteratorResult<Chunk>): IteratorResult<Chunk> => {
    if (r.done === true) this.#stage = 'end';
    return r;
  };

  readonly #thenSuffix = (r: IteratorResult<Chunk>): IteratorResult<Chunk> => {
    if (r.done !== true) return r;
    this.#stage = 'end';
    return { done: false, value: this.suffix };
  };

  readonly #failed = (e: unknown): never => {
    this.#stage = 'end';
    throw e;
  };
}

const DONE: IteratorResult<Chunk> = { done: true, value: undefined };

export const bodyOf = (read: ReadChunks, prefix: string, suffix: string): ResponseBody =>
  read.kind === 'whole' ? framed(prefix, read.body, suffix) : new FramedBody(read.first, read.rest, prefix, suffix);
