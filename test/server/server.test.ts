/**
 * The assembled server: SSE over HTTP/2 (many streams, one connection),
 * stream discovery, the server's own module applied live, request
 * time-outs, and the demo application.
 */
import test from 'ava';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:http2';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../src/server/start-server.ts';
import { alarms, counts } from '../fixtures/apps/stream-app.ts';

const fixtures = join(process.cwd(), 'test', 'fixtures');
const serve = (extra: Partial<Parameters<typeof startServer>[0]> = {}): Promise<RunningServer> => startServer({
  searchPath: [join(fixtures, 'yang', 'server')],
  modules: ['sv-streams'],
  app: join(fixtures, 'apps', 'stream-app.ts'),
  host: '127.0.0.1',
  port: 0,
  log: () => undefined,
  ...extra,
});

test.serial('over h2c, several event streams share one HTTP/2 connection', async (t) => {
  const server = await serve({ transport: 'h2c' });
  const session = connect(server.url);
  try {
    const open = (filter: string) => new Promise<{ chunks: string[]; close: () => void }>((resolve, reject) => {
      const req = session.request({ ':path': `/restconf/data/sv-streams:alarm${filter}`, accept: 'text/event-stream' });
      const chunks: string[] = [];
      req.setEncoding('utf8');
      req.on('response', (h) => (h[':status'] === 200 ? resolve({ chunks, close: () => req.close() }) : reject(new Error(`status ${String(h[':status'])}`))));
      req.on('data', (c: string) => chunks.push(c));
      req.on('error', () => undefined);
    });
    const streams = await Promise.all(['', `?filter=${encodeURIComponent('severity > 1')}`, `?filter=${encodeURIComponent('severity > 2')}`].map(open));
    for (let i = 0; i < 50 && counts.subscribed === counts.closed; i++) await new Promise((r) => setTimeout(r, 20));
    alarms.next({ severity: 2 });
    alarms.next({ severity: 3 });
    const events = (s: { chunks: string[] }) => s.chunks.join('').split('\n\n').filter((f) => f.startsWith('data: ')).map((f) => JSON.parse(f.slice(6)) as { severity: number });
    for (let i = 0; i < 100 && events(streams[0] as { chunks: string[] }).length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    t.deepEqual(streams.map((s) => events(s).map((e) => e.severity)), [[2, 3], [2, 3], [3]]);
    for (const s of streams) s.close();
    for (let i = 0; i < 100 && counts.subscribed !== counts.closed; i++) await new Promise((r) => setTimeout(r, 20));
    t.is(counts.subscribed, counts.closed, 'closing the HTTP/2 streams called the closer');
  } finally {
    session.close();
    await server.close();
  }
});

test.serial('restconf-state lists every stream with a JSON location that works', async (t) => {
  const server = await serve();
  try {
    const r = await fetch(`${server.url}/restconf/data/ietf-restconf-monitoring:restconf-state`, { headers: { accept: 'application/yang-data+json' } });
    t.is(r.status, 200);
    const doc = (await r.json()) as { 'ietf-restconf-monitoring:restconf-state': { streams: { stream: { name: string; access: { encoding: string; location: string }[] }[] } } };
    const streams = doc['ietf-restconf-monitoring:restconf-state'].streams.stream;
    t.deepEqual(streams.map((s) => s.name).sort(), ['ietf-yang-library:yang-library-change', 'ietf-yang-library:yang-library-update', 'rxconf-server/changes', 'sv-streams/changes', 'sv-streams:alarm', 'sv-streams:unsourced']);
    const alarm = streams.find((s) => s.name === 'sv-streams:alarm');
    t.is(alarm?.access[0]?.encoding, 'json');
    const ctl = new AbortController();
    const opened = await fetch(alarm?.access[0]?.location ?? '', { headers: { accept: 'text/event-stream' }, signal: ctl.signal });
    t.is(opened.status, 200);
    t.regex(opened.headers.get('content-type') ?? '', /^text\/event-stream/);
    ctl.abort();
    const simplified = await fetch(`${server.url}/restconf/data/ietf-restconf-monitoring:restconf-state?simplified`, { headers: { accept: 'application/yang-data+json' } });
    const other = await fetch(`${server.url}/restconf/data/rxconf-server:server/debug?simplified`, { headers: { accept: 'application/yang-data+json' } });
    t.is(simplified.headers.get('content-type'), other.headers.get('content-type'), 'the simplified flag decides the mode, as for every resource');
    t.true('restconf-state' in ((await simplified.json()) as object));
  } finally {
    await server.close();
  }
});

test.serial('the server module applies live: max-node-count and debug after an edit; stats count answers', async (t) => {
  const lines: string[] = [];
  const server = await serve({ log: (l) => lines.push(l) });
  try {
    const put = await fetch(`${server.url}/restconf/data/rxconf-server:server/limits/max-node-count`, {
      method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ 'max-node-count': 10 }),
    });
    t.is(put.status, 201, 'the leaf only had its default: PUT creates it');
    const big = await fetch(`${server.url}/restconf/data/rxconf-server:server`);
    t.is(big.status, 400);
    t.regex(await big.text(), /too-big/);
    const fine = await fetch(`${server.url}/restconf/data/rxconf-server:server?rx.max-node-count=500`);
    t.is(fine.status, 200);
    const logged = (): boolean => lines.some((l) => {
      const e = JSON.parse(l) as { method?: string; path?: string; status?: number };
      return e.method === 'GET' && e.path === '/restconf/data/sv-streams:devices' && e.status === 404;
    });
    await fetch(`${server.url}/restconf/data/sv-streams:devices`);
    t.false(logged(), 'the access log is off in this server until debug is set');
    await fetch(`${server.url}/restconf/data/rxconf-server:server/debug`, {
      method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ debug: true }),
    });
    await fetch(`${server.url}/restconf/data/sv-streams:devices`);
    await new Promise((r) => setImmediate(r));
    t.true(logged(), lines.join('\n'));
    const stats = await (await fetch(`${server.url}/restconf/data/rxconf-server:server/stats?rx.max-node-count=1000`)).json() as { stats: { requests: number; responses: { status: number; count: number }[] } };
    t.true(stats.stats.requests >= 5);
    t.true(stats.stats.responses.some((r) => r.status === 400 && r.count >= 1));
  } finally {
    await server.close();
  }
});

