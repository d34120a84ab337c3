/**
 * No subscriber and no data can stall the server, over
 * a real server and a real SSE client: filters that cost a power of the
 * event's size are stopped at their budget on the commit that feeds them,
 * their subscribers get the `filter-budget` error event and are dropped,
 * and every other subscriber and request is answered; a pattern that
 * backtracking takes exponential time on answers at once; a must over its
 * budget fails its edit, changing nothing; filters over the size limits are
 * refused when the stream is opened. Outcomes are asserted, never timings
 * (before the budget and the linear matcher, these tests never finish).
 */
import test from 'ava';
import { join } from 'node:path';
import { Subject } from 'rxjs';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';
import { CATASTROPHIC_PATTERN, CATASTROPHIC_VALUE, nestedCount } from '../helpers/stalling-filters.ts';
import { SseClient } from '../helpers/sse-client.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'hostile');
const alarms = new Subject<{ text: string }>();
let server: RxconfServer;
let url = '';

test.before(async () => {
  server = createServer({
    searchPath: [yang],
    modules: ['hl-load'],
    host: '127.0.0.1',
    port: 0,
    data: false,
    logger: false,
    app: (app) => app.notification('hl-load:alarm', alarms),
  });
  url = (await server.listen()).url;
});

test.after.always(async () => {
  await server.close();
});

const BUDGET_ERROR = { event: 'error', data: '{"reason":"filter-budget","max-steps":100000}' };
const JSON_TYPE = { 'content-type': 'application/yang-data+json' };

const changes = (filter?: string): Promise<SseClient> =>
  SseClient.open(`${url}/restconf/streams/hl-load/changes${filter === undefined ? '' : `?filter=${encodeURIComponent(filter)}`}`);
const alarmStream = (filter?: string): Promise<SseClient> =>
  SseClient.open(`${url}/restconf/data/hl-load:alarm${filter === undefined ? '' : `?filter=${encodeURIComponent(filter)}`}`);

