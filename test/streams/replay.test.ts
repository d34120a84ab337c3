/**
 * Replay (RFC 8040 §6.3, §4.8.7, §4.8.8) over real
 * sockets, uWS and node:http, both compliance modes: restconf-state says
 * which streams keep a log and since when; start-time replays the kept
 * events then goes live with nothing missed or sent twice while events keep
 * arriving; stop-time ends the stream; bad combinations are 400
 * invalid-value. The buffer's bounds (count and age) with a made-up clock.
 */
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Subject } from 'rxjs';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';
import { ReplayBuffer } from '../../src/streams/replay-buffer.ts';
import type { StreamEvent } from '../../src/streams/stream-event.ts';
import { SseClient } from '../helpers/sse-client.ts';

const fixtures = join(process.cwd(), 'test', 'fixtures', 'yang');
const STRICT = { accept: 'application/yang-data+json' };

const until = async (check: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
};

const start = async (transport: 'uws' | 'http1', replayEvents = 1000): Promise<{ server: RxconfServer; url: string; alarms: Subject<Record<string, unknown>> }> => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-replay-'));
  const data = join(dir, 'data.json');
  writeFileSync(data, JSON.stringify({ 'rxconf-server:server': { limits: { 'keep-alive-seconds': 1, 'replay-buffer-events': replayEvents } } }));
  const alarms = new Subject<Record<string, unknown>>();
  const server = createServer({
    searchPath: [join(fixtures, 'server')], modules: ['sv-streams'], data, logger: false, transport, port: 0,
    app: (app) => app.notification('sv-streams:alarm', alarms),
  });
  const { url } = await server.listen();
  return { server, url, alarms };
};

const texts = (c: SseClient, strict: boolean): string[] =>
  c.messages.map((m) => {
    const doc = JSON.parse(m.data) as Record<string, any>;
    return String(strict ? doc['ietf-restconf:notification']['sv-streams:alarm'].text : doc['text']);
  });

for (const transport of ['uws', 'http1'] as const) {
  test.serial(`${transport}: restconf-state reports replay support and the log's creation time; the replay capability`, async (t) => {
    const { server, url } = await start(transport);
    try {
      const r = await fetch(`${url}/restconf/data/ietf-restconf-monitoring:restconf-state`, { headers: STRICT });
      const state = ((await r.json()) as Record<string, any>)['ietf-restconf-monitoring:restconf-state'];
      t.true((state.capabilities.capability as string[]).includes('urn:ietf:params:restconf:capability:replay:1.0'));
      const alarm = (state.streams.stream as Record<string, unknown>[]).find((s) => s['name'] === 'sv-streams:alarm');
      t.is(alarm?.['replay-support'], true);
      t.false(Number.isNaN(Date.parse(String(alarm?.['replay-log-creation-time']))));
    } finally {
      await server.close();
    }
    const off = await start(transport, 0);
    try {
      const r = await fetch(`${off.url}/restconf/data/ietf-restconf-monitoring:restconf-state/streams/stream=sv-streams%3Aalarm`, { headers: STRICT });
      const [alarm] = ((await r.json()) as Record<string, any>)['ietf-restconf-monitoring:stream'] as Record<string, unknown>[];
      t.is(alarm?.['replay-support'], false);
      t.false('replay-log-creation-time' in (alarm ?? {}));
      const refused = await fetch(`${off.url}/restconf/data/sv-streams:alarm?start-time=${encodeURIComponent(new Date().toISOString())}`);
      t.is(refused.status, 400, 'no log, no replay');
    } finally {
      await off.server.close();
    }
  });

  for (const strict of [false, true]) {
    test.serial(`${transport}, ${strict ? 'strict' : 'default'} mode: a replay goes live with nothing missed or sent twice while events keep coming`, async (t) => {
      const { server, url, alarms } = await start(transport);
      try {
        const since = new Date(Date.now() - 1000).toISOString();
        let n = 0;
        const emit = (): void => alarms.next({ severity: 1, text: `e${(n += 1)}` });
        for (let i = 0; i < 20; i++) emit();
        // events keep arriving while the subscriber connects and replays
        let emitting = true;
        const pump = (async () => {
          while (emitting) {
            emit();
            await new Promise((r) => setImmediate(r));
          }
        })();
        const c = await SseClient.open(`${url}/restconf/data/sv-streams:alarm?start-time=${encodeURIComponent(since)}`, strict ? STRICT : {});
        t.is(c.status, 200);
        await until(() => c.messages.length >= 60, '60 events');
        emitting = false;
        await pump;
        for (let i = 0; i < 5; i++) emit();
        await until(() => texts(c, strict).includes(`e${n}`), 'the last event');
        const got = texts(c, strict);
        t.deepEqual(got, Array.from({ length: n }, (_, i) => `e${i + 1}`), 'every event once, in order');
        c.close();
      } finally {
        await server.close();
      }
    });
  }

  test.serial(`${transport}: stop-time ends the stream: a past window replays and ends, a future one ends when it comes`, async (t) => {
    const { server, url, alarms } = await start(transport);
    try {
      const t0 = Date.now() - 1;
      alarms.next({ severity: 1, text: 'a' });
      alarms.next({ severity: 2, text: 'b' });
      await new Promise((r) => setTimeout(r, 20));
      const t1 = Date.now();
      await new Promise((r) => setTimeout(r, 20));
      alarms.next({ severity: 3, text: 'c' });
      const window = `start-time=${encodeURIComponent(new Date(t0).toISOString())}&stop-time=${encodeURIComponent(new Date(t1).toISOString())}`;
      const past = await SseClient.open(`${url}/restconf/data/sv-streams:alarm?${window}`);
      t.is(past.status, 200);
      await until(() => past.ended, 'the replay of a past window ends');
      t.deepEqual(texts(past, false), ['a', 'b']);

      const stop = new Date(Date.now() + 300).toISOString();
      const future = await SseClient.open(`${url}/restconf/data/sv-streams:alarm?start-time=${encodeURIComponent(new Date(t0).toISOString())}&stop-time=${encodeURIComponent(stop)}`, STRICT);
      await until(() => future.messages.length === 3, 'the kept events');
      await until(() => future.ended, 'the stream ends at stop-time');
      t.deepEqual(texts(future, true), ['a', 'b', 'c']);
    } finally {
      await server.close();
    }
  });

  test.serial(`${transport}: replayed events keep their own eventTime, and a filter applies to them`, async (t) => {
    const { server, url, alarms } = await start(transport);
    try {
      const since = new Date(Date.now() - 1).toISOString();
      for (let i = 1; i <= 4; i++) alarms.next({ severity: i, text: `s${i}` });
      const sent = Date.now();
      await new Promise((r) => setTimeout(r, 30));
      const c = await SseClient.open(`${url}/restconf/data/sv-streams:alarm?start-time=${encodeURIComponent(since)}&filter=${encodeURIComponent('severity>2')}`, STRICT);
      await until(() => c.messages.length >= 2, 'the two matching events');
      t.deepEqual(texts(c, true), ['s3', 's4']);
      for (const m of c.messages) {
        const time = Date.parse((JSON.parse(m.data) as Record<string, any>)['ietf-restconf:notification'].eventTime as string);
        t.true(time <= sent, 'the time the event happened, not the time it was replayed');
      }
      c.close();
    } finally {
      await server.close();
    }
  });

  test.serial(`${transport}: bad combinations are 400 invalid-value in both modes`, async (t) => {
    const { server, url } = await start(transport);
    try {
      const now = Date.now();
      const iso = (ms: number) => encodeURIComponent(new Date(ms).toISOString());
      const cases = [
        `stop-time=${iso(now)}`,
        `start-time=${iso(now + 3_600_000)}`,
        `start-time=${iso(now - 1000)}&stop-time=${iso(now - 2000)}`,
        'start-time=yesterday',
        `start-time=${iso(now)}&stop-time=soon`,
      ];
      for (const q of cases) {
        for (const headers of [{}, STRICT]) {
          const r = await fetch(`${url}/restconf/data/sv-streams:alarm?${q}`, { headers });
          t.is(r.status, 400, q);
          const body = (await r.json()) as Record<string, any>;
          const errors = body['ietf-restconf:errors'] ?? body['errors'];
          t.is(errors.error[0]['error-tag'], 'invalid-value', q);
        }
      }
      const nested = await fetch(`${url}/restconf/streams/sv-streams:devices/device=d1/tick?start-time=${iso(now)}`);
      t.true(nested.status === 400 || nested.status === 404, 'a nested notification keeps no log');
    } finally {
      await server.close();
    }
  });
}

