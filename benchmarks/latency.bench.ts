/**
 * Latency under big reads (issue 12, item 4): the p99 of a small GET
 * (`GET /restconf`, and a leaf) while 20 concurrent GETs of a ~10 MB list
 * run, on the assembled server (`rxconf serve` in a child process, with
 * `--data`, its access log to a file). Both loads come from wrk in
 * processes of their own: 20 connections GETting the list back to back, and
 * one connection sending a small GET every 10 ms (paced, so the figure is a
 * request's wait, not a queue the prober built). Also: the small GET's
 * latency on the idle server, and one big GET alone (its time and size), to
 * show the fairness costs a single big read nothing measurable.
 *
 * The server runs from the sources through tsx (what the tests run), so the
 * figure is the working tree's; BENCH_LATENCY_BUILT=1 runs the built command
 * (dist/) the way benchmarks/http does; BENCH_LATENCY_BEFORE=<commit> also
 * measures that commit's sources (git archive into a temporary directory)
 * first, as "before" rows. BENCH_LATENCY_ENTRIES (default
 * 45,000: ~10 MB) sizes the list; BENCH_LATENCY_SECONDS (default 10) the
 * loaded probe.
 *
 * Run: npm run bench -- latency   (needs wrk: apt-get install -y wrk)
 * Aim (issue 12): p99 ≤ 50 ms on the benchmark machine.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSeed } from './http/seed-data.ts';
import { startServerProcess, type ServerProcess } from './http/server-process.ts';
import { RxconfLauncher } from './http/spawn-rxconf.ts';
import { errorCount, runWrk, wrkVersion, type WrkResult } from './http/wrk.ts';
import { report, type BenchRow } from './lib/report.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRIES = Number(process.env.BENCH_LATENCY_ENTRIES ?? 45_000);
const SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 10);
const BIG_CONNECTIONS = 20;
const PACE_MS = 10;
const BIG = '/restconf/data/bench-net:network/interface';
const SMALL = [
  { name: 'GET /restconf', path: '/restconf' },
  { name: 'GET leaf', path: '/restconf/data/bench-net:network/hostname' },
];

const log = (line: string): void => console.log(line);
const ms = (us: number): number => Math.round(us / 10) / 100;

/** `rxconf serve` of the benchmark's modules from the sources in `tree` (the working tree, or a commit's), or built. */
const startServer = async (dir: string, tree: string): Promise<{ server: ServerProcess; how: string }> => {
  const dataFile = join(dir, 'data.json');
  writeSeed(dataFile, ENTRIES);
  const stdoutFile = join(dir, 'stdout.log');
  if (tree === root && process.env.BENCH_LATENCY_BUILT === '1') return new RxconfLauncher(root, log).start({ dataFile, stdoutFile });
  const server = await startServerProcess([
    process.execPath, '--import', 'tsx', 'src/cli/main.ts', 'serve',
    '--path', join(root, 'benchmarks', 'fixtures'), '--module', 'bench-net', '--module', 'bench-site',
    '--data', dataFile, '--host', '127.0.0.1', '--port', '0',
  ], tree, stdoutFile);
  return { server, how: `sources through tsx: node --import tsx src/cli/main.ts serve${tree === root ? '' : ` (${tree})`}` };
};

/** The sources of `commit` in `dir`, with this tree's node_modules. */
const checkoutOf = (commit: string, dir: string): string => {
  const tree = join(dir, 'tree');
  mkdirSync(tree);
  execSync(`git archive ${commit} src yang package.json | tar -x -C ${tree}`, { cwd: root, shell: '/bin/sh' });
  symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
  return tree;
};

/** One big GET alone: its bytes and time (median of 3). */
const bigAlone = async (url: string): Promise<{ bytes: number; ms: number }> => {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const r = await fetch(`${url}${BIG}`);
    const body = await r.arrayBuffer();
    times.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`GET ${BIG}: ${r.status} ${Buffer.from(body).toString().slice(0, 300)}`);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  return { bytes, ms: Math.round(times[1] as number) };
};

const probe = (url: string, path: string, seconds: number): Promise<WrkResult> =>
  runWrk({ url: `${url}${path}`, connections: 1, durationS: seconds, paceMs: PACE_MS, timeoutS: 30 });

const row = (load: string, request: string, r: WrkResult): BenchRow => ({
  load,
  request,
  answers: r.requests,
  'p50 ms': ms(r.p50Us),
  'p99 ms': ms(r.p99Us),
  'max ms': ms(r.maxUs),
  errors: errorCount(r),
});

/** The rows of one server: idle probes, then the probes under the big GETs. */
const measure = async (label: string, tree: string, rows: BenchRow[], notes: Record<string, string | number>): Promise<void> => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-latency-'));
  try {
    const at = label === '' ? '' : `${label}: `;
    const { server, how } = await startServer(dir, tree === '' ? root : checkoutOf(tree, dir));
    log(`${at}rxconf serve: ${how}; ${ENTRIES} entries`);
    notes[`${at}server`] = how;
    try {
      const alone = await bigAlone(server.url);
      notes[`${at}big GET bytes`] = alone.bytes;
      notes[`${at}big GET alone ms (median of 3)`] = alone.ms;
      for (const s of SMALL) rows.push(row(`${at}idle server`, s.name, await probe(server.url, s.path, 3)));
      const big = runWrk({ url: `${server.url}${BIG}`, connections: BIG_CONNECTIONS, durationS: SMALL.length * (SECONDS + 1) + 2, timeoutS: 60 });
      await new Promise((r) => setTimeout(r, 1000));
      for (const s of SMALL) rows.push(row(`${at}${BIG_CONNECTIONS} concurrent big GETs`, s.name, await probe(server.url, s.path, SECONDS)));
      const b = await big;
      rows.push(row(`${at}${BIG_CONNECTIONS} concurrent big GETs`, `GET ${BIG} (${(alone.bytes / 1e6).toFixed(1)} MB)`, b));
      notes[`${at}big GETs MB/s`] = Math.round(b.bytes / (b.durationUs / 1e6) / 1e6);
    } finally {
      const ended = await server.stop();
      if (server.stderr.length > 0) log(`server stderr (${ended}):\n${server.stderr.join('\n')}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const main = async (): Promise<void> => {
  const wrk = wrkVersion();
  const rows: BenchRow[] = [];
  const notes: Record<string, string | number> = {};
  const before = process.env.BENCH_LATENCY_BEFORE;
  if (before !== undefined && before !== '') await measure(`before (${before})`, before, rows, notes);
  await measure(before === undefined || before === '' ? '' : 'now', '', rows, notes);
  notes['machine'] = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, load ${loadavg()[0]?.toFixed(1)} at the end`;
  notes['load generator'] = `${wrk}: ${BIG_CONNECTIONS} connections GETting the list back to back; the probe 1 connection, a request every ${PACE_MS} ms, ${SECONDS} s under load`;
  notes['aim'] = 'p99 of the small GETs under load ≤ 50 ms (issue 12, item 4)';
  report('latency', rows, notes);
};

await main();