const send = (method: string, path: string, body?: unknown): Promise<Response> =>
  fetch(`${url}/restconf/data${path === '' ? '' : `/${path}`}`, { method, headers: JSON_TYPE, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

const subscribers = async (): Promise<number> => {
  const r = await fetch(`${url}/restconf/data/rxconf-server:server/stats/streams`);
  return ((await r.json()) as { streams: { subscribers: number } }).streams.subscribers;
};

/** Waits until the stream has ended (the server closed it). */
const ended = async (c: SseClient): Promise<void> => {
  for (let i = 0; i < 400 && !c.ended; i++) await new Promise((r) => setTimeout(r, 25));
  if (!c.ended) throw new Error('the stream did not end');
};

const things = (n: number, prefix: string) =>
  ({ 'hl-load:things': { thing: Array.from({ length: n }, (_, i) => ({ name: `${prefix}${i}`, text: `t${i}`, tag: ['x', 'y'] })) } });

test.serial('the nested count() filter is stopped at its budget: error event, dropped; the others and the server go on', async (t) => {
  const before = await subscribers();
  const costly = [await changes(nestedCount(5)), await changes(nestedCount(5))];
  const merges = await changes("datastore-changes/yang-patch/edit/operation = 'merge'");
  const all = await changes();
  const [patch, read] = await Promise.all([send('PATCH', 'hl-load:things', things(20, 'a')), fetch(`${url}/restconf/data/hl-load:things`)]);
  t.is(patch.status, 204);
  t.true(read.status === 200 || read.status === 404, `a read beside the commit is answered (${read.status})`);
  for (const c of costly) {
    await ended(c);
    t.deepEqual(c.messages, [BUDGET_ERROR]);
  }
  for (const c of [merges, all]) {
    const [m] = await c.waitFor(1);
    t.is((JSON.parse(m?.data ?? '{}') as { target: string }).target, '/hl-load:things');
    t.false(c.ended);
  }
  const after = await fetch(`${url}/restconf/data/hl-load:things`);
  t.is(((await after.json()) as { things: { thing: unknown[] } }).things.thing.length, 20);
  t.is(await subscribers(), before + 2, 'the two costly subscribers are gone');
  merges.close();
  all.close();
});

test.serial('re-match with (a+)+ answers right on the 29-character value; two million characters exceed the budget', async (t) => {
  const matching = await alarmStream(`re-match(text, '${CATASTROPHIC_PATTERN}')`);
  const all = await alarmStream();
  alarms.next({ text: CATASTROPHIC_VALUE });
  alarms.next({ text: 'aaa' });
  await all.waitFor(2);
  const [m] = await matching.waitFor(1);
  t.deepEqual(JSON.parse(m?.data ?? '{}'), { text: 'aaa' }, 'the 29 a and ! do not match; aaa does');
  alarms.next({ text: `${'a'.repeat(2_000_000)}!` });
  await ended(matching);
  t.deepEqual(matching.messages.at(-1), BUDGET_ERROR);
  await all.waitFor(3);
  t.false(all.ended);
  t.is((await fetch(`${url}/restconf/data/hl-load:things`)).status, 200);
  all.close();
});

test.serial('// over a large data tree: a walk per node is dropped, one walk is delivered', async (t) => {
  const quadratic = await changes('count(//*[count(ancestor::*//*) > 1]) > 0');
  const nestedPredicates = await changes('//thing[../thing[../thing[name = ../thing/text]]]');
  const linear = await changes('count(//text) > 100');
  const patch = await send('PATCH', 'hl-load:things', things(3_000, 'b'));
  t.is(patch.status, 204);
  for (const c of [quadratic, nestedPredicates]) {
    await ended(c);
    t.deepEqual(c.messages, [BUDGET_ERROR]);
  }
  const [m] = await linear.waitFor(1);
  t.is((JSON.parse(m?.data ?? '{}') as { operation: string }).operation, 'merge');
  linear.close();
});

test.serial('a pattern backtracking takes exponential time on: the PATCH is answered, 400 or 204', async (t) => {
  // PATCH of the datastore: the leaf is merged in
  const bad = await send('PATCH', '', { 'hl-load:code': `${'a'.repeat(100_000)}c` });
  t.is(bad.status, 400);
  const body = await bad.text();
  t.regex(body, /"error-tag":"invalid-value"/);
  t.regex(body, /does not match pattern/);
  const good = await send('PATCH', '', { 'hl-load:code': `${'a'.repeat(100_000)}b` });
  t.is(good.status, 204);
  const read = await fetch(`${url}/restconf/data/hl-load:code`);
  t.is(((await read.json()) as { code: string }).code.length, 100_001);
});

test.serial('a must over its budget fails the edit with operation-failed and changes nothing', async (t) => {
  const items = { 'hl-load:guarded': { item: Array.from({ length: 60 }, (_, i) => ({ id: i })) } };
  const r = await send('PUT', 'hl-load:guarded', items);
  const body = (await r.json()) as { 'ietf-restconf:errors': { error: { 'error-tag': string; 'error-path': string; 'error-message': string }[] } };
  const [error] = body['ietf-restconf:errors'].error;
  t.is(error?.['error-tag'], 'operation-failed');
  t.is(error?.['error-path'], '/hl-load:guarded');
  t.regex(error?.['error-message'] ?? '', /exceeded its budget of 10000000 steps/);
  t.is((await fetch(`${url}/restconf/data/hl-load:guarded`)).status, 404, 'nothing was written');
  const few = await send('PUT', 'hl-load:guarded', { 'hl-load:guarded': { item: [{ id: 1 }, { id: 2 }] } });
  t.is(few.status, 201, 'the same must on a few items passes');
});

test.serial('filters over the size limits are refused when the stream is opened: 400 invalid-value naming the limit', async (t) => {
  const cases: [string, RegExp][] = [
    [`x = '${'y'.repeat(1100)}'`, /max-filter-length \(1024\)/],
    [`${'('.repeat(20)}1${')'.repeat(20)}`, /max-filter-nesting \(16\)/],
    [`thing${'[thing'.repeat(20)}${']'.repeat(20)}`, /max-filter-nesting \(16\)/],
    [Array(40).fill('a').join('/'), /max-filter-path-steps \(32\)/],
  ];
  for (const [filter, limit] of cases) {
    const r = await fetch(`${url}/restconf/streams/hl-load/changes?filter=${encodeURIComponent(filter)}`, { headers: { accept: 'text/event-stream' } });
    t.is(r.status, 400);
    const text = await r.text();
    t.regex(text, /"error-tag":"invalid-value"/);
    t.regex(text, limit);
  }
});