test.serial('with NACM on no stream keeps a log: replay-support false, start-time 400', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-replay-nacm-'));
  const data = join(dir, 'data.json');
  writeFileSync(data, JSON.stringify({ 'rxconf-server:server': { limits: { 'replay-buffer-events': 100 } } }));
  const server = createServer({ searchPath: [join(fixtures, 'server')], modules: ['sv-streams'], data, logger: false, transport: 'http1', port: 0, nacm: true });
  const { url } = await server.listen();
  try {
    const r = await fetch(`${url}/restconf/data/ietf-restconf-monitoring:restconf-state/streams/stream=sv-streams%3Aalarm/replay-support`, { headers: STRICT });
    t.is(r.status, 200);
    t.deepEqual(await r.json(), { 'ietf-restconf-monitoring:replay-support': false });
    const refused = await fetch(`${url}/restconf/data/sv-streams:alarm?start-time=${encodeURIComponent(new Date().toISOString())}`);
    t.is(refused.status, 400);
  } finally {
    await server.close();
  }
});

const event = (time: number): StreamEvent => ({ time: new Date(time), content: () => ({}), plain: () => time });

test('the buffer keeps at most its size and nothing older than its age, both read live', (t) => {
  let now = 1_000_000;
  const limits = { maxEvents: 3, maxAgeMs: 10_000 };
  const b = new ReplayBuffer(() => limits, () => now);
  for (let i = 0; i < 5; i++) b.push(event(now + i));
  t.deepEqual(b.between(0, undefined).map((e) => e.plain()), [now + 2, now + 3, now + 4]);
  now += 10_003;
  t.deepEqual(b.between(0, undefined).map((e) => e.plain()), [1_000_003, 1_000_004], 'older than 10 s: gone');
  t.deepEqual(b.between(1_000_004, 1_000_004).map((e) => e.plain()), [1_000_004], 'start and stop inclusive');
  limits.maxEvents = 0;
  b.push(event(now));
  t.is(b.size, 0);
});
