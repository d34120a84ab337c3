/**
 * The access log as `rxconf serve` writes it: a graceful stop loses no line;
 * the authenticated user is in each line, the fields and a file of its own
 * can be chosen;
 * a log reader that never reads (a full pipe) and a full disk (/dev/full)
 * do not stop serving, and the lines that could not be written are counted
 * and said, never lost silently.
 */
import test from 'ava';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../../src/server/create-server.ts';
import { formatUsers, hashPassword } from '../../src/server/auth/password-file.ts';
import { serverCommand } from '../helpers/serve-process.ts';
import { yang } from '../http/hostile/hostile-server.ts';

const command = serverCommand();

interface Started {
  readonly child: ChildProcess;
  readonly url: string;
  readonly exited: Promise<number | null>;
  stderr(): string;
}

/** `rxconf serve` with its standard output to a file or to a pipe the test reads, the access log on. */
const serve = async (dir: string, transport: string, stdout: { fd: number; file: string } | 'pipe', extra: readonly string[] = []): Promise<Started> => {
  const data = join(dir, `data-${transport}.json`);
  const child = spawn(process.execPath, [...(await command), 'serve', '--path', yang, '--module', 'hl-load', '--data', data, '--host', '127.0.0.1', '--port', '0', '--transport', transport, ...extra], {
    stdio: ['ignore', stdout === 'pipe' ? 'pipe' : stdout.fd, 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const look = (text: string): boolean => {
      const m = /listening on (http:\/\/\S+)/.exec(text);
      if (m !== null) resolve(m[1] as string);
      return m !== null;
    };
    if (stdout === 'pipe') {
      let seen = '';
      child.stdout?.on('data', (d: Buffer) => {
        seen += d.toString();
        look(seen);
      });
    } else {
      const poll = setInterval(() => {
        if (look(readFileSync(stdout.file, 'utf8'))) clearInterval(poll);
      }, 50);
      void exited.then(() => clearInterval(poll));
    }
    void exited.then(() => reject(new Error(`the server exited before listening: ${stderr}`)));
  });
  return { child, url, exited, stderr: () => stderr };
};

/** `count` GETs, `parallel` at a time; the request ids the server answered with. */
const load = async (url: string, count: number, parallel = 16): Promise<string[]> => {
  const ids: string[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < count) {
      next += 1;
      const r = await fetch(`${url}/restconf/data/hl-load:code`, { signal: AbortSignal.timeout(20_000) });
      await r.arrayBuffer();
      ids.push(r.headers.get('x-request-id') ?? '');
    }
  }));
  return ids;
};

/** What each "log lines dropped" line of the text says was dropped. */
const notices = (text: string): number[] =>
  text.split('\n').filter((l) => l.includes('"msg":"log lines dropped"')).map((l) => (JSON.parse(l) as { dropped: number }).dropped);

const accessLines = (text: string): { reqId: string }[] =>
  text.split('\n').filter((l) => l.includes('"msg":"request"')).map((l) => JSON.parse(l) as { reqId: string });

for (const transport of ['auto', 'http1']) {
  test.serial(`a graceful stop writes every access line (${transport})`, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'rxconf-access-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const logFile = join(dir, 'stdout');
    const fd = openSync(logFile, 'w');
    const server = await serve(dir, transport, { fd, file: logFile });
    closeSync(fd);
    const ids = await load(server.url, 400);
    server.child.kill('SIGTERM');
    t.is(await server.exited, 0, server.stderr());
    const logged = accessLines(readFileSync(logFile, 'utf8')).map((l) => l.reqId);
    t.is(logged.length, 400, 'one line per answered request');
    t.deepEqual(logged.sort(), ids.sort(), 'every answered request id is in the log');
  });
}

