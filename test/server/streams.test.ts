/**
 * Event streams over a real socket with a plain SSE client: shapes in both
 * modes, filters, sharing, closers on close and on a cut connection, and no
 * leak after 1,000 connect/disconnect cycles.
 */
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../src/server/start-server.ts';
import { alarms, counts, ticks } from '../fixtures/apps/stream-app.ts';
import { SseClient } from '../helpers/sse-client.ts';

const fixtures = join(process.cwd(), 'test', 'fixtures');
let server: RunningServer;

test.before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-streams-'));
  const data = join(dir, 'data.json');
  writeFileSync(data, JSON.stringify({
    'sv-streams:devices': { device: [{ id: 'd1', status: 'running' }, { id: 'd2', status: 'stopped' }] },
    'rxconf-server:server': { limits: { 'keep-alive-seconds': 1 } },
  }));
  server = await startServer({
    searchPath: [join(fixtures, 'yang', 'server')],
    modules: ['sv-streams'],
    dataFile: data,
    app: join(fixtures, 'apps', 'stream-app.ts'),
    host: '127.0.0.1',
    port: 0,
    log: () => undefined,
  });
});

test.after.always(async () => {
  await server.close();
});

const stats = async (): Promise<Record<string, number>> => {
  const r = await fetch(`${server.url}/restconf/data/rxconf-server:server/stats/streams`);
  return ((await r.json()) as { streams: Record<string, number> }).streams;
};

/** Waits until `check` holds, polling (events, not timings, decide). */
const until = async (check: () => boolean | Promise<boolean>, what: string): Promise<void> => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
};

test.serial('default mode: bare leaves, in order, as text/event-stream', async (t) => {
  const c = await SseClient.open(`${server.url}/restconf/data/sv-streams:alarm`);
  t.is(c.status, 200);
  t.regex(String(c.headers['content-type']), /^text\/event-stream/);
  await until(() => counts.subscribed > counts.closed, 'the source is subscribed');
  for (let i = 1; i <= 5; i++) alarms.next({ severity: i, text: `alarm ${i}` });
  await c.waitFor(5);
  t.deepEqual(c.json(), [1, 2, 3, 4, 5].map((i) => ({ severity: i, text: `alarm ${i}` })));
  c.close();
  await until(() => counts.subscribed === counts.closed, 'the closer runs when the client closes');
});

