/**
 * Call Home clients as rxconf-server configuration (`server/call-home`),
 * over real sockets with certificates made by openssl: a client added over
 * RESTCONF is called and served; a changed port is dialled instead; a
 * deleted client's connection closes and is not dialled again; periodic
 * connections from config; a user NACM does not permit gets 403 and
 * nothing is dialled; without NACM the clients change only at start (403,
 * the rest of `server` stays editable); without TLS an added client is
 * refused (400 invalid-value, on uWS and node:http, both compliance
 * modes); the clients survive a restart on the same data file (the
 * library and `rxconf serve --data`, where a --call-home client stays
 * after a start without the flag); each client's state, and bounded
 * attempts from config.
 */
import test from 'ava';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type RxconfServer, type ServerOptions } from '../../src/server/create-server.ts';
import { listenCallHome, type CallHomeListener, type CallHomeSession } from '../../src/server/call-home/call-home-listener.ts';
import { modal, type Mode } from '../helpers/compliance-mode.ts';
import { serverCommand } from '../helpers/serve-process.ts';
import { testCerts } from '../helpers/test-certs.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'create-server');
const certs = testCerts('rxconf-call-home-config-');
if (!certs.available) console.log('note: openssl not found (apt-get install openssl): the Call Home configuration tests are skipped');
const chTest = certs.available ? test.serial : test.skip;

test.before(() => {
  if (!certs.available) return;
  certs.ca('ca');
  certs.signed('server', 'ca', 'localhost', 'IP:127.0.0.1,DNS:localhost');
  certs.signed('client', 'ca', 'nms');
});

/** alice (admin) may do anything; bob (ops) may write by write-default, which the call-home subtree's default-deny-write overrides. */
const RULES = {
  'ietf-netconf-acm:nacm': {
    'write-default': 'permit',
    groups: { group: [{ name: 'admin', 'user-name': ['alice'] }, { name: 'ops', 'user-name': ['bob'] }] },
    'rule-list': [{ name: 'admin', group: ['admin'], rule: [{ name: 'all', 'module-name': '*', 'access-operations': '*', action: 'permit' }] }],
  },
};

