/**
 * Secure by default: beyond loopback without authentication the server
 * refuses to start (createServer throws, `rxconf serve` exits 1 saying
 * why) unless the operator allows it by name; with authentication, on
 * loopback, or allowed, it starts and answers over a real socket.
 */
import test from 'ava';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createServer } from '../../src/server/create-server.ts';
import { cliCommand } from '../helpers/cli-command.ts';
import { listeningUrl } from '../helpers/listening-url.ts';
import { runCli } from '../helpers/run-cli.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'create-server');
const base = { searchPath: [yang], modules: ['cs-hello'], port: 0, logger: false as const };

test('createServer beyond loopback without authentication throws, naming the option that allows it', (t) => {
  for (const host of ['0.0.0.0', '::', '192.0.2.1']) {
    const e = t.throws(() => createServer({ ...base, host }), { instanceOf: TypeError });
    t.regex(e?.message ?? '', /without authentication.*allowUnauthenticated: true.*--allow-unauthenticated/s, host);
  }
  t.throws(() => createServer({ ...base, host: '0.0.0.0', auth: { anonymous: true } }), { instanceOf: TypeError }, 'anonymous access alone authenticates no one');
});

test('beyond loopback with authentication, or allowed by name, the server starts and answers', async (t) => {
  for (const extra of [{ auth: { proxy: { trusted: ['127.0.0.1'] } } }, { allowUnauthenticated: true }]) {
    const server = createServer({ ...base, host: '0.0.0.0', ...extra });
    const { port } = await server.listen();
    try {
      const r = await fetch(`http://127.0.0.1:${port}/restconf/data/cs-hello:settings`, { headers: { 'x-remote-user': 'alice' } });
      t.is(r.status, 200, JSON.stringify(extra));
    } finally {
      await server.close();
    }
  }
  const local = createServer({ ...base, host: '127.0.0.1' });
  await local.listen();
  await local.close();
  t.pass('loopback needs nothing');
});

test('rxconf serve --host 0.0.0.0 without authentication exits 1 saying why; with --allow-unauthenticated it listens', async (t) => {
  const args = ['serve', '--path', yang, '--module', 'cs-hello', '--host', '0.0.0.0', '--port', '0', '-q'];
  const refused = await runCli(args);
  t.is(refused.code, 1);
  t.regex(refused.stderr, /--allow-unauthenticated/);
  const allowed = spawn(process.execPath, [...(await cliCommand()), ...args, '--allow-unauthenticated'], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const url = await listeningUrl(allowed, 20_000);
    const port = new URL(url).port;
    t.is((await fetch(`http://127.0.0.1:${port}/restconf/data/cs-hello:settings`)).status, 200);
  } finally {
    allowed.kill('SIGTERM');
  }
});
