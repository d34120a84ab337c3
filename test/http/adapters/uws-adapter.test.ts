import test from 'ava';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { listenUws } from '../../../src/http/adapters/index.ts';
import { uWS, uwsNative, uwsStatus } from '../../../src/http/adapters/uws-native.ts';
import { connect } from 'node:net';
import { adapterConformance } from './adapter-conformance.ts';
import { http1Client } from './http1-client.ts';

/**
 * uWS v20.5x (uSockets reads a readable socket in a loop of up to several
 * 512 KB reads) delivers what that loop read after `pause()`: up to ~3.5 MB
 * (measured below, on a bare uWS server). 20.30 delivers nothing after it.
 */
const READ_LOOP = 4 * 1024 * 1024;
const readsAfterPause = /@20\.(5|6|7|8|9)\d/.test(uwsStatus.package);

adapterConformance({
  name: 'uWS',
  protocol: 'http/1.1',
  secure: false,
  ...(readsAfterPause ? { readAfterPause: READ_LOOP } : {}),
  start: async (handler, options) => {
    const server = await listenUws(handler, { host: '127.0.0.1', port: 0, ...options });
    return { client: http1Client(server.port), stop: () => server.close() };
  },
});

const run = promisify(execFile);

const shipsBinary = process.platform === 'linux' && process.arch === 'x64';
(shipsBinary ? test : test.skip)('uWS: the native binary is in use on linux-x64', async (t) => {
  const server = await listenUws(() => ({ status: 204, headers: {}, body: undefined }), { host: '127.0.0.1', port: 0 });
  t.true(server.native);
  t.true(server.port > 0);
  await server.close();
});

test('uWS: without the native binary it warns once, serves with node:http and says native: false', async (t) => {
  const script = fileURLToPath(new URL('fixtures/uws-fallback-main.ts', import.meta.url));
  const { stdout, stderr } = await run(process.execPath, ['--import=tsx', script], {
    env: { ...process.env, UWS_USE_FALLBACK: '1' },
  });
  const last = stdout.trim().split('\n').at(-1) ?? '';
  t.deepEqual(JSON.parse(last), { native: false, status: 200, body: 'served' });
  const warnings = stderr.split('\n').filter((line) => line.startsWith('rxconf http: uWebSockets.js native binary not loaded'));
  t.is(warnings.length, 1);
});

(uwsNative ? test.serial : test.skip)('uWS: what the build delivers after pause() (bare uWS, no rxconf code), within the allowance the conformance suite gives it', async (t) => {
  let total = 0;
  let after = 0;
  let paused = false;
  const measured = new Promise<void>((resolve) => {
    const app = uWS.App().post('/*', (res) => {
      res.onAborted(() => undefined);
      res.onData((chunk) => {
        total += chunk.byteLength;
        if (paused) after += chunk.byteLength;
        else if (total > 1_000_000) {
          paused = true;
          res.pause();
          setTimeout(() => {
            res.close();
            uWS.us_listen_socket_close(listening);
            resolve();
          }, 1500);
        }
      });
    });
    let listening: Parameters<typeof uWS.us_listen_socket_close>[0];
    app.listen('127.0.0.1', 0, (ls) => {
      listening = ls;
      const socket = connect(uWS.us_socket_local_port(ls), '127.0.0.1', () => {
        socket.write(`POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: ${40 * 1024 * 1024}\r\n\r\n`);
        const block = Buffer.alloc(64 * 1024, 1);
        const pump = (): void => {
          while (socket.write(block));
          socket.once('drain', pump);
        };
        pump();
      });
      socket.on('error', () => undefined);
    });
  });
  await measured;
  t.log(`${uwsStatus.package}: ${after} bytes delivered after pause()`);
  if (readsAfterPause) t.true(after <= READ_LOOP, `${after} bytes after pause(), allowance ${READ_LOOP}`);
  else t.is(after, 0);
});

/** The head (status line and fields, as latin1 text) of each answer to `paths`, asked in turn on one connection. */
const headsOf = async (port: number, paths: readonly string[]): Promise<string[]> => {
  const raw = await new Promise<string>((resolve, reject) => {
    let text = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(paths.map((p, i) => `GET ${p} HTTP/1.1\r\nhost: h\r\n${i === paths.length - 1 ? 'connection: close\r\n' : ''}\r\n`).join('')));
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => { text += d; });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
  // every body is '{}', read before the next answer's head
  return raw.split('\r\n\r\n').map((part) => part.replace(/^\{\}/, '')).filter((part) => part.startsWith('HTTP/1.1 ')).map((head) => head.split('\r\n').filter((l) => !/^(content-length|date|uwebsockets):/i.test(l)).join('\n'));
};