const dataFile = (content: unknown = RULES): string => {
  const file = join(mkdtempSync(join(tmpdir(), 'rxconf-call-home-data-')), 'data.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
};

const tls = () => ({ key: certs.read('server.key'), cert: certs.read('server.crt'), ca: certs.read('ca.crt') });

const serverWith = (extra: Partial<ServerOptions>): RxconfServer => createServer({
  searchPath: [yang], modules: ['cs-hello'], host: '127.0.0.1', port: 0, logger: false,
  tls: tls(),
  auth: {
    proxy: { trusted: ['127.0.0.1'] },
    certificates: { map: [{ fingerprint: new X509Certificate(certs.read('ca.crt')).fingerprint256, mapType: 'common-name', groups: ['nms'] }] },
  },
  app: (app) => app.operation('cs-hello:whoami', ({ context }) => ({ user: context.user ?? '', group: [...(context.roles ?? [])] })),
  ...extra,
});

interface Answer { readonly status: number; readonly body: string }

/** A request as `user` (the trusted proxy header) to the server's TLS port. */
const send = (server: RxconfServer, path: string, user: string, init: { method?: string; body?: unknown; mode?: Mode } = {}): Promise<Answer> => {
  const m = modal(init.mode ?? 'strict', 'rxconf-server');
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = request(`${server.address?.url ?? ''}${path}`, {
      method: init.method ?? 'GET', ca: certs.read('ca.crt'), agent: false,
      headers: { 'x-remote-user': user, ...(body === undefined ? m.get : m.send) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (s: string) => { text += s; }).on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
};

const CALL_HOME = '/restconf/data/rxconf-server:server/call-home';
const client = (name: string, port: number, more: Record<string, unknown> = {}) => ({
  'rxconf-server:client': [{ name, host: '127.0.0.1', port, 'reconnect-strategy': { 'min-delay-ms': 50, 'max-delay-ms': 200 }, ...more }],
});
const configured = async (server: RxconfServer, user = 'alice'): Promise<unknown> => {
  const a = await send(server, `${CALL_HOME}?content=config`, user);
  if (a.status === 404) return []; // no call-home container at all
  return a.status === 200 ? (JSON.parse(a.body) as Record<string, { client?: unknown }>)['rxconf-server:call-home']?.client ?? [] : a.status;
};

/** The client's state (config false), or the status of the answer. */
const stateOf = async (server: RxconfServer, name: string): Promise<unknown> => {
  const a = await send(server, `${CALL_HOME}/client=${name}/state`, 'alice');
  return a.status === 200 ? (JSON.parse(a.body) as Record<string, unknown>)['rxconf-server:state'] : a.status;
};

const listen = (): Promise<CallHomeListener> => listenCallHome({ port: 0, key: certs.read('client.key'), cert: certs.read('client.crt'), ca: certs.read('ca.crt'), serverName: 'localhost' });

const whoami = async (s: CallHomeSession): Promise<unknown> => {
  const a = await s.request('/restconf/operations/cs-hello:whoami', { method: 'POST', headers: { accept: 'application/yang-data+json' } });
  return JSON.parse(a.body);
};

/** A session, or 'none' when no connection came while the server had `ms` to make one (the links reconnect at once, retry after 50 ms). */
const nextOrNone = (l: CallHomeListener, ms: number): Promise<CallHomeSession | 'none'> =>
  Promise.race([l.next(), new Promise<'none'>((r) => setTimeout(() => r('none'), ms))]);

const errorOf = (a: Answer): { tag: string; path: string | undefined } => {
  const e = (JSON.parse(a.body) as { 'ietf-restconf:errors': { error: { 'error-tag': string; 'error-path'?: string }[] } })['ietf-restconf:errors'].error[0];
  return { tag: e?.['error-tag'] ?? '', path: e?.['error-path'] };
};

chTest('a client added over RESTCONF is called and served; a new port is dialled instead; a deleted client is closed and not dialled again', async (t) => {
  const a = await listen();
  const b = await listen();
  const server = serverWith({ nacm: { recoveryUser: 'root' }, data: dataFile() });
  try {
    await server.listen();
    const added = await send(server, CALL_HOME, 'alice', { method: 'PATCH', body: { 'rxconf-server:call-home': client('nms', a.port) } });
    t.is(added.status, 204, added.body);
    const first = await a.next();
    t.deepEqual(await whoami(first), { 'cs-hello:output': { user: 'nms', group: ['nms'] } });
    // the client reads its own entry over the connection the server opened
    const own = await first.request(`${CALL_HOME}/client=nms/port`, { headers: { accept: 'application/yang-data+json' } });
    t.deepEqual(JSON.parse(own.body), { 'rxconf-server:port': a.port });
    t.deepEqual(await stateOf(server, 'nms'), { connection: 'connected', sessions: '1' });

    const moved = await send(server, `${CALL_HOME}/client=nms/port`, 'alice', { method: 'PUT', body: { 'rxconf-server:port': b.port } });
    t.is(moved.status, 204, moved.body);
    await first.closed;
    const second = await b.next();
    t.deepEqual(await whoami(second), { 'cs-hello:output': { user: 'nms', group: ['nms'] } });
    t.deepEqual(await stateOf(server, 'nms'), { connection: 'connected', sessions: '1' }, 'a changed client starts over');

    const removed = await send(server, `${CALL_HOME}/client=nms`, 'alice', { method: 'DELETE' });
    t.is(removed.status, 204, removed.body);
    await second.closed;
    t.deepEqual(await configured(server), []);
    // a later client is called (the server went on), the deleted one is not called again
    t.is((await send(server, CALL_HOME, 'alice', { method: 'PATCH', body: { 'rxconf-server:call-home': client('probe', a.port) } })).status, 204);
    await a.next();
    t.is(await nextOrNone(b, 500), 'none');
    t.is(await nextOrNone(a, 300), 'none', 'the probe client holds its one connection');
  } finally {
    await server.close();
    await a.close();
    await b.close();
  }
});

chTest('bounded attempts from config: a client nobody answers is given up, and called again once changed', async (t) => {
  const gone = await listen();
  const closedPort = gone.port;
  await gone.close();
  const a = await listen();
  const server = serverWith({ nacm: { recoveryUser: 'root' }, data: false });
  try {
    await server.listen();
    const add = await send(server, CALL_HOME, 'root', {
      method: 'PATCH', body: { 'rxconf-server:call-home': client('nms', closedPort, { 'reconnect-strategy': { 'max-attempts': 2, 'min-delay-ms': 20, 'max-delay-ms': 20 } }) },
    });
    t.is(add.status, 204, add.body);
    let state: unknown;
    while ((state = await stateOf(server, 'nms')) === undefined || (state as { connection: string }).connection !== 'given-up') await new Promise((r) => setTimeout(r, 20));
    t.deepEqual(state, { connection: 'given-up', sessions: '0' });
    t.is((await send(server, `${CALL_HOME}/client=nms/port`, 'root', { method: 'PUT', body: { 'rxconf-server:port': a.port } })).status, 204);
    const s = await a.next();
    t.deepEqual(await whoami(s), { 'cs-hello:output': { user: 'nms', group: ['nms'] } });
  } finally {
    await server.close();
    await a.close();
  }
});

chTest('a periodic client from config: the connection is closed when idle and opened again at the next period', async (t) => {
  const a = await listen();
  const server = serverWith({ nacm: { recoveryUser: 'root' }, data: false });
  try {
    await server.listen();
    const periodic = { 'connection-type': { periodic: { 'period-seconds': 1, 'idle-timeout-seconds': 1 } } };
    const added = await send(server, CALL_HOME, 'root', { method: 'POST', body: client('poller', a.port, periodic) });
    t.is(added.status, 201, added.body);
    const first = await a.next();
    t.is((await first.request('/restconf/data/cs-hello:settings')).status, 200);
    await first.closed; // idle for a second: the server closes it
    const second = await a.next();
    t.not(second, first);
    t.deepEqual(await whoami(second), { 'cs-hello:output': { user: 'nms', group: ['nms'] } });
  } finally {
    await server.close();
    await a.close();
  }
});

for (const mode of ['strict', 'plain'] as const) {
  chTest(`${mode}: a user NACM does not permit to write call-home gets 403 access-denied (default-deny-write) and nothing is dialled`, async (t) => {
    const a = await listen();
    const server = serverWith({ nacm: { recoveryUser: 'root' }, data: dataFile() });
    try {
      await server.listen();
      // bob may write the rest of the module (write-default permit)
      const limit = await send(server, '/restconf/data/rxconf-server:server/limits/max-node-count', 'bob', { method: 'PUT', body: { 'rxconf-server:max-node-count': 500 }, mode });
      t.true(limit.status === 201 || limit.status === 204, limit.body);
      const refused = await send(server, CALL_HOME, 'bob', { method: 'PATCH', body: { 'rxconf-server:call-home': client('evil', a.port) }, mode });
      t.is(refused.status, 403);
      t.regex(refused.body, /access-denied/);
      t.regex(refused.body, /rxconf-server:server\/call-home/);
      t.deepEqual(await configured(server), []);
      t.is(await nextOrNone(a, 500), 'none');
    } finally {
      await server.close();
      await a.close();
    }
  });
}

chTest('a user NACM lets write the rest of server cannot remove clients by deleting the whole server container', async (t) => {
  const a = await listen();
  const server = serverWith({ nacm: { recoveryUser: 'root' }, data: dataFile() });
  try {
    await server.listen();
    t.is((await send(server, CALL_HOME, 'alice', { method: 'PATCH', body: { 'rxconf-server:call-home': client('nms', a.port) } })).status, 204);
    const first = await a.next();
    const refused = await send(server, '/restconf/data/rxconf-server:server', 'bob', { method: 'DELETE' });
    t.is(refused.status, 403);
    t.is(errorOf(refused).tag, 'access-denied');
    t.regex(errorOf(refused).path ?? '', /^\/rxconf-server:server\/(authentication|call-home|listen)/);
    t.is((await configured(server) as { name: string }[])[0]?.name, 'nms');
    t.deepEqual(await whoami(first), { 'cs-hello:output': { user: 'nms', group: ['nms'] } }, 'the connection stays');
  } finally {
    await server.close();
    await a.close();
  }
});

chTest('without NACM: start-up clients are in the config; changing them is refused 403, the rest of server stays editable', async (t) => {
  const a = await listen();
  const server = serverWith({ callHome: [{ name: 'nms', host: '127.0.0.1', port: a.port, reconnect: { minDelayMs: 50, maxDelayMs: 200 } }] });
  try {
    await server.listen();
    const first = await a.next();
    const entry = { name: 'nms', host: '127.0.0.1', port: a.port, 'connection-type': { persistent: {} }, 'reconnect-strategy': { 'min-delay-ms': 50, 'max-delay-ms': 200 } };
    t.deepEqual(await configured(server), [entry]);
    const moved = await send(server, `${CALL_HOME}/client=nms/port`, 'alice', { method: 'PUT', body: { 'rxconf-server:port': a.port + 1 } });
    t.is(moved.status, 403);
    t.deepEqual(errorOf(moved), { tag: 'access-denied', path: '/rxconf-server:server/call-home' });
    t.is((await send(server, `${CALL_HOME}/client=nms`, 'alice', { method: 'DELETE' })).status, 403);
    t.is((await send(server, CALL_HOME, 'alice', { method: 'PATCH', body: { 'rxconf-server:call-home': client('more', a.port) } })).status, 403);
    t.deepEqual(await configured(server), [entry]);
    // the connection is still the one made at start
    t.deepEqual(await whoami(first), { 'cs-hello:output': { user: 'nms', group: ['nms'] } });
    // the whole server container written back with the clients unchanged: allowed
    const whole = await send(server, '/restconf/data/rxconf-server:server?content=config', 'alice');
    const put = await send(server, '/restconf/data/rxconf-server:server', 'alice', { method: 'PUT', body: JSON.parse(whole.body) });
    t.is(put.status, 204, put.body);
    t.is((await send(server, '/restconf/data/rxconf-server:server/debug', 'alice', { method: 'PUT', body: { 'rxconf-server:debug': true } })).status, 204);
  } finally {
    await server.close();
    await a.close();
  }
});

for (const transport of ['uws', 'http1'] as const) {
  for (const mode of ['strict', 'plain'] as const) {
    chTest(`${transport} ${mode}: without TLS a client added over RESTCONF is refused 400 invalid-value naming it, nothing changes`, async (t) => {
      const server = createServer({
        searchPath: [yang], modules: ['cs-hello'], host: '127.0.0.1', port: 0, logger: false, transport,
        auth: { proxy: { trusted: ['127.0.0.1'] } }, nacm: { recoveryUser: 'root' },
      });
      try {
        const { url } = await server.listen();
        const m = modal(mode, 'rxconf-server');
        const answer = await fetch(`${url}${CALL_HOME}`, {
          method: 'PATCH', headers: { 'x-remote-user': 'root', ...m.send }, body: JSON.stringify({ 'rxconf-server:call-home': client('nms', 4336) }),
        });
        t.is(answer.status, 400);
        const text = await answer.text();
        t.regex(text, /invalid-value/);
        t.true(text.includes(`/rxconf-server:server/call-home/client[name='nms']`), text);
        t.regex(text, /needs TLS with a CA/);
        const read = await fetch(`${url}${CALL_HOME}`, { headers: { 'x-remote-user': 'root', accept: 'application/yang-data+json' } });
        t.is(read.status, 404, 'the refused edit left no call-home data');
      } finally {
        await server.close();
      }
    });
  }
}

chTest('a client added over RESTCONF survives a restart on the same data file', async (t) => {
  const a = await listen();
  const data = dataFile();
  let server = serverWith({ nacm: { recoveryUser: 'root' }, data });
  try {
    await server.listen();
    t.is((await send(server, CALL_HOME, 'alice', { method: 'PATCH', body: { 'rxconf-server:call-home': client('nms', a.port) } })).status, 204);
    const first = await a.next();
    await server.close();
    await first.closed;
    server = serverWith({ nacm: { recoveryUser: 'root' }, data });
    await server.listen();
    const again = await a.next();
    t.deepEqual(await whoami(again), { 'cs-hello:output': { user: 'nms', group: ['nms'] } });
    t.is((await configured(server) as { name: string }[])[0]?.name, 'nms');
  } finally {
    await server.close();
    await a.close();
  }
});

chTest('rxconf serve --data: a --call-home client and one added over RESTCONF are both called again after a restart without the flag', async (t) => {
  const a = await listen();
  const b = await listen();
  const data = join(mkdtempSync(join(tmpdir(), 'rxconf-call-home-serve-')), 'data.json');
  const command = await serverCommand();
  const serve = async (...extra: string[]) => {
    const child = spawn(process.execPath, [...command, 'serve',
      '--path', yang, '--module', 'cs-hello', '--data', data, '--host', '127.0.0.1', '--port', '0', '--quiet',
      '--tls-cert', certs.file('server.crt'), '--tls-key', certs.file('server.key'), '--tls-ca', certs.file('ca.crt'),
      '--trusted-proxy', '127.0.0.1', '--nacm', '--recovery-user', 'root', ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        const m = /^listening on (\S+)/.exec(line);
        if (m !== null) resolve(m[1] as string);
      });
      void exited.then(() => reject(new Error('rxconf serve exited before listening')));
    });
    return { child, exited, server: { address: { url } } as unknown as RxconfServer };
  };
  const asRoot = { headers: { 'x-remote-user': 'root', accept: 'application/yang-data+json' } };
  let run = await serve('--call-home', `127.0.0.1:${a.port}`);
  try {
    t.is((await (await a.next()).request('/restconf/data/cs-hello:settings', asRoot)).status, 200);
    const added = await send(run.server, CALL_HOME, 'root', { method: 'PATCH', body: { 'rxconf-server:call-home': client('b', b.port) } });
    t.is(added.status, 204, added.body);
    t.is((await (await b.next()).request('/restconf/data/cs-hello:settings', asRoot)).status, 200);
    run.child.kill('SIGTERM');
    await run.exited;
    run = await serve();
    t.is((await (await a.next()).request('/restconf/data/cs-hello:settings', asRoot)).status, 200);
    t.is((await (await b.next()).request('/restconf/data/cs-hello:settings', asRoot)).status, 200);
    t.deepEqual((await configured(run.server, 'root') as { name: string }[]).map((c) => c.name).sort(), [`127.0.0.1:${a.port}`, 'b']);
  } finally {
    run.child.kill('SIGTERM');
    await run.exited;
    await a.close();
    await b.close();
  }
});
