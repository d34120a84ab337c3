/**
 * An edit is acknowledged only once durable, seen from outside: `rxconf
 * serve --data` runs under strace, one client PATCHes a leaf again and
 * again, and the system calls show, for every 2xx answer, that the journal
 * record carrying the edit's value was written before the answer went out
 * and made durable: written through an O_DSYNC (or O_SYNC) descriptor, or
 * followed by an fsync/fdatasync of that file that finished before the
 * answer. kill -9 cannot show this (the page cache survives it); a power
 * cut would. Skipped with a note when strace is missing.
 */
import test from 'ava';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { serverCommand, startServe } from '../helpers/serve-process.ts';
import { fixtures, tempDataFile } from './helpers.ts';

const strace = spawnSync('strace', ['-V']).status === 0;

/** One system call from strace -f output, whole (an unfinished call is joined with its resumption). */
interface Call {
  readonly name: string;
  readonly args: string;
  readonly result: string;
}

const parseCalls = (log: string): Call[] => {
  const calls: Call[] = [];
  const pending = new Map<string, { name: string; args: string }>();
  for (const line of log.split('\n')) {
    const started = /^(\d+) +(\w+)\((.*) <unfinished \.\.\.>$/.exec(line);
    if (started !== null) {
      pending.set(started[1] as string, { name: started[2] as string, args: started[3] as string });
      continue;
    }
    const resumed = /^(\d+) +<\.\.\. (\w+) resumed>(.*)\) += (.*)$/.exec(line);
    if (resumed !== null) {
      const p = pending.get(resumed[1] as string);
      pending.delete(resumed[1] as string);
      if (p !== undefined) calls.push({ name: p.name, args: p.args + (resumed[3] as string), result: resumed[4] as string });
      continue;
    }
    const whole = /^\d+ +(\w+)\((.*)\) += (.*)$/.exec(line);
    if (whole !== null) calls.push({ name: whole[1] as string, args: whole[2] as string, result: whole[3] as string });
  }
  return calls;
};

const firstArg = (c: Call): string => c.args.split(',')[0]?.trim() ?? '';

test('every acknowledged PATCH was durable in the journal before its answer (strace)', async (t) => {
  if (!strace) {
    t.log('SKIPPED: strace is not installed (apt-get install -y strace); durability before acknowledgement not checked');
    t.pass();
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-ack-durable-'));
  const log = join(dir, 'strace.log');
  const data = tempDataFile();
  const server = await startServe(await serverCommand(), {
    path: fixtures,
    modules: ['st-store'],
    data,
    transport: 'uws',
    wrap: ['strace', '-f', '-qq', '-s', '400', '-o', log, '-e', 'trace=openat,close,write,pwrite64,writev,pwritev,sendto,sendmsg,fsync,fdatasync'],
  });
  const values: number[] = [];
  try {
    const patch = (value: number) =>
      fetch(`${server.url}/restconf/data/st-store:item=c1`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/yang-data+json' },
        body: JSON.stringify({ 'st-store:item': [{ id: 'c1', value }] }),
      });
    // the item, in the first edit of the run: it goes into a snapshot, the journal takes the rest
    const created = await fetch(`${server.url}/restconf/data`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/yang-data+json' },
      body: JSON.stringify({ 'st-store:item': [{ id: 'c1', value: 1 }] }),
    });
    t.is(created.status, 204, await created.text());
    for (let i = 0; i < 20; i += 1) {
      const value = 7_700_001 + i;
      const r = await patch(value);
      await r.arrayBuffer();
      t.true(r.ok, `PATCH ${value}: ${r.status}`);
      values.push(value);
    }
  } finally {
    // strace passes no signal on: stop the server it runs, then strace ends with it
    const traced = readFileSync(`/proc/${server.child.pid}/task/${server.child.pid}/children`, 'utf8').trim().split(' ');
    for (const pid of traced) if (pid !== '') process.kill(Number(pid), 'SIGTERM');
    await server.exited;
  }
  const calls = parseCalls(readFileSync(log, 'utf8'));
  rmSync(dir, { recursive: true, force: true });

  // which file each descriptor is, and whether writes through it are durable when they return
  const files = new Map<string, { path: string; sync: boolean }>();
  const at = new Map<number, { path: string; sync: boolean }>();
  calls.forEach((c, i) => {
    if (c.name === 'openat' && /^\d+$/.test(c.result)) {
      const path = /"([^"]*)"/.exec(c.args)?.[1] ?? '';
      files.set(c.result, { path, sync: /O_DSYNC|O_SYNC/.test(c.args) });
    } else if (c.name === 'close') {
      files.delete(firstArg(c));
    }
    const f = files.get(firstArg(c));
    if (f !== undefined) at.set(i, f);
  });
  const answer204 = (i: number): boolean => /^(sendto|sendmsg|write|writev)$/.test(calls[i]?.name ?? '') && (calls[i]?.args.includes('HTTP/1.1 204') ?? false);
  t.true(calls.some((_, i) => answer204(i)), 'strace saw the 204 answers');

  for (const value of values) {
    const written = calls.findIndex((c) => /^(pwrite64|write|pwritev|writev)$/.test(c.name) && c.args.includes(String(value)) && !c.args.includes('HTTP/1.1'));
    t.true(written >= 0, `the journal record of ${value} was written`);
    const file = at.get(written);
    t.truthy(file, `the record of ${value} went to a file`);
    t.true(file?.path.startsWith(`${dirname(data)}/`) ?? false, `the record of ${value} went to the data directory (${file?.path})`);
    // the answer to this PATCH: the first 204 after the record's write started
    const answered = calls.findIndex((_, i) => i > written && answer204(i));
    t.true(answered > written, `the PATCH of ${value} was answered after its record was written`);
    const synced = file?.sync === true
      || calls.some((c, i) => i > written && i < answered && /^f(data)?sync$/.test(c.name) && at.get(i)?.path === file?.path && c.result === '0');
    t.true(synced, `the record of ${value} was durable before the answer (O_DSYNC write, or a sync of ${file?.path} in between)`);
  }
});