test.serial('a request whose answer does not start in time is answered 500, and the server goes on', async (t) => {
  const server = await startServer({
    searchPath: [join(fixtures, 'yang', 'server')],
    modules: ['sv-streams'],
    host: '127.0.0.1',
    port: 0,
    log: () => undefined,
    app: join(fixtures, 'apps', 'slow-app.ts'),
  });
  try {
    await fetch(`${server.url}/restconf/data/rxconf-server:server/limits/request-timeout-ms`, {
      method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ 'request-timeout-ms': 200 }),
    });
    const slow = await fetch(`${server.url}/restconf/data/sv-streams:devices`);
    t.is(slow.status, 500);
    t.regex(await slow.text(), /no answer within 200 ms/);
    const quick = await fetch(`${server.url}/restconf/data/rxconf-server:server/debug`);
    t.is(quick.status, 200);
    // An edit slower than the limit is not answered by the time-out: its answer tells what happened to the data.
    const edit = await fetch(`${server.url}/restconf/data/sv-streams:devices`, {
      method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ devices: { device: [{ id: 'd1', status: 'up' }] } }),
    });
    t.is(edit.status, 204);
    t.is(server.datastore.root(server.device.browser('sv-streams')!.module).size, 1, 'and it is committed');
  } finally {
    await server.close();
  }
});

test.serial('settings that would lock the operator out are refused', async (t) => {
  const server = await serve();
  try {
    for (const [leaf, value] of [['max-node-count', 1], ['max-body-bytes', 4294967295], ['request-timeout-ms', 1], ['max-queued-events', 0]] as const) {
      const put = await fetch(`${server.url}/restconf/data/rxconf-server:server/limits/${leaf}`, {
        method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ [leaf]: value }),
      });
      t.is(put.status, 400, leaf);
      t.regex(await put.text(), /invalid-value/);
    }
    const limits = await (await fetch(`${server.url}/restconf/data/rxconf-server:server/limits`)).json() as { limits: Record<string, number> };
    t.is(limits.limits['max-node-count'], 10000, 'unchanged');
  } finally {
    await server.close();
  }
});

const getWithHost = (url: string, host: string): Promise<number> => new Promise((resolve, reject) => {
  const req = httpRequest(`${url}/restconf/data/rxconf-server:server/debug`, { headers: { host } }, (res) => {
    res.resume();
    resolve(res.statusCode ?? 0);
  });
  req.on('error', reject);
  req.end();
});

test.serial('a server on a loopback address answers only its own names in Host (DNS rebinding)', async (t) => {
  const server = await serve();
  try {
    t.is(await getWithHost(server.url, 'evil.example'), 403);
    t.is(await getWithHost(server.url, `evil.example:${server.port}`), 403);
    t.is(await getWithHost(server.url, `localhost:${server.port}`), 200);
    t.is(await getWithHost(server.url, `127.0.0.1:${server.port}`), 200);
    t.is(await getWithHost(server.url, 'app.localhost'), 200);
  } finally {
    await server.close();
  }
  const named = await serve({ allowedHosts: ['rxconf.internal'] });
  try {
    t.is(await getWithHost(named.url, 'rxconf.internal:8080'), 200);
    t.is(await getWithHost(named.url, 'evil.example'), 403);
  } finally {
    await named.close();
  }
});
