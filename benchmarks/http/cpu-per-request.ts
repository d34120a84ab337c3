/**
 * Server CPU per request: a figure that holds on a loaded machine, where
 * throughput ratios do not. Starts the servers as the http benchmark does
 * (`rxconf serve` as shipped, access log to a file; its raw baselines), drives
 * each with wrk for a few seconds per round, alternating, and divides the
 * CPU the server process used (utime + stime from /proc/PID/stat) by the
 * answers it gave; split into the main thread's (the event loop) and the
 * helper threads' (libuv's pool: journal writes and syncs, the access log's
 * writes; V8's workers: garbage collection), with the time the main thread
 * waited, ready, for a core (its run-queue time: on a shared machine, what
 * slows the loop beside its own work).
 *
 * Run: node --import tsx benchmarks/http/cpu-per-request.ts [rows] [subjects] [rounds]
 *   rows: get-leaf,get-entry,get-root,patch-leaf-50 (keys of rows.ts; default get-leaf)
 *   subjects: rxconf,quiet,noremote (access log without the address),raw,http1,raw-http1,before,before-http1 (default rxconf,raw)
 *   BENCH_HTTP_BEFORE=DIR: the `before` subject is that built tree's rxconf serve (`before-http1`: with --transport http1)
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { probeRow } from './probe-row.ts';
import { settle, threadTimes, type ThreadTimes } from './process-stats.ts';
import { startRawBaseline, type RawAnswer } from './raw-baseline.ts';
import { selectedRows } from './rows.ts';
import { writeSeed } from './seed-data.ts';
import type { ServerProcess } from './server-process.ts';
import { RxconfLauncher } from './spawn-rxconf.ts';
import { runWrk } from './wrk.ts';
import { median } from '../lib/stats.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const rows = selectedRows(process.argv[2] ?? 'get-leaf');
const subjects = (process.argv[3] ?? 'rxconf,raw').split(',');
const rounds = Number(process.argv[4] ?? 3);
const seconds = Number(process.env.CPU_SECONDS ?? 3);
const log = (s: string): void => console.log(s);

/** One round of a subject, per answer: µs of CPU (all, main thread, helper threads), µs the main thread waited for a core; answers/s. */
interface Figures { readonly all: number; readonly main: number; readonly helpers: number; readonly wait: number; readonly perSecond: number }

const perAnswer = (a: ThreadTimes, b: ThreadTimes, answers: number, seconds: number): Figures => {
  const n = Math.max(1, answers);
  const all = (b.processUs - a.processUs) / n;
  const main = (b.mainUs - a.mainUs) / n;
  return { all, main, helpers: all - main, wait: (b.mainWaitUs - a.mainWaitUs) / n, perSecond: answers / seconds };
};

const summary = (v: readonly Figures[]): string => {
  const m = (f: (x: Figures) => number): string => median(v.map(f)).toFixed(1);
  return `${m((x) => x.all)} µs/req (min ${Math.min(...v.map((x) => x.all)).toFixed(1)}) [${v.map((x) => x.all.toFixed(1)).join(' ')}]`
    + `; main ${m((x) => x.main)}, helpers ${m((x) => x.helpers)}, main waited ${m((x) => x.wait)}; ${m((x) => x.perSecond)}/s`;
};

const dir = mkdtempSync(join(tmpdir(), 'rxconf-cpu-per-request-'));
const started = new Map<string, ServerProcess>();
try {
  const launchers = { here: new RxconfLauncher(root, log), before: process.env.BENCH_HTTP_BEFORE === undefined ? undefined : new RxconfLauncher(process.env.BENCH_HTTP_BEFORE, log) };
  const rxconf = async (name: string, args: string[], launcher = launchers.here): Promise<ServerProcess> => {
    const d = join(dir, name);
    mkdirSync(d);
    writeSeed(join(d, 'data.json'), 100);
    const s = await launcher.start({ dataFile: join(d, 'data.json'), stdoutFile: join(d, 'stdout.log'), extraArgs: args });
    return s.server;
  };
  const first = await rxconf('probe', []);
  const answers: RawAnswer[] = [];
  for (const row of rows) answers.push(...(await probeRow(row, first.url)).answers);
  await first.stop();
  for (const s of subjects) {
    if (s === 'rxconf') started.set(s, await rxconf(s, []));
    else if (s === 'quiet') started.set(s, await rxconf(s, ['--quiet']));
    else if (s === 'noremote') started.set(s, await rxconf(s, ['--access-log-fields', 'reqId,method,path,status,durationMs,bytes,user']));
    else if (s === 'http1') started.set(s, await rxconf(s, ['--transport', 'http1']));
    else if (s === 'before' || s === 'before-http1') {
      if (launchers.before === undefined) throw new Error(`${s}: set BENCH_HTTP_BEFORE`);
      started.set(s, await rxconf(s, s === 'before' ? [] : ['--transport', 'http1'], launchers.before));
    } else if (s === 'raw' || s === 'raw-http1') {
      const d = join(dir, s);
      mkdirSync(d);
      started.set(s, await startRawBaseline(d, root, answers, true, s === 'raw' ? 'uws' : 'http1'));
    } else throw new Error(`unknown subject ${s}`);
  }
  for (const row of rows) {
    const figures = new Map<string, Figures[]>();
    for (let round = 0; round <= rounds; round++) {
      const order = round % 2 === 0 ? subjects : [...subjects].reverse();
      for (const s of order) {
        const server = started.get(s);
        if (server === undefined) continue;
        await settle([server.pid], 3000);
        const path = s.startsWith('raw') && row.rawPrefix !== undefined ? row.rawPrefix + row.path : row.path;
        const t0 = threadTimes(server.pid);
        const r = await runWrk({ url: server.url + path, connections: row.connections, durationS: round === 0 ? 1 : seconds, ...(row.edit === undefined ? {} : { edit: row.edit, entries: row.entries }) });
        const t1 = threadTimes(server.pid);
        if (round === 0) continue; // warm-up
        const list = figures.get(s) ?? [];
        list.push(perAnswer(t0, t1, r.requests - r.non2xx, r.durationUs / 1e6));
        figures.set(s, list);
      }
    }
    log(`${row.key}:`);
    for (const [s, v] of figures) log(`  ${s}: ${summary(v)}`);
  }
} finally {
  for (const s of started.values()) await s.stop();
  rmSync(dir, { recursive: true, force: true });
}