test('uWS: answers sharing one frozen header object each get their own status line and the same fields, in the bytes a fresh object gets', async (t) => {
  const shared = Object.freeze({ 'content-type': 'application/json', 'x-note': 'caf\u00e9' });
  const status: Record<string, number> = { '/a': 200, '/b': 404, '/c': 200, '/d': 201 };
  const server = await listenUws((req) => ({
    status: status[req.path] ?? 500,
    headers: req.path === '/d' ? { ...shared } : shared,
    body: '{}',
  }), { host: '127.0.0.1', port: 0 });
  const heads = await headsOf(server.port, ['/a', '/b', '/c', '/d', '/a']);
  await server.close();
  const fields = 'content-type: application/json\nx-note: caf\u00c3\u00a9';
  t.deepEqual(heads, [
    `HTTP/1.1 200 OK\n${fields}`,
    `HTTP/1.1 404 Not Found\n${fields}`,
    `HTTP/1.1 200 OK\n${fields}`,
    `HTTP/1.1 201 Created\n${fields}`,
    `HTTP/1.1 200 OK\n${fields}`,
  ]);
});

test('uWS: each answer carries its own request id after its head, whatever ids and heads the answers before it had', async (t) => {
  const shared = Object.freeze({ 'content-type': 'application/json' });
  const other = Object.freeze({ 'content-type': 'text/plain', vary: 'accept' });
  // longer and shorter than the one before, past 64 characters, above ASCII (written as UTF-8, as uWS writes text)
  const ids: Record<string, string> = { '/1': 'a-1', '/2': 'a-10000', '/3': 'b', '/4': 'x'.repeat(100), '/5': 'caf\u00e9', '/6': 'a-2' };
  const server = await listenUws((req) => ({
    status: req.path === '/3' ? 404 : 200,
    headers: req.path === '/2' || req.path === '/6' ? other : req.path === '/5' ? { ...shared } : shared,
    body: '{}',
    requestId: ids[req.path] ?? '',
  }), { host: '127.0.0.1', port: 0 });
  const paths = ['/1', '/2', '/3', '/4', '/5', '/6', '/1', '/3'];
  const heads = await headsOf(server.port, paths);
  await server.close();
  t.deepEqual(heads, paths.map((p) => {
    const fields = p === '/2' || p === '/6' ? 'content-type: text/plain\nvary: accept' : 'content-type: application/json';
    const id = Buffer.from(ids[p] ?? '').toString('latin1');
    return `${p === '/3' ? 'HTTP/1.1 404 Not Found' : 'HTTP/1.1 200 OK'}\n${fields}\nx-request-id: ${id}`;
  }));
});

test('uWS: the status line and every header field of an answer reach the client as written, each on its own line, once', async (t) => {
  const server = await listenUws(() => ({
    status: 201,
    headers: { 'content-type': 'application/json', location: '/restconf/data/a:x', 'x-request-id': 'r-1', 'cache-control': 'no-cache', 'content-length': '999' },
    body: '{}',
  }), { host: '127.0.0.1', port: 0 });
  const raw = await new Promise<string>((resolve, reject) => {
    let text = '';
    const socket = connect(server.port, '127.0.0.1', () => socket.write('GET /x HTTP/1.1\r\nhost: h\r\nconnection: close\r\n\r\n'));
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => { text += d; });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
  await server.close();
  const [head = '', body] = raw.split('\r\n\r\n');
  const lines = head.split('\r\n');
  t.is(lines[0], 'HTTP/1.1 201 Created');
  t.deepEqual(lines.slice(1, 5), ['content-type: application/json', 'location: /restconf/data/a:x', 'x-request-id: r-1', 'cache-control: no-cache']);
  t.deepEqual(lines.filter((l) => /^content-length:/i.test(l)), ['Content-Length: 2'], 'the framing is uWS\'s: the core\'s content-length is not written');
  t.is(body, '{}');
});