test.serial('strict mode: the RFC 8040 notification wrapper with eventTime and RFC 7951 names', async (t) => {
  const c = await SseClient.open(`${server.url}/restconf/streams/sv-streams:alarm`, { accept: 'application/yang-data+json, text/event-stream' });
  t.is(c.status, 200);
  await until(() => counts.subscribed > counts.closed, 'subscribed');
  alarms.next({ severity: 2, tire: { wear: 10 } });
  const [m] = await c.waitFor(1);
  const doc = JSON.parse(m?.data ?? '{}') as { 'ietf-restconf:notification': { eventTime: string; 'sv-streams:alarm': unknown } };
  t.regex(doc['ietf-restconf:notification'].eventTime, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  t.deepEqual(doc['ietf-restconf:notification']['sv-streams:alarm'], { severity: 2, tire: { wear: 10 } });
  c.close();
  await until(() => counts.subscribed === counts.closed, 'closed');
});

test.serial('filters deliver only matching events; two subscribers share one source', async (t) => {
  const worn = await SseClient.open(`${server.url}/restconf/data/sv-streams:alarm?filter=${encodeURIComponent('tire/wear < 20')}`);
  const severe = await SseClient.open(`${server.url}/restconf/data/sv-streams:alarm?filter=${encodeURIComponent("severity >= 3 and text = 'fire'")}`);
  await until(async () => (await stats())['subscribers'] === 2, 'two subscribers');
  const s = await stats();
  t.is(s['sources'], 1, 'one hot source for the notification');
  t.is(s['filters'], 2);
  alarms.next({ severity: 1, tire: { wear: 50 } });
  alarms.next({ severity: 5, text: 'fire', tire: { wear: 10 } });
  alarms.next({ severity: 4, text: 'smoke', tire: { wear: 5 } });
  await worn.waitFor(2);
  await severe.waitFor(1);
  t.deepEqual(worn.json().map((e) => (e as { severity: number }).severity), [5, 4]);
  t.deepEqual(severe.json().map((e) => (e as { severity: number }).severity), [5]);
  worn.close();
  severe.close();
  await until(async () => (await stats())['sources'] === 0, 'the source is released');
});

test.serial('a cut connection calls the closer too', async (t) => {
  const before = counts.closed;
  const c = await SseClient.open(`${server.url}/restconf/data/sv-streams:alarm`);
  await until(() => counts.subscribed > counts.closed, 'subscribed');
  c.cut();
  await until(() => counts.closed === before + 1, 'closer after the connection was reset');
  t.is(counts.subscribed, counts.closed);
});

test.serial('a notification nested in a list entry is its own stream, wrapped in its ancestors in strict mode', async (t) => {
  const d1 = await SseClient.open(`${server.url}/restconf/streams/sv-streams:devices/device=d1/tick`, { accept: 'application/yang-data+json' });
  await until(() => counts.subscribed > counts.closed, 'subscribed');
  ticks.next({ n: 7 });
  const [m] = await d1.waitFor(1);
  const doc = JSON.parse(m?.data ?? '{}') as Record<string, Record<string, unknown>>;
  t.deepEqual(doc['ietf-restconf:notification']?.['sv-streams:devices'], { device: [{ id: 'd1', tick: { n: 7 } }] });
  d1.close();
  await until(() => counts.subscribed === counts.closed, 'closed');
});

test.serial('bad stream requests get RFC 8040 errors, not streams', async (t) => {
  const bad = await fetch(`${server.url}/restconf/data/sv-streams:alarm?filter=${encodeURIComponent('severity >')}`);
  t.is(bad.status, 400);
  t.regex(await bad.text(), /filter/);
  const missing = await fetch(`${server.url}/restconf/streams/sv-streams:devices/device=zz/tick`);
  t.is(missing.status, 404);
  const replay = await fetch(`${server.url}/restconf/data/sv-streams:alarm?start-time=2026-01-01T00:00:00Z`);
  t.is(replay.status, 400);
});

test.serial('the change stream reports every committed edit', async (t) => {
  const c = await SseClient.open(`${server.url}/restconf/streams/sv-streams/changes`);
  await until(async () => (await stats())['subscribers'] === 1, 'subscribed');
  const r = await fetch(`${server.url}/restconf/data/sv-streams:devices/device=d2`, {
    method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ device: [{ id: 'd2', status: 'running' }] }),
  });
  t.is(r.status, 204);
  const [m] = await c.waitFor(1);
  t.deepEqual(JSON.parse(m?.data ?? '{}'), { target: '/sv-streams:devices/device=d2', operation: 'merge', value: { device: [{ id: 'd2', status: 'running' }] } });
  c.close();
});

test.serial('idle streams get keep-alive comments', async (t) => {
  const c = await SseClient.open(`${server.url}/restconf/data/sv-streams:alarm`);
  await until(() => c.comments.includes('keep-alive'), 'a keep-alive comment');
  t.true(c.comments.includes('keep-alive'));
  c.close();
  await until(() => counts.subscribed === counts.closed, 'closed');
});

test.serial('1,000 connect/disconnect cycles leave no source, subscriber or timer behind', async (t) => {
  const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  const baseline = timers();
  const before = { ...counts };
  for (let i = 0; i < 1000; i += 50) {
    const batch = await Promise.all(Array.from({ length: 50 }, (_, j) =>
      SseClient.open(`${server.url}/restconf/data/sv-streams:alarm${j % 2 === 0 ? '' : `?filter=${encodeURIComponent('severity > 1')}`}`)));
    for (const [j, c] of batch.entries()) (j % 3 === 0 ? c.cut() : c.close());
  }
  await until(async () => {
    const s = await stats();
    return s['subscribers'] === 0 && s['sources'] === 0 && s['filters'] === 0;
  }, 'every stream released');
  await until(() => counts.subscribed === counts.closed, 'every closer called');
  t.true(counts.subscribed - before.subscribed >= 1, 'the cycles opened the source');
  await until(() => timers() <= baseline, 'no timer left');
  t.true(timers() <= baseline);
});
