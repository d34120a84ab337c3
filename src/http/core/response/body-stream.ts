/**
 * A read's output as a response body, between `prefix` and `suffix`: whole
 * when the read finished at once (the fast path), else a pull-based stream
 * — the prefix, the first chunk, the rest as the adapter asks for it, then
 * the suffix. Chunks are strings or UTF-8 bytes, passed on as they are. The
 * adapter's `return()` (client gone, HEAD) is passed on to the read, which
 * stops and releases its nodes.
 */
import type { ReadChunks } from '../../../actors/index.ts';
import type { ResponseBody } from '../../exchange.ts';

type Chunk = string | Uint8Array;

const framed = (prefix: string, body: Chunk, suffix: string): Chunk => {
  if (prefix === '' && suffix === '') return body;
  if (typeof body === 'string') return `${prefix}${body}${suffix}`;
  return Buffer.concat([Buffer.from(prefix), body, Buffer.from(suffix)]);
};

export const bodyOf = (read: ReadChunks, prefix: string, suffix: string): ResponseBody => {
  if (read.kind === 'whole') return framed(prefix, read.body, suffix);
  return {
    [Symbol.asyncIterator]: (): AsyncIterator<Chunk> => {
      const rest = read.rest[Symbol.asyncIterator]();
      let stage: 'first' | 'rest' | 'suffix' | 'end' = 'first';
      return {
        async next(): Promise<IteratorResult<Chunk>> {
          if (stage === 'first') {
            stage = 'rest';
            return { done: false, value: framed(prefix, read.first, '') };
          }
          if (stage === 'rest') {
            const r = await rest.next().catch((e: unknown) => {
              stage = 'end';
              throw e;
            });
            if (!r.done) return r;
            stage = 'suffix';
            if (suffix !== '') return { done: false, value: suffix };
          }
          stage = 'end';
          return { done: true, value: undefined };
        },
        async return(): Promise<IteratorResult<Chunk>> {
          stage = 'end';
          await rest.return?.();
          return { done: true, value: undefined };
        },
      };
    },
  };
};
