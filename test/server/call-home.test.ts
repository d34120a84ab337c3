/**
 * RESTCONF Call Home (RFC 8071) over real sockets, certificates made by
 * openssl: the server connects out to the client's listener, serves
 * RESTCONF over TLS on that connection (the user from the client's
 * certificate), and connects again when the client restarts; a periodic
 * connection is closed when idle and opened again at the next period; a
 * client whose certificate another CA signed gets no session, and the
 * server retries with back-off.
 */
import test from 'ava';
import { X509Certificate } from 'node:crypto';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { join } from 'node:path';
import { createServer, type RxconfServer, type ServerOptions } from '../../src/server/create-server.ts';
import { listenCallHome, type CallHomeListener } from '../../src/server/call-home/call-home-listener.ts';
import { callHomeFlag } from '../../src/server/call-home/call-home-flag.ts';
import { cliCommand } from '../helpers/cli-command.ts';
import { testCerts } from '../helpers/test-certs.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'create-server');
const certs = testCerts('rxconf-call-home-');
if (!certs.available) console.log('note: openssl not found (apt-get install openssl): the Call Home tests are skipped');
const chTest = certs.available ? test.serial : test.skip;

test.before(() => {
  if (!certs.available) return;
  certs.ca('ca');
  certs.ca('other-ca');
  certs.signed('server', 'ca', 'localhost', 'IP:127.0.0.1,DNS:localhost');
  certs.signed('client', 'ca', 'nms');
  certs.signed('stranger', 'other-ca', 'nms');
});

const clientTls = (name: string) => ({ key: certs.read(`${name}.key`), cert: certs.read(`${name}.crt`), ca: certs.read('ca.crt') });

const warnings: string[] = [];
const logger = { info: () => undefined, warn: (_o: unknown, msg?: string) => void warnings.push(msg ?? ''), error: () => undefined };

const serverWith = (callHome: ServerOptions['callHome']): RxconfServer => createServer({
  searchPath: [yang], modules: ['cs-hello'], host: '127.0.0.1', port: 0, logger,
  tls: { key: certs.read('server.key'), cert: certs.read('server.crt'), ca: certs.read('ca.crt') },
  auth: { certificates: { map: [{ fingerprint: new X509Certificate(certs.read('ca.crt')).fingerprint256, mapType: 'common-name', groups: ['nms'] }] } },
  callHome,
  app: (app) => app.operation('cs-hello:whoami', ({ context }) => ({ user: context.user ?? '', group: [...(context.roles ?? [])] })),
});

const whoami = { method: 'POST', headers: { accept: 'application/yang-data+json' } };

chTest('persistent: the server calls the client, serves RESTCONF on the connection, and calls again after the client restarts', async (t) => {
  let client: CallHomeListener = await listenCallHome({ port: 0, ...clientTls('client'), serverName: 'localhost' });
  const port = client.port;
  const server = serverWith([{ name: 'nms', host: '127.0.0.1', port, reconnect: { minDelayMs: 50, maxDelayMs: 200 } }]);
  try {
    await server.listen();
    const first = await client.next();
    const me = await first.request('/restconf/operations/cs-hello:whoami', whoami);
    t.is(me.status, 200);
    t.deepEqual(JSON.parse(me.body), { 'cs-hello:output': { user: 'nms', group: ['nms'] } });
    const edit = await first.request('/restconf/data/cs-hello:settings', {
      method: 'PATCH', headers: { 'content-type': 'application/yang-data+json' }, body: JSON.stringify({ 'cs-hello:settings': { count: 3 } }),
    });
    t.is(edit.status, 204);
    // the client goes away and comes back on the same port
    await client.close();
    await first.closed;
    client = await listenCallHome({ port, ...clientTls('client'), serverName: 'localhost' });
    const second = await client.next();
    const read = await second.request('/restconf/data/cs-hello:settings/count', { headers: { accept: 'application/yang-data+json' } });
    t.is(read.status, 200);
    t.deepEqual(JSON.parse(read.body), { 'cs-hello:count': 3 });
  } finally {
    await server.close();
    await client.close();
  }
});

