/**
 * rxconf as a cluster (docs/cluster.md) against one process, in the same
 * run: `rxconf serve` as shipped (the built command, access log on to a
 * file, `--data`) three times as replicas of one datastore on a 3-node NATS
 * cluster on loopback (the commit log R3), and once on its journal. Rows
 * (benchmarks/cluster/*-row.ts say exactly what each measures):
 * - commits: PATCH of a random entry by 50 clients (wrk, keep-alive),
 *   spread over the 3 replicas: acknowledged commits/s and p99 latency;
 * - staleness: an edit on replica r0 until r1's changes stream has it;
 * - fan-out: one notification source to 10,000 SSE subscribers, half on
 *   r0 and half on r1: events delivered per server CPU-second;
 * - replay: 100,000 events by start-time from r1.
 * Every ratio is the median of paired rounds (cluster and single process
 * back to back, the first mover swapped), with the 25th–75th percentile.
 *
 * Run: npm run bench -- cluster   (needs wrk and nats-server)
 *   BENCH_CLUSTER_SMOKE=1      small sizes, 2 rounds: shows it works (results not written)
 *   BENCH_CLUSTER_ROWS=commits,staleness,fanout,replay   only these (results not written)
 *   BENCH_CLUSTER_ROUNDS=N     paired rounds per row (default 10; fewer: results not written)
 *   BENCH_CLUSTER_PROFILE=15   every rxconf serve with --cpu-prof: its top 15 self-time functions
 *                              over the whole run (results not written)
 *   BENCH_CLUSTER_SUBSCRIBERS=N, BENCH_CLUSTER_EVENTS=N (per fan-out round), BENCH_CLUSTER_REPLAY=N
 *                              other sizes (results not written)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findHolder } from './cluster/burst.ts';
import { measureCommits, CLIENTS, type CommitsResult } from './cluster/commits-row.ts';
import { measureFanout, type FanoutResult } from './cluster/fanout-row.ts';
import { ratioText } from './cluster/paired-rounds.ts';
import { measureReplay, type ReplayResult } from './cluster/replay-row.ts';
import { measureStaleness, type StalenessResult } from './cluster/staleness-row.ts';
import { printProfiles } from './cluster/print-profiles.ts';
import { startServers } from './cluster/start-servers.ts';
import { monotonicUs } from './http/cpu-profile.ts';
import { RxconfLauncher } from './http/spawn-rxconf.ts';
import { wrkVersion } from './http/wrk.ts';
import { printTable } from './lib/report.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string): void => console.log(line);
const ROWS = ['commits', 'staleness', 'fanout', 'replay'] as const;
type RowKey = (typeof ROWS)[number];

const smoke = process.env.BENCH_CLUSTER_SMOKE === '1';
const wanted = (process.env.BENCH_CLUSTER_ROWS ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
const unknown = wanted.filter((w) => !(ROWS as readonly string[]).includes(w));
if (unknown.length > 0) throw new Error(`BENCH_CLUSTER_ROWS: unknown ${unknown.join(', ')} (rows: ${ROWS.join(', ')})`);
const rows: readonly RowKey[] = wanted.length === 0 ? ROWS : ROWS.filter((r) => wanted.includes(r));
const rounds = Math.max(1, Number(process.env.BENCH_CLUSTER_ROUNDS ?? '') || (smoke ? 2 : 10));
const base = smoke
  ? { entries: 1_000, durationS: 1, edits: 30, subscribers: 1_000, events: 20, replay: 5_000 }
  : { entries: 1_000, durationS: 5, edits: 200, subscribers: 10_000, events: 200, replay: 100_000 };
/** BENCH_CLUSTER_SUBSCRIBERS, _EVENTS, _REPLAY: other sizes (results not written). */
const sizeEnv = (name: string): number | undefined => {
  const v = Number(process.env[`BENCH_CLUSTER_${name}`] ?? '');
  return Number.isInteger(v) && v > 0 ? v : undefined;
};
const resized = { subscribers: sizeEnv('SUBSCRIBERS'), events: sizeEnv('EVENTS'), replay: sizeEnv('REPLAY') };
const size = { ...base, ...Object.fromEntries(Object.entries(resized).filter(([, v]) => v !== undefined)) } as typeof base;

