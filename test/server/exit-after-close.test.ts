/**
 * An application's process ends after SIGTERM once `server.close()` has
 * run, with nothing of its own calling process.exit: the server releases
 * every subscription it made — an `observableLeaf` over `interval` that a
 * GET read, a notification source an event stream was reading — so no
 * timer is left to keep Node running. The app is a real process
 * (test/fixtures/apps/interval-app.ts), read over real HTTP.
 */
import test from 'ava';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { listeningUrl } from '../helpers/listening-url.ts';

const app = join(import.meta.dirname, '..', 'fixtures', 'apps', 'interval-app.ts');

/** Resolves with the exit code, or with 'still running' when the process has not ended `ms` after the signal (a hang, not a slow exit). */
const exitOrHang = (child: ReturnType<typeof spawn>, ms: number): Promise<number | null | 'still running'> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still running'), ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });

test('after a read of an interval-backed leaf and an open event stream, SIGTERM and close() let the process exit', async (t) => {
  const child = spawn(process.execPath, ['--import=tsx', app], { stdio: ['ignore', 'pipe', 'pipe'] });
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const url = await listeningUrl(child, 60_000);
  // Read until the leaf has its first value: the source is subscribed then.
  let status: { status?: { temperature?: string } } = {};
  for (let i = 0; i < 500 && status.status?.temperature === undefined; i++) {
    const r = await fetch(`${url}/restconf/data/cs-hello:status`);
    t.is(r.status, 200);
    status = await r.json() as typeof status;
  }
  t.regex(status.status?.temperature ?? '', /^2\d\.5$/, 'the leaf answers the interval\'s latest value');
  // An event stream of a notification fed by another interval, open while the server closes.
  const stream = await fetch(`${url}/restconf/streams/cs-hello:tick`, { headers: { accept: 'text/event-stream' } });
  t.is(stream.status, 200);
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  let text = '';
  while (!text.includes('data:')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  t.regex(text, /data: \{"n":\d+\}/, 'the stream carries the interval\'s events');
  const output: string[] = [];
  child.stdout?.on('data', (c: string) => output.push(c));
  child.kill('SIGTERM');
  // Drain what the stream still sends until the server ends it.
  void (async () => {
    for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) return;
  })();
  const exit = await exitOrHang(child, 30_000);
  t.is(exit, 0, 'the process ended by itself after close()');
  t.true(output.join('').includes('closed'), 'close() resolved before the exit');
});