chTest('periodic: the connection is closed when idle and opened again at the next period', async (t) => {
  const client = await listenCallHome({ port: 0, ...clientTls('client') });
  const server = serverWith([{ host: '127.0.0.1', port: client.port, connection: { type: 'periodic', periodSeconds: 1, idleTimeoutSeconds: 1 } }]);
  try {
    await server.listen();
    const first = await client.next();
    t.is((await first.request('/restconf/data/cs-hello:settings')).status, 200);
    await first.closed; // nothing sent for a second: the server closes it
    const second = await client.next();
    t.not(second, first);
    t.is((await second.request('/restconf/operations/cs-hello:whoami', whoami)).status, 200);
  } finally {
    await server.close();
    await client.close();
  }
});

chTest('a client certificate from another CA gets no session; the server tries again', async (t) => {
  const connections: Socket[] = [];
  let answered = false;
  const tcp = createTcpServer((socket) => {
    connections.push(socket);
    socket.on('error', () => undefined);
    const tls = connectTls({ socket, ...clientTls('stranger'), checkServerIdentity: () => undefined });
    tls.on('error', () => undefined);
    tls.on('data', () => { answered = true; });
    tls.on('secureConnect', () => tls.write('GET /restconf/data/cs-hello:settings HTTP/1.1\r\nhost: localhost\r\n\r\n'));
  });
  await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', () => r()));
  const port = (tcp.address() as { port: number }).port;
  warnings.length = 0;
  const server = serverWith([{ host: '127.0.0.1', port, reconnect: { minDelayMs: 50, maxDelayMs: 100 } }]);
  try {
    await server.listen();
    while (connections.length < 2) await new Promise((r) => setTimeout(r, 20));
    t.false(answered, 'nothing is served to an unknown client');
    t.true(warnings.includes('call home TLS handshake failed'));
  } finally {
    await server.close();
    for (const s of connections) s.destroy();
    await new Promise((r) => tcp.close(r));
  }
});

test('callHome without TLS client CAs is refused at creation', (t) => {
  t.throws(() => createServer({ searchPath: [yang], modules: ['cs-hello'], logger: false, callHome: [{ host: '127.0.0.1' }] }), { message: /callHome needs tls with ca/ });
});

test('--call-home flags: host, port 4336 by default, IPv6, periodic with idle time-out, usage problems', (t) => {
  t.deepEqual(callHomeFlag('nms.example'), { host: 'nms.example', port: 4336 });
  t.deepEqual(callHomeFlag('[::1]:9000'), { host: '::1', port: 9000 });
  t.deepEqual(callHomeFlag('10.0.0.1:4337', '600', '30'), { host: '10.0.0.1', port: 4337, connection: { type: 'periodic', periodSeconds: 600, idleTimeoutSeconds: 30 } });
  t.regex(callHomeFlag('a:b') as string, /HOST\[:PORT\]/);
  t.regex(callHomeFlag('a', undefined, '30') as string, /needs --call-home-period/);
  t.regex(callHomeFlag('a', '0') as string, /whole seconds/);
});

chTest('rxconf call-home: the command accepts the server\'s call and serves it on a local plain-HTTP port', async (t) => {
  const { spawn } = await import('node:child_process');
  const probe = await listenCallHome({ port: 0, ...clientTls('client') });
  const port = probe.port; // a free port, released for the command
  await probe.close();
  const child = spawn(process.execPath, [...(await cliCommand()), 'call-home',
    '--listen', `127.0.0.1:${port}`, '--local', '0', '--cert', certs.file('client.crt'), '--key', certs.file('client.key'), '--ca', certs.file('ca.crt'), '--server-name', 'localhost'],
  { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => { out += s; });
  const waitFor = async (re: RegExp): Promise<RegExpExecArray> => {
    for (;;) {
      const m = re.exec(out);
      if (m !== null) return m;
      if (child.exitCode !== null) throw new Error(`rxconf call-home exited: ${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const server = serverWith([{ host: '127.0.0.1', port, reconnect: { minDelayMs: 50, maxDelayMs: 200 } }]);
  try {
    const local = (await waitFor(/requests to (http:\/\/127\.0\.0\.1:\d+)/))[1] as string;
    await server.listen();
    await waitFor(/server connected/);
    const me = await fetch(`${local}/restconf/operations/cs-hello:whoami`, { method: 'POST', headers: { accept: 'application/yang-data+json' } });
    t.is(me.status, 200);
    t.deepEqual(await me.json(), { 'cs-hello:output': { user: 'nms', group: ['nms'] } });
  } finally {
    await server.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  t.is(child.exitCode, 0);
});
