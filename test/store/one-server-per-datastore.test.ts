/**
 * One server per datastore: `rxconf serve --data FILE` holds FILE's lock
 * while it runs. A second server on the same file (another process, or
 * another createServer in the same one) refuses to start and names the
 * first one's pid and address; the first goes on serving and keeps its
 * edits. A lock left by kill -9 does not block the restart, which finds
 * every acknowledged edit; a graceful stop removes the lock.
 */
import test from 'ava';
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from '../../src/server/create-server.ts';
import { serverCommand, startServe, type ServeProcess } from '../helpers/serve-process.ts';
import { fixtures, tempDataFile } from './helpers.ts';

const start = async (file: string): Promise<ServeProcess> =>
  startServe(await serverCommand(), { path: fixtures, modules: ['st-store'], data: file, transport: 'http1' });

/** A second `rxconf serve` on `file`: its exit code and standard error. */
const second = async (file: string): Promise<{ code: number | null; stderr: string }> => {
  const child = spawn(process.execPath, [...await serverCommand(), 'serve', '--path', fixtures, '--module', 'st-store', '--data', file, '--host', '127.0.0.1', '--port', '0', '--transport', 'http1', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  child.stdout.resume();
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stderr };
};

const put = (url: string, id: string, value: number): Promise<Response> =>
  fetch(`${url}/restconf/data/st-store:item=${id}`, { method: 'PUT', headers: { 'content-type': 'application/yang-data+json' }, body: JSON.stringify({ 'st-store:item': [{ id, value }] }) });

const valueOf = async (url: string, id: string): Promise<unknown> => {
  const r = await fetch(`${url}/restconf/data/st-store:item=${id}/value`);
  return r.status === 200 ? (await r.json() as { value: unknown }).value : r.status;
};

test('a second rxconf serve on the same --data refuses to start, naming the first one\'s pid and address; the first goes on and keeps its edits', async (t) => {
  const file = tempDataFile();
  const first = await start(file);
  t.teardown(() => first.child.kill('SIGKILL'));
  t.is((await put(first.url, 'a', 1)).status, 201);
  const refused = await second(file);
  t.is(refused.code, 1);
  t.true(refused.stderr.includes(`pid ${first.child.pid}`), refused.stderr);
  t.true(refused.stderr.includes(`listening on ${first.url}`), refused.stderr);
  t.regex(refused.stderr, /in use by another rxconf server/);
  t.true(refused.stderr.includes(file), 'the message names the data file');
  t.is((await put(first.url, 'a', 2)).status, 204, 'the first server still takes edits');
  t.is(await valueOf(first.url, 'a'), 2);
  first.child.kill('SIGTERM');
  await first.exited;
  t.false(existsSync(`${file}.lock`), 'a graceful stop removes the lock');
  const again = await start(file);
  t.teardown(() => again.child.kill('SIGKILL'));
  t.is(await valueOf(again.url, 'a'), 2, 'the next server has the edits');
});

test('after kill -9 the lock left behind does not block a restart, which has every acknowledged edit', async (t) => {
  const file = tempDataFile();
  const first = await start(file);
  t.teardown(() => first.child.kill('SIGKILL'));
  for (let i = 1; i <= 5; i++) t.true((await put(first.url, `k${i}`, i)).ok);
  first.child.kill('SIGKILL');
  await first.exited;
  t.true(existsSync(`${file}.lock`), 'kill -9 left the lock file');
  const restarted = await start(file);
  t.teardown(() => restarted.child.kill('SIGKILL'));
  for (let i = 1; i <= 5; i++) t.is(await valueOf(restarted.url, `k${i}`), i);
  t.is((await second(file)).code, 1, 'the restarted server holds the lock in its turn');
});

test('a lock naming a live process started at another time (a pid reused after a restart) is stale too', async (t) => {
  const file = tempDataFile();
  // pid 1 runs, but not since the start time written here
  writeFileSync(`${file}.lock`, `${JSON.stringify({ pid: 1, started: 'another time', host: (await import('node:os')).hostname() })}\n`);
  const s = await start(file);
  t.teardown(() => s.child.kill('SIGKILL'));
  t.true((await put(s.url, 'x', 1)).ok);
});

test('createServer: a second server on the same data file in the same process is refused until the first closes', async (t) => {
  const file = tempDataFile();
  const options = { searchPath: [fixtures], modules: ['st-store'], data: file, host: '127.0.0.1', port: 0, logger: false as const };
  const first = createServer(options);
  const { url } = await first.listen();
  const error = t.throws(() => createServer(options));
  t.is(error?.message.includes(`pid ${process.pid}`) && error.message.includes(`listening on ${url}`), true, error?.message);
  await first.close();
  const next = createServer(options);
  await next.listen();
  await next.close();
  t.false(existsSync(`${file}.lock`));
});
