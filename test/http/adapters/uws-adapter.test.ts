import test from 'ava';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { listenUws } from '../../../src/http/adapters/index.ts';
import { adapterConformance } from './adapter-conformance.ts';
import { http1Client } from './http1-client.ts';

adapterConformance({
  name: 'uWS',
  protocol: 'http/1.1',
  secure: false,
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
