/**
 * RequestMetrics counts every answer of the handler it wraps, by method and
 * status, with a duration: answers given at once, answers promised, a throw
 * or a rejection (as 500), and methods outside HTTP's usual set (as
 * `other`).
 */
import test from 'ava';
import type { CoreRequest, CoreResponse, Handler } from '../../src/http/exchange.ts';
import { RequestMetrics } from '../../src/server/request-metrics.ts';

const req = (method: string): CoreRequest => ({ method, path: '/', query: '', headers: new Map(), signal: new AbortController().signal } as unknown as CoreRequest);
const answer = (status: number): CoreResponse => ({ status, headers: {}, body: undefined });

test('answers given at once and promised are counted by method and status, each with a duration', async (t) => {
  const metrics = new RequestMetrics();
  const statuses = [200, 404, 204, 200];
  let n = 0;
  const handler: Handler = metrics.wrap((r) => {
    const res = answer(statuses[n++ % statuses.length] as number);
    return r.method === 'PATCH' ? Promise.resolve(res) : res;
  });
  t.is((handler(req('GET')) as CoreResponse).status, 200);
  t.is((handler(req('GET')) as CoreResponse).status, 404);
  t.is((await handler(req('PATCH'))).status, 204);
  t.is((await handler(req('PATCH'))).status, 200);
  t.deepEqual([...metrics.byStatus()].sort(), [[200, 2], [204, 1], [404, 1]]);
  const [requests, durations] = metrics.families();
  t.deepEqual(requests?.samples.map((s) => [s.labels?.['method'], s.labels?.['status'], s.value]).sort(), [['GET', '200', 1], ['GET', '404', 1], ['PATCH', '200', 1], ['PATCH', '204', 1]]);
  t.deepEqual(durations?.samples.filter((s) => s.suffix === '_count').map((s) => [s.labels?.['method'], s.value]), [['GET', 2], ['PATCH', 2]]);
});

test('a throw and a rejection are counted as 500 and passed on; an unusual method as other', async (t) => {
  const metrics = new RequestMetrics();
  const throws = metrics.wrap(() => {
    throw new Error('at once');
  });
  const rejects = metrics.wrap(() => Promise.reject(new Error('later')));
  const odd = metrics.wrap(() => answer(501));
  t.throws(() => throws(req('GET')), { message: 'at once' });
  await t.throwsAsync(async () => rejects(req('DELETE')), { message: 'later' });
  t.is((odd(req('BREW')) as CoreResponse).status, 501);
  const [requests] = metrics.families();
  t.deepEqual(requests?.samples.map((s) => [s.labels?.['method'], s.labels?.['status'], s.value]).sort(), [['DELETE', '500', 1], ['GET', '500', 1], ['other', '501', 1]]);
});
