/**
 * Server CPU per request: a figure that holds on a loaded machine, where
 * throughput ratios do not. Starts the servers as the http benchmark does
 * (`rxconf serve` as shipped, access log to a file; its raw baselines), drives
 * each with wrk for a few seconds per round, alternating, and divides the
 * CPU the server process used (utime + stime from /proc/PID/stat) by the
 * answers it gave.
 *
 * Run: node --import tsx benchmarks/http/cpu-per-request.ts [rows] [subjects] [rounds]
 *   rows: get-leaf,get-entry,get-root,patch-leaf-50 (keys of rows.ts; default get-leaf)
 *   subjects: rxconf,quiet,noremote (access log without the address),raw,http1,raw-http1,before (default rxconf,raw)
 *   BENCH_HTTP_BEFORE=DIR: the `before` subject is that built tree's rxconf serve
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { probeRow } from './probe-row.ts';
import { settle } from './process-stats.ts';
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

/** CPU time of `pid` so far (user + system), in µs. */
const cpuUs = (pid: number): number => {
  const rest = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(rest[11]) + Number(rest[12])) * 10_000;
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
    else if (s === 'before') {
      if (launchers.before === undefined) throw new Error('before: set BENCH_HTTP_BEFORE');
      started.set(s, await rxconf(s, [], launchers.before));
    } else if (s === 'raw' || s === 'raw-http1') {
      const d = join(dir, s);
      mkdirSync(d);
      started.set(s, await startRawBaseline(d, root, answers, true, s === 'raw' ? 'uws' : 'http1'));
    } else throw new Error(`unknown subject ${s}`);
  }
  for (const row of rows) {
    const figures = new Map<string, number[]>();
    for (let round = 0; round <= rounds; round++) {
      const order = round % 2 === 0 ? subjects : [...subjects].reverse();
      for (const s of order) {
        const server = started.get(s);
        if (server === undefined) continue;
        await settle([server.pid], 3000);
        const path = s.startsWith('raw') && row.rawPrefix !== undefined ? row.rawPrefix + row.path : row.path;
        const c0 = cpuUs(server.pid);
        const r = await runWrk({ url: server.url + path, connections: row.connections, durationS: round === 0 ? 1 : seconds, ...(row.edit === undefined ? {} : { edit: row.edit, entries: row.entries }) });
        const cpu = cpuUs(server.pid) - c0;
        if (round === 0) continue; // warm-up
        const list = figures.get(s) ?? [];
        list.push(cpu / Math.max(1, r.requests - r.non2xx));
        figures.set(s, list);
      }
    }
    log(`${row.key}: ${[...figures].map(([s, v]) => `${s} ${median(v).toFixed(1)} µs/req (min ${Math.min(...v).toFixed(1)}) [${v.map((x) => x.toFixed(1)).join(' ')}]`).join('; ')}`);
  }
} finally {
  for (const s of started.values()) await s.stop();
  rmSync(dir, { recursive: true, force: true });
}
