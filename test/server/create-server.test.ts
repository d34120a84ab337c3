/**
 * createServer as a library user meets it: inject without a socket, option
 * errors, exclusive listening, graceful close, the access log, the metrics
 * exposition and CORS — over real sockets where a socket is the point.
 */
import test from 'ava';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import parsePrometheus from 'parse-prometheus-text-format';
import { delay, firstValueFrom, of, Subject } from 'rxjs';
import { reflectNode } from '../../src/actors/nodes/index.ts';
import { createServer, type RxconfServer, type ServerOptions } from '../../src/server/create-server.ts';
import type { Logger } from '../../src/server/logger.ts';
import { SseClient } from '../helpers/sse-client.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'create-server');

interface Captured { readonly level: string; readonly fields: Record<string, unknown>; readonly msg: string | undefined }

const captureLogger = (): Logger & { lines: Captured[] } => {
  const lines: Captured[] = [];
  const at = (level: string) => (a: Record<string, unknown> | string, msg?: string): void => {
    lines.push(typeof a === 'string' ? { level, fields: {}, msg: a } : { level, fields: a, msg });
  };
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
};

const hello = (extra: Partial<ServerOptions> = {}, ticks = new Subject<{ n: number }>(), slowStarted = new Subject<void>()): RxconfServer => createServer({
  searchPath: [yang],
  modules: ['cs-hello'],
  host: '127.0.0.1',
  port: 0,
  logger: false,
  app: (app) => {
    const status = { uptime: 42n, temperature: '21.5', label: 'x', port: [{ name: 'eth0', rx: 7n }, { name: 'eth1', rx: 9n }] };
    app.serve('cs-hello', (_ctx, stored) => {
      const state = reflectNode({ status });
      return { ...stored, child: (r) => (r.meta.name === 'status' ? state.child?.(r) : stored.child?.(r)) } as typeof stored;
    });
    app.operation('cs-hello:slow', ({ input }) => {
      slowStarted.next();
      return of({ done: true }).pipe(delay(Number(input?.ms ?? 100)));
    });
    app.notification('cs-hello:tick', ticks);
  },
  ...extra,
});

test('inject runs a request through the whole pipeline without a socket', async (t) => {
  const server = hello();
  const before = await server.inject({ path: '/restconf/data/cs-hello:settings' });
  t.is(before.status, 200);
  t.deepEqual(before.json(), { settings: { greeting: 'hello' } });
  const patch = await server.inject({ method: 'PATCH', path: '/restconf/data/cs-hello:settings', body: { settings: { count: 3 } } });
  t.is(patch.status, 204);
  const after = await server.inject({ path: '/restconf/data/cs-hello:settings/count' });
  t.deepEqual(after.json(), { count: 3 });
  const bad = await server.inject({ method: 'PATCH', path: '/restconf/data/cs-hello:settings', body: { settings: { count: -1 } } });
  t.is(bad.status, 400);
  t.regex(bad.body, /invalid-value/);
  t.is(server.address, undefined, 'nothing listens until listen()');
  await server.close();
});

test('the OpenAPI document of the served modules is served over a real socket', async (t) => {
  const server = hello();
  const { url } = await server.listen();
  try {
    const r = await fetch(`${url}/restconf/openapi.json`);
    t.is(r.status, 200);
    const doc = await r.json() as { openapi: string; paths: Record<string, unknown> };
    t.regex(doc.openapi, /^3\.1/);
    t.truthy(doc.paths['/restconf/data/cs-hello:settings']);
    t.is((await fetch(`${url}/restconf/openapi.json`, { method: 'DELETE' })).status, 405);
  } finally {
    await server.close();
  }
});

test('bad options are refused with every problem and where it is', (t) => {
  const e = t.throws(() => createServer({ modules: ['cs-hello'], searchPath: [yang], port: -1, limits: { maxBodyBytes: 0 }, transport: 'quic' as never }));
  t.regex(e?.message ?? '', /options\.port: expected a port 0\.\.65535, got -1/);
  t.regex(e?.message ?? '', /options\.limits\.maxBodyBytes: expected an integer 1\.\./);
  t.regex(e?.message ?? '', /options\.transport/);
  t.throws(() => createServer({ modules: [] }), { message: /name at least one module/ });
  t.throws(() => createServer({ modules: ['no-such-module'], searchPath: [yang] }), { message: /no-such-module/ });
});

