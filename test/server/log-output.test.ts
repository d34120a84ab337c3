/**
 * The default logger's output: lines written from libuv's pool reach
 * standard output whole and in order, also when the process ends right
 * after logging; a reader that does not keep up makes lines drop (memory
 * bounded) and a notice says how many; a reader that went away stops the
 * logging, not the process.
 */
import test from 'ava';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const fixture = join(import.meta.dirname, 'fixtures', 'log-writer.ts');

interface Run { stdout: string; stderr: string; code: number | null }

const run = (mode: string, count: number, readStdout = true): Promise<Run> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, mode, String(count)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    if (readStdout) child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    else child.stdout.destroy();
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout, stderr, code }));
  });

const lines = (text: string): Record<string, unknown>[] =>
  text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);

test('every line of the default logger reaches standard output, whole and in order, when the process ends right after', async (t) => {
  const r = await run('natural', 20_000);
  t.is(r.code, 0, r.stderr);
  const got = lines(r.stdout);
  t.is(got.length, 20_000);
  t.true(got.every((l, i) => l.i === i && l.msg === 'line' && l.level === 30));
});

test('a reader that does not keep up: lines past the cap are dropped and counted in a notice, the rest arrive whole', async (t) => {
  const r = await run('burst', 20_000);
  t.is(r.code, 0, r.stderr);
  const got = lines(r.stdout);
  const notice = got.find((l) => typeof l.dropped === 'number');
  t.truthy(notice, 'a notice of dropped lines');
  const kept = got.filter((l) => typeof l.i === 'number').map((l) => l.i as number);
  t.true(kept.length < 20_000 && kept.length > 0, `${kept.length} of 20,000 lines kept`);
  t.is((notice?.dropped as number) + kept.length, 20_000, 'the notice counts every dropped line');
  t.true(kept.every((v, i) => i === 0 || v > (kept[i - 1] as number)), 'kept lines are in order');
  t.is(got.at(-1)?.msg, 'last');
  t.is(got.indexOf(notice as Record<string, unknown>), got.length - 2, 'the notice comes when lines go out again, before the next line');
});

test('a reader that went away (EPIPE): logging stops, the process goes on and ends normally', async (t) => {
  const r = await run('epipe', 200, false);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stderr, /done/);
});
