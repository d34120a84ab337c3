/**
 * A read's text as a response body, between `prefix` and `suffix`: one
 * string when the read finished at once (the fast path), else a pull-based
 * stream — the first chunk, the rest as the adapter asks for it, then the
 * suffix. The adapter's `return()` (client gone, HEAD) is passed on to the
 * read, which stops and releases its nodes.
 */
import type { ReadBody } from '../../../actors/index.ts';
import type { ResponseBody } from '../../exchange.ts';

export const bodyOf = (read: ReadBody, prefix: string, suffix: string): ResponseBody => {
  if (read.kind === 'whole') return `${prefix}${read.text}${suffix}`;
  return {
    [Symbol.asyncIterator]: (): AsyncIterator<string> => {
      const rest = read.rest[Symbol.asyncIterator]();
      let stage: 'first' | 'rest' | 'suffix' | 'end' = 'first';
      return {
        async next(): Promise<IteratorResult<string>> {
          if (stage === 'first') {
            stage = 'rest';
            return { done: false, value: `${prefix}${read.first}` };
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
        async return(): Promise<IteratorResult<string>> {
          stage = 'end';
          await rest.return?.();
          return { done: true, value: undefined };
        },
      };
    },
  };
};
