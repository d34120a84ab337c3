/**
 * The read time-out (src/server/with-timeout.ts): a GET whose answer comes
 * after the limit was answered 500 has its late answer ended unread (the
 * read stops and releases its nodes: nothing leaks); an answer in time is
 * passed on untouched; edits are never answered by the time-out.
 */
import test from 'ava';
import type { CoreRequest, CoreResponse } from '../../src/http/exchange.ts';
import { withTimeout } from '../../src/server/with-timeout.ts';

const request = (method: string): CoreRequest => ({ method, path: '/restconf/data/x:y', query: '', headers: new Map() }) as unknown as CoreRequest;

/** A streamed body that records whether its consumer ended it. */
const streamed = (): { body: AsyncIterable<string>; ended: () => boolean } => {
  let ended = false;
  const body: AsyncIterable<string> = {
    [Symbol.asyncIterator]: () => ({
      next: async () => ({ done: false, value: 'chunk' }),
      return: async () => {
        ended = true;
        return { done: true, value: undefined };
      },
    }),
  };
  return { body, ended: () => ended };
};

const later = <T>(ms: number, v: T): Promise<T> => new Promise((r) => setTimeout(() => r(v), ms));

test('a late streamed answer is ended unread after the time-out answered 500', async (t) => {
  const s = streamed();
  const handler = withTimeout(() => later(60, { status: 200, headers: {}, body: s.body } as CoreResponse), () => 10);
  const r = await handler(request('GET'));
  t.is(r.status, 500);
  t.false(s.ended());
  await later(100, undefined);
  t.true(s.ended(), 'the late answer was told to stop');
});

test('an answer in time is passed on and not ended', async (t) => {
  const s = streamed();
  const handler = withTimeout(() => later(5, { status: 200, headers: {}, body: s.body } as CoreResponse), () => 1000);
  const r = await handler(request('GET'));
  t.is(r.status, 200);
  t.is(r.body, s.body);
  t.false(s.ended());
});

test('an edit is never answered by the time-out', async (t) => {
  const handler = withTimeout(() => later(60, { status: 204, headers: {} } as CoreResponse), () => 10);
  t.is((await handler(request('PATCH'))).status, 204);
});