const wrk = wrkVersion();
const launcher = new RxconfLauncher(root, log);
log(`rxconf serve: ${launcher.how}; standard output (the access log) to a file; --data`);
log(`load generator: ${wrk}, 1 thread per process; SSE clients in child processes; ${rounds} paired rounds${smoke ? ' (smoke sizes)' : ''}`);

const dir = mkdtempSync(join(tmpdir(), 'rxconf-cluster-bench-'));
const began = Date.now();
const failures: string[] = [];
let problems: string[] = [];
const got: { commits?: CommitsResult; staleness?: StalenessResult; fanout?: FanoutResult; replay?: ReplayResult } = {};
const profileTop = Number(process.env.BENCH_CLUSTER_PROFILE ?? '') || undefined;
const profileDir = profileTop === undefined ? undefined : join(dir, 'profiles');
const rowsWindow = { fromUs: 0, toUs: Number.MAX_SAFE_INTEGER };
const servers = await startServers({ dir, launcher, entries: size.entries, replayEvents: size.replay + 20_000, log, ...(profileDir === undefined ? {} : { profileDir }) });
// stopped from outside (Ctrl-C, a time limit): no server or NATS left behind
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void servers.stop().finally(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(1);
    });
  });
}
try {
  rowsWindow.fromUs = monotonicUs();
  const holder = await findHolder(servers.replicas.map((r) => r.url));
  log(`  the notification source runs on r${servers.replicas.findIndex((r) => r.url === holder)} (the source lease)`);
  const attempt = async (key: RowKey, run: () => Promise<void>): Promise<void> => {
    if (!rows.includes(key)) return;
    log(`${key}:`);
    try {
      await run();
    } catch (e) {
      failures.push(`${key}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  await attempt('commits', async () => { got.commits = await measureCommits(servers, { rounds, durationS: size.durationS, entries: size.entries, log }); });
  await attempt('staleness', async () => { got.staleness = await measureStaleness(servers, { rounds, edits: size.edits, log }); });
  await attempt('fanout', async () => { got.fanout = await measureFanout(servers, holder, { rounds, subscribers: size.subscribers, events: size.events, log }); });
  await attempt('replay', async () => { got.replay = await measureReplay(servers, holder, { rounds, events: size.replay, log }); });
  rowsWindow.toUs = monotonicUs();
} finally {
  problems = await servers.stop();
  if (profileDir !== undefined && profileTop !== undefined) printProfiles(profileDir, root, profileTop, rowsWindow);
  rmSync(dir, { recursive: true, force: true });
}

const n = (x: number, digits = 3): string => (Number.isFinite(x) ? Number(x.toPrecision(digits)).toLocaleString('en') : '—');
const table: Record<string, string>[] = [];
const { commits, staleness, fanout, replay } = got;
if (commits !== undefined) {
  table.push({ row: `commits/s, ${CLIENTS} clients (PATCH one entry of ${size.entries.toLocaleString('en')})`, cluster: `${n(commits.cluster.perSecond)}/s`, 'single process (same run)': `${n(commits.single.perSecond)}/s`, 'ratio (p25–p75)': ratioText(commits.ratio), errors: `${commits.cluster.errors} / ${commits.single.errors}` });
  table.push({ row: 'p99 commit latency', cluster: `${n(commits.cluster.p99Ms)} ms`, 'single process (same run)': `${n(commits.single.p99Ms)} ms`, 'ratio (p25–p75)': `${n(commits.cluster.p99Ms / commits.single.p99Ms)} (medians)`, errors: '' });
}
if (staleness !== undefined) {
  table.push({ row: `staleness r0 → r1, p99 (p50) of ${staleness.cluster.edits} edits`, cluster: `${n(staleness.cluster.p99Ms)} ms (${n(staleness.cluster.p50Ms)})`, 'single process (same run)': `${n(staleness.single.p99Ms)} ms (${n(staleness.single.p50Ms)})`, 'ratio (p25–p75)': ratioText(staleness.ratio), errors: `${staleness.cluster.missed} / ${staleness.single.missed}` });
}
if (fanout !== undefined) {
  table.push({ row: `1 source → ${fanout.subscribers.toLocaleString('en')} SSE subscribers (r0 + r1), ${fanout.events} events a round: per server CPU-s`, cluster: `${n(fanout.cluster.perCpuSecond)} (without NATS ${n(fanout.cluster.perRxconfCpuSecond)})`, 'single process (same run)': n(fanout.single.perCpuSecond), 'ratio (p25–p75)': ratioText(fanout.ratio), errors: '' });
  table.push({ row: '  the same, events delivered per second', cluster: `${n(fanout.cluster.perSecond)}/s`, 'single process (same run)': `${n(fanout.single.perSecond)}/s`, 'ratio (p25–p75)': n(fanout.cluster.perSecond / fanout.single.perSecond), errors: '' });
}
if (replay !== undefined) {
  table.push({ row: `replay of ${replay.events.toLocaleString('en')} events by start-time (from r1)`, cluster: `${n(replay.clusterS)} s`, 'single process (same run)': `${n(replay.singleS)} s`, 'ratio (p25–p75)': `${ratioText(replay.ratio)} ÷ time`, errors: `${replay.short} rounds short${replay.stored < replay.events ? `; NATS stored ${replay.stored} events` : ''}` });
}

interface Must { readonly what: string; readonly value: string; readonly aim: string; readonly status: string }
const judge = (what: string, v: number | undefined, aim: string, met: (v: number) => boolean, unit = ''): Must =>
  v === undefined ? { what, value: '—', aim, status: 'not measured' } : { what, value: `${n(v)}${unit}`, aim, status: Number.isFinite(v) && met(v) ? 'met' : 'not met' };
const musts: Must[] = [
  judge('commits/s, 3 replicas (R3), 50 clients', commits?.cluster.perSecond, '≥ 1,000/s', (v) => v >= 1_000 && commits?.cluster.errors === 0, '/s'),
  judge('commits/s, cluster ÷ one process', commits?.ratio.median, '≥ 0.5', (v) => v >= 0.5),
  judge('staleness between replicas, p99', staleness?.cluster.p99Ms, '≤ 5 ms', (v) => v <= 5 && staleness?.cluster.missed === 0, ' ms'),
  judge(`events per server CPU-second, ${fanout?.subscribers.toLocaleString('en') ?? ''} subscribers on 2 replicas ÷ one process`, fanout?.ratio.median, '≥ 0.8', (v) => v >= 0.8),
  judge(`replay of ${replay?.events.toLocaleString('en') ?? ''} events by start time`, replay?.clusterS, '≤ 3 s', (v) => v <= 3 && replay?.stored === replay?.events, ' s'),
];

const date = new Date().toISOString();
console.log(`\n## cluster  (${date.slice(0, 10)}; ${((Date.now() - began) / 1000).toFixed(0)} s; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
printTable(table);
console.log('');
printTable(musts.map((m) => ({ 'must show': m.what, value: m.value, aim: m.aim, status: m.status })));
for (const p of problems) console.log(`PROBLEM ${p}`);
for (const f of failures) console.log(`FAILED ${f}`);

if (smoke) console.log('\nsmoke sizes: benchmarks/results/cluster.json not written');
else if (profileTop !== undefined) console.log('\nCPU profiles on: benchmarks/results/cluster.json not written');
else if (Object.values(resized).some((v) => v !== undefined)) console.log('\nsizes set by BENCH_CLUSTER_*: benchmarks/results/cluster.json not written');
else if (rows.length < ROWS.length || failures.length > 0) console.log('\nnot every row ran: benchmarks/results/cluster.json not written');
else if (rounds < 10) console.log(`\n${rounds} paired rounds (fewer than 10): benchmarks/results/cluster.json not written`);
else {
  const out = join(root, 'benchmarks', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'cluster.json'), `${JSON.stringify({
    name: 'cluster',
    measured: date,
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    server: `rxconf serve (${servers.how}), stdout to a file, --data; 3 replicas on a 3-node NATS cluster (R3) ÷ one process on its journal`,
    loadGenerator: `${wrk}; ${rounds} paired rounds per row, first mover swapped; ratio = median of the rounds' ratios`,
    sizes: size,
    results: got,
    table,
    musts,
    problems,
  }, null, 2)}\n`);
  console.log('\nwritten: benchmarks/results/cluster.json');
}
process.exitCode = failures.length === 0 ? 0 : 1;
