/**
 * Runs a read and hands its text out: whole when the walk finished without
 * waiting or flushing (the synchronous fast path), else as a first chunk
 * followed by a pull-based stream. Errors before the first chunk reject, so
 * the caller can still answer with an error status; a consumer that stops
 * pulling (`return()`) ends the walk and releases its nodes.
 */
import { Runner, type Co } from '../co.ts';
import type { JsonBuffer } from '../nodes/json-writer.ts';

export type ReadBody =
  | { readonly kind: 'whole'; readonly text: string }
  | { readonly kind: 'stream'; readonly first: string; readonly rest: AsyncIterable<string> };

const streamRest = (runner: Runner<void>, buffer: JsonBuffer): AsyncIterable<string> => ({
  [Symbol.asyncIterator]: () => {
    let finished = false;
    return {
      async next(): Promise<IteratorResult<string>> {
        while (!finished) {
          const s = await runner.step();
          if (s.done) finished = true;
          const chunk = buffer.take();
          if (chunk !== '') return { done: false, value: chunk };
        }
        return { done: true, value: undefined };
      },
      async return(): Promise<IteratorResult<string>> {
        finished = true;
        runner.cancel();
        return { done: true, value: undefined };
      },
    };
  },
});

export const runRead = (walk: Co<void>, buffer: JsonBuffer): ReadBody | Promise<ReadBody> => {
  const runner = new Runner(walk);
  const first = runner.stepNow();
  const settle = (s: { done: boolean }): ReadBody =>
    s.done ? { kind: 'whole', text: buffer.take() } : { kind: 'stream', first: buffer.take(), rest: streamRest(runner, buffer) };
  return first instanceof Promise ? first.then(settle, (e: unknown) => {
    runner.cancel();
    throw e;
  }) : settle(first);
};
