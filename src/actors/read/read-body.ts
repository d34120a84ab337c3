/**
 * Runs a read and hands its output out: whole when the walk finished without
 * waiting or flushing (the synchronous fast path), else as a first chunk
 * followed by a pull-based stream. Errors before the first chunk reject, so
 * the caller can still answer with an error status; a consumer that stops
 * pulling (`return()`) ends the walk and releases its nodes.
 *
 * Chunks are strings, or UTF-8 bytes once a long read moved its text into
 * bytes as it went (JsonBuffer.spill); `asText` gives the same read as text.
 */
import { Runner, type Co } from '../co.ts';
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

const streamRest = (runner: Runner<void>, buffer: JsonBuffer): AsyncIterable<Chunk> => ({
  [Symbol.asyncIterator]: () => {
    let finished = false;
    return {
      async next(): Promise<IteratorResult<Chunk>> {
        while (!finished) {
          const s = await runner.step();
          if (s.done) finished = true;
          const chunk = buffer.take();
          if (chunk.length > 0) return { done: false, value: chunk };
        }
        return { done: true, value: undefined };
      },
      async return(): Promise<IteratorResult<Chunk>> {
        finished = true;
        runner.cancel();
        return { done: true, value: undefined };
      },
    };
  },
});

export const runRead = (walk: Co<void>, buffer: JsonBuffer): ReadChunks | Promise<ReadChunks> => {
  const runner = new Runner(walk);
  const first = runner.stepNow();
  const settle = (s: { done: boolean }): ReadChunks =>
    s.done ? { kind: 'whole', body: buffer.take() } : { kind: 'stream', first: buffer.take(), rest: streamRest(runner, buffer) };
  return first instanceof Promise ? first.then(settle, (e: unknown) => {
    runner.cancel();
    throw e;
  }) : settle(first);
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