test.serial('a log reader that never reads does not stop serving; what could not be held is dropped, counted and said', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-access-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const server = await serve(dir, 'auto', 'pipe', ['--log-memory', '16384']);
  const out = server.child.stdout as NodeJS.ReadableStream;
  out.removeAllListeners('data');
  out.pause();
  // far more lines than the pipe (64 KB), the reader's buffer and the 16 KB held can take
  const ids = await load(server.url, 1500);
  t.is(ids.length, 1500, 'every request answered while nobody read the log');
  t.regex(server.stderr(), /log lines are being dropped/);
  // the reader reads again: the log says how many lines it lost
  let text = '';
  out.on('data', (d: Buffer) => {
    text += d.toString();
  });
  out.resume();
  await load(server.url, 5, 1);
  const deadline = Date.now() + 15_000;
  while (!/"msg":"log lines dropped"/.test(text) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  t.true(notices(text).length > 0, 'a line counts the dropped lines');
  server.child.kill('SIGTERM');
  t.is(await server.exited, 0, server.stderr());
  // each notice counts every line dropped so far: lines dropped again after the first notice (the reader's own buffer took some while it was paused) are in a later one
  const dropped = Math.max(0, ...notices(text));
  t.true(dropped > 0);
  // every request is either logged or counted as dropped
  t.is(accessLines(text).length + dropped >= 1505, true, `${accessLines(text).length} logged + ${dropped} dropped`);
});

test.serial('a full disk (/dev/full) does not stop serving; the lines lost are counted and said on standard error', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-access-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const fd = openSync('/dev/full', 'w');
  // the start-up line goes to the full device too: the URL is read from the server's state through a second, known port
  const server = await serveOnPort(dir, fd);
  closeSync(fd);
  const ids = await load(server.url, 500);
  t.is(ids.length, 500);
  server.child.kill('SIGTERM');
  t.is(await server.exited, 0, server.stderr());
  t.regex(server.stderr(), /log lines are being dropped: ENOSPC/);
  const lost = /rxconf: (\d+) log lines could not be written/.exec(server.stderr());
  t.truthy(lost, server.stderr());
  t.true(Number(lost?.[1]) >= 500, `${lost?.[1]} counted as lost`);
});

/** A server whose standard output cannot be read (a full device): it listens on a port picked here. */
const serveOnPort = async (dir: string, stdout: number): Promise<Started> => {
  const port = await freePort();
  const data = join(dir, 'data-full.json');
  const child = spawn(process.execPath, [...(await command), 'serve', '--path', yang, '--module', 'hl-load', '--data', data, '--host', '127.0.0.1', '--port', String(port)], {
    stdio: ['ignore', stdout, 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`${url}/restconf/data/hl-load:code`).then(() => true, () => false);
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url, exited, stderr: () => stderr };
};

const freePort = async (): Promise<number> => {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
};

test.serial('an access line names the authenticated user; fields and a file of its own are chosen', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-access-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const usersFile = join(dir, 'users');
  writeFileSync(usersFile, formatUsers([{ name: 'alice', hash: await hashPassword('alice-secret-1', { ln: 10, r: 8, p: 1 }), groups: [] }]));
  const file = join(dir, 'access.log');
  const options = { searchPath: [yang], modules: ['hl-load'], host: '127.0.0.1', port: 0, logger: false as const, auth: { basic: { usersFile } } };
  const everything = createServer({ ...options, accessLog: { file } });
  const chosen = createServer({ ...options, accessLog: { file, fields: ['method', 'status', 'user'] } });
  for (const server of [everything, chosen]) {
    const { url } = await server.listen();
    t.is((await fetch(`${url}/restconf/data/hl-load:code`, { headers: { authorization: `Basic ${Buffer.from('alice:alice-secret-1').toString('base64')}` } })).status, 404);
    t.is((await fetch(`${url}/restconf/data/hl-load:code`)).status, 401);
    await server.close();
  }
  const [alice, nobody, aliceChosen, nobodyChosen] = accessLines(readFileSync(file, 'utf8')) as Record<string, unknown>[];
  t.like(alice, { method: 'GET', path: '/restconf/data/hl-load:code', status: 404, remote: '127.0.0.1', user: 'alice' });
  t.false('user' in (nobody ?? {}), 'no user for a request without credentials');
  t.like(nobody, { status: 401 });
  t.deepEqual(Object.keys(aliceChosen ?? {}).filter((k) => !['level', 'time', 'msg'].includes(k)), ['method', 'status', 'user']);
  t.like(aliceChosen, { method: 'GET', status: 404, user: 'alice' });
  t.like(nobodyChosen, { status: 401 });
});