for (const transport of ['uws', 'http1'] as const) {
  test(`${transport}: listening is exclusive — a taken port is an error`, async (t) => {
    const first = hello({ transport });
    const { port } = await first.listen();
    const second = hello({ transport, port });
    try {
      await t.throwsAsync(() => second.listen(), { message: /EADDRINUSE|in use/ });
      const ok = await fetch(`http://127.0.0.1:${port}/restconf/data/cs-hello:settings`);
      t.is(ok.status, 200, 'the first server still answers');
    } finally {
      await second.close();
      await first.close();
    }
  });

  test(`${transport}: close() lets an in-flight request finish and ends event streams cleanly`, async (t) => {
    const ticks = new Subject<{ n: number }>();
    const started = new Subject<void>();
    const server = hello({ transport }, ticks, started);
    const inHandler = firstValueFrom(started);
    const { url } = await server.listen();
    const events = await SseClient.open(`${url}/restconf/data/cs-hello:tick`);
    t.is(events.status, 200);
    ticks.next({ n: 1 });
    await events.waitFor(1);
    const slow = fetch(`${url}/restconf/data/cs-hello:slow`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ms":1500}' });
    await inHandler;
    const closing = server.close();
    const answer = await slow;
    t.is(answer.status, 200);
    t.deepEqual(await answer.json(), { done: true });
    await closing;
    t.true(events.ended, 'the event stream ended');
    t.true(events.comments.some((c) => c.includes('server closing')), 'with a final comment');
    t.deepEqual(events.json(), [{ n: 1 }]);
    await t.throwsAsync(() => fetch(`${url}/restconf/data/cs-hello:settings`), undefined, 'no longer accepting');
  });
}

test('the access log has one line per request, with no credentials', async (t) => {
  const logger = captureLogger();
  const server = hello({ logger });
  const { url } = await server.listen();
  try {
    await fetch(`${url}/restconf/data/cs-hello:settings?depth=1&access_token=s3cret`, { headers: { authorization: 'Basic c2VjcmV0OnNlY3JldA==', 'x-request-id': 'abc-1' } });
    await fetch(`${url}/restconf/data/cs-hello:nothing`);
    const access = logger.lines.filter((l) => l.msg === 'request');
    t.is(access.length, 2);
    const [first, second] = access.map((l) => l.fields);
    t.like(first, { reqId: 'abc-1', method: 'GET', path: '/restconf/data/cs-hello:settings?depth=1&access_token=[redacted]', status: 400, remote: '127.0.0.1' });
    t.true(typeof first?.durationMs === 'number' && typeof first.bytes === 'number' && first.bytes > 0);
    t.like(second, { method: 'GET', status: 400 });
    t.regex(String(second?.reqId), /^[0-9a-z]+-[0-9a-z]+$/);
    t.false(JSON.stringify(logger.lines).includes('s3cret'));
    t.false(JSON.stringify(logger.lines).includes('c2VjcmV0'));
    t.true(logger.lines.some((l) => l.msg === 'listening' && l.fields.url === url));
  } finally {
    await server.close();
  }
});

test('metrics: Prometheus text with request counts, durations, streams, edits and opt-in module state', async (t) => {
  const server = hello({ metrics: { modules: ['cs-hello'] } });
  const { url } = await server.listen();
  try {
    await fetch(`${url}/restconf/data/cs-hello:settings`);
    await fetch(`${url}/restconf/data/cs-hello:settings`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"settings":{"count":5}}' });
    const res = await fetch(`${url}/metrics`);
    t.is(res.status, 200);
    t.regex(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    const families = parsePrometheus(await res.text());
    const family = (name: string) => families.find((f) => f.name === name);
    const requests = family('rxconf_http_requests_total');
    t.is(requests?.type, 'COUNTER');
    t.true(requests?.metrics.some((m) => m.labels?.method === 'GET' && m.labels.status === '200' && Number(m.value) >= 1));
    t.true(requests?.metrics.some((m) => m.labels?.method === 'PATCH' && m.labels.status === '204'));
    const durations = family('rxconf_http_request_duration_seconds');
    t.is(durations?.type, 'HISTOGRAM');
    t.is(family('rxconf_edits_committed_total')?.metrics[0]?.value, '1');
    t.is(family('rxconf_event_streams_open')?.metrics[0]?.value, '0');
    t.is(family('cs_hello_status_uptime')?.metrics[0]?.value, '42');
    t.is(family('cs_hello_status_temperature')?.metrics[0]?.value, '21.5');
    t.deepEqual(family('cs_hello_status_port_rx')?.metrics.map((m) => [m.labels?.name, m.value]), [['eth0', '7'], ['eth1', '9']]);
    t.is(family('cs_hello_status_label'), undefined, 'strings are not metrics');
    t.is(family('cs_hello_settings_count'), undefined, 'config is not exported');
    t.is((await fetch(`${url}/metrics`, { method: 'DELETE' })).status, 405);
  } finally {
    await server.close();
  }
});

test('CORS: preflights, allowed origins echoed, cross-origin writes refused unless allowed', async (t) => {
  const server = hello({ cors: { origins: ['http://ui.example'], credentials: true } });
  const { url } = await server.listen();
  try {
    const preflight = await fetch(`${url}/restconf/data/cs-hello:settings`, {
      method: 'OPTIONS', headers: { origin: 'http://ui.example', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'content-type' },
    });
    t.is(preflight.status, 204);
    t.is(preflight.headers.get('access-control-allow-origin'), 'http://ui.example');
    t.is(preflight.headers.get('access-control-allow-credentials'), 'true');
    t.regex(preflight.headers.get('access-control-allow-methods') ?? '', /PATCH/);
    const read = await fetch(`${url}/restconf/data/cs-hello:settings`, { headers: { origin: 'http://ui.example' } });
    t.is(read.headers.get('access-control-allow-origin'), 'http://ui.example');
    const foreignPreflight = await fetch(`${url}/restconf/data/cs-hello:settings`, { method: 'OPTIONS', headers: { origin: 'http://evil.example', 'access-control-request-method': 'PATCH' } });
    t.is(foreignPreflight.status, 403);
    t.is(foreignPreflight.headers.get('access-control-allow-origin'), null);
    const foreignWrite = await fetch(`${url}/restconf/data/cs-hello:settings`, { method: 'PATCH', headers: { origin: 'http://evil.example', 'content-type': 'application/json' }, body: '{"settings":{"count":9}}' });
    t.is(foreignWrite.status, 403);
    t.regex(await foreignWrite.text(), /access-denied/);
    const state = await (await fetch(`${url}/restconf/data/cs-hello:settings`)).json();
    t.deepEqual(state, { settings: { greeting: 'hello' } }, 'the refused write changed nothing');
    const sameOrigin = await fetch(`${url}/restconf/data/cs-hello:settings`, { method: 'PATCH', headers: { origin: url, 'content-type': 'application/json' }, body: '{"settings":{"count":9}}' });
    t.is(sameOrigin.status, 204);
  } finally {
    await server.close();
  }
});

test('server/listen says the address and port the server was given, runtime the port and URL bound; close() logs a line', async (t) => {
  const free = await new Promise<number>((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  const logger = captureLogger();
  const server = hello({ port: free, logger });
  const { url } = await server.listen();
  try {
    const listen = await fetch(`${url}/restconf/data/rxconf-server:server/listen`);
    t.deepEqual(await listen.json(), { listen: { address: '127.0.0.1', port: free } });
    const runtime = await (await fetch(`${url}/restconf/data/rxconf-server:server/runtime`)).json() as { runtime: { port: number; url: string } };
    t.is(runtime.runtime.port, free);
    t.is(runtime.runtime.url, url);
  } finally {
    await server.close();
  }
  t.true(logger.lines.some((l) => l.msg === 'closed' && l.fields['url'] === url), 'a log line says the server closed');
  const any = hello({ port: 0 });
  const bound = await any.listen();
  try {
    const listen = await (await fetch(`${bound.url}/restconf/data/rxconf-server:server/listen/port`)).json();
    t.deepEqual(listen, { port: 0 }, 'port 0: any free one, as configured');
    const port = await (await fetch(`${bound.url}/restconf/data/rxconf-server:server/runtime/port`)).json();
    t.deepEqual(port, { port: bound.port }, 'the one picked');
  } finally {
    await any.close();
  }
});
