/**
 * The cache-control stage over answers whose headers object is shared and
 * frozen (the core gives one per media type to all its plain answers): each
 * answer gets `no-cache` with its own headers, whatever came before it, and
 * the object it was given is left as it was. Answers that name their own
 * Cache-Control keep it; answers with headers of their own get `no-cache`
 * too, promised or not.
 */
import test from 'ava';
import type { CoreRequest, CoreResponse, Handler } from '../../src/http/exchange.ts';
import { withCacheControl } from '../../src/server/cache-control.ts';

const request = { method: 'GET', path: '/restconf/data/m:x', query: '', headers: new Map() } as unknown as CoreRequest;

const yang = Object.freeze({ 'content-type': 'application/yang-data+json' });
const plain = Object.freeze({ 'content-type': 'application/json' });

/** The stage in front of a handler giving `answers` in turn. */
const staged = (answers: readonly (CoreResponse | Promise<CoreResponse>)[]): Handler => {
  let next = 0;
  return withCacheControl(() => answers[next++ % answers.length] as CoreResponse);
};

test('answers sharing frozen headers, of two media types in turn, each get no-cache with their own type', async (t) => {
  const answers = [yang, yang, plain, yang, plain, plain].map((headers, i) => ({ status: 200, headers, body: `b${i}` }));
  const handler = staged(answers);
  for (const [i, given] of answers.entries()) {
    const res = (await handler(request));
    t.deepEqual(res.headers, { 'content-type': given.headers['content-type'], 'cache-control': 'no-cache' });
    t.is(res.status, 200);
    t.is(res.body, `b${i}`);
  }
  t.deepEqual(yang, { 'content-type': 'application/yang-data+json' });
  t.deepEqual(plain, { 'content-type': 'application/json' });
});

test('an answer naming its own Cache-Control keeps it, frozen or not', async (t) => {
  const own = Object.freeze({ 'content-type': 'application/yang', 'cache-control': 'private, max-age=3600' });
  const handler = staged([{ status: 200, headers: own, body: 'x' }, { status: 200, headers: { 'cache-control': 'no-store' }, body: 'y' }, { status: 200, headers: yang, body: 'z' }]);
  t.is((await handler(request)).headers['cache-control'], 'private, max-age=3600');
  t.is((await handler(request)).headers['cache-control'], 'no-store');
  t.is((await handler(request)).headers['cache-control'], 'no-cache');
  t.is((await handler(request)).headers['cache-control'], 'private, max-age=3600');
});

test('headers of an answer\'s own, given at once or promised, get no-cache and are left unchanged', async (t) => {
  const mine = { 'content-type': 'application/json', etag: '"1"' };
  const handler = staged([{ status: 201, headers: mine, body: undefined }, Promise.resolve({ status: 200, headers: plain, body: 'p' })]);
  const first = await handler(request);
  t.deepEqual(first.headers, { 'content-type': 'application/json', etag: '"1"', 'cache-control': 'no-cache' });
  t.deepEqual(mine, { 'content-type': 'application/json', etag: '"1"' });
  const promised = handler(request);
  t.true(promised instanceof Promise);
  t.deepEqual((await promised).headers, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
});
