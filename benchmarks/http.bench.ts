/**
 * The product over HTTP: `rxconf serve` as a user runs it (the built
 * command when there is one; two modules; `--data`, so every edit is
 * persisted; the access log on, to a file) against a baseline in the same
 * run: a raw uWebSockets.js server giving the same answers, a raw node:http
 * server (rxconf then on `--transport http1`), or rxconf with `-q`. Each in a
 * process of its own, driven by wrk (one thread; 50 connections, 4 for the
 * big lists), in a process of its own, so it is not a slower client
 * flattering the ratios. Rows: benchmarks/http/rows.ts; servers (shared by
 * the rows of one datastore size): session.ts; figures: measure-row.ts.
 * Every figure is the median of ≥ 10 paired rounds' ratios (subject and
 * baseline back to back, first mover swapped), printed with its spread
 * (25th–75th percentile of the rounds).
 *
 * On another Node (e.g. Node 24 with Debian 13's glibc for uWS v20.5x):
 * run the benchmark with that node; every server it starts uses it:
 *   /path/to/node --import tsx benchmarks/run.ts http
 *
 * The model (benchmarks/fixtures/bench-net.yang, bench-site.yang) keeps the
 * big list in the module whose leaves are edited, with the constraints such
 * a model carries (pattern, range, unique, must, a leafref from the second
 * module), so that an edit pays for whatever it costs to check and persist.
 *
 * Run: npm run bench -- http   (needs wrk: apt-get install -y wrk)
 *   BENCH_HTTP_ROWS=get-leaf,edit-100k   only these rows (results not written)
 *   BENCH_HTTP_ROUNDS=N                  paired rounds per row (default 10; fewer: results not written)
 *   BENCH_HTTP_PROFILE=15                start each server with --cpu-prof and print
 *                                        its top 15 self-time functions per row
 *                                        (per request kind: the samples of the row's runs)
 *                                        (figures then include the profiler: not written)
 *   BENCH_HTTP_SERVE_ARGS=--quiet        more `rxconf serve` arguments (not written)
 *   BENCH_HTTP_BEFORE=DIR                another tree of rxconf (built: e.g. a git worktree of an
 *                                        older commit after `npm run build`) is every row's
 *                                        baseline, started as the row's subject is: this
 *                                        tree ÷ that one, in paired rounds (not written)
 */
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUNDS, type RowResult } from './http/measure-row.ts';
import { judgeMusts } from './http/musts.ts';
import { resultRow, type ResultRow } from './http/result-row.ts';
import { ROWS, selectedRows } from './http/rows.ts';
import { runSession } from './http/session.ts';
import { RxconfLauncher } from './http/spawn-rxconf.ts';
import { wrkVersion } from './http/wrk.ts';
import { writeHttpResults } from './http/write-results.ts';
import { printTable } from './lib/report.ts';
import { uwsStatus } from '../src/http/adapters/uws-native.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string): void => console.log(line);

const wrk = wrkVersion();
const rows = selectedRows(process.env.BENCH_HTTP_ROWS);
const profileEnv = process.env.BENCH_HTTP_PROFILE;
const profileTop = profileEnv === undefined || profileEnv === '' ? undefined : Number(profileEnv) || 15;
const serveArgs = (process.env.BENCH_HTTP_SERVE_ARGS ?? '').split(' ').filter((a) => a !== '');
const launcher = new RxconfLauncher(root, log);
const startedAs = launcher.how;
const beforeRoot = process.env.BENCH_HTTP_BEFORE;
const before = beforeRoot === undefined || beforeRoot === '' ? undefined : new RxconfLauncher(beforeRoot, log);
if (before !== undefined) log(`baseline of every row: rxconf serve of ${beforeRoot}: ${before.how}`);
log(`rxconf serve: ${startedAs}${serveArgs.length === 0 ? '' : `, with ${serveArgs.join(' ')}`}; standard output (the access log) to a file`);
log(`runtime: Node ${process.version}; ${uwsStatus.summary}`);
log(`load generator: ${wrk}, 1 thread${profileTop === undefined ? '' : `; CPU profiles on (top ${profileTop})`}`);

const results: RowResult[] = [];
const failures: string[] = [];
const problems: string[] = [];
const began = Date.now();
// rows on datastores of the same size share a pair of servers
const sizes = [...new Set(rows.map((r) => r.entries))];
for (const entries of sizes) {
  // reads before edits, so that the list rows' RSS growth is the reads' alone
  const sessionRows = rows.filter((r) => r.entries === entries).sort((a, b) => Number(a.kind === 'edit') - Number(b.kind === 'edit'));
  const outcome = await runSession(entries, sessionRows, { root, launcher, log, serveArgs, ...(before === undefined ? {} : { before }), ...(profileTop === undefined ? {} : { profileTop }) });
  results.push(...outcome.results);
  failures.push(...outcome.failures);
  problems.push(...outcome.problems);
}
results.sort((a, b) => ROWS.indexOf(a.row) - ROWS.indexOf(b.row));
for (const r of results) {
  for (const p of r.problems) console.log(`PROBLEM ${r.row.key}: ${p}`);
  if (r.profile === undefined) continue;
  console.log(`\nCPU profile of rxconf serve, ${r.row.title}: ${r.profile.busyMs.toFixed(0)} ms busy for ${r.rxconfRequests} requests`);
  for (const t of r.profile.top) console.log(`  ${t.selfMs.toFixed(1).padStart(9)} ms ${(t.share * 100).toFixed(1).padStart(5)} % ${(t.selfMs * 1000 / Math.max(1, r.rxconfRequests)).toFixed(2).padStart(9)} µs/req  ${t.where}`);
}
for (const p of problems) console.log(`PROBLEM ${p}`);

const find = (key: string): RowResult | undefined => results.find((r) => r.row.key === key);
const table: ResultRow[] = results.map(resultRow);
const musts = judgeMusts(find);
const date = new Date().toISOString();
console.log(`\n## http  (${date.slice(0, 10)}; ${((Date.now() - began) / 1000).toFixed(0)} s)`);
printTable(table.map((t) => ({ request: t.request, conns: t.connections, rxconf: t.rxconfText, 'baseline (same run)': `${t.baseline}: ${t.rawText}`, 'ratio (p25–p75)': t.ratioText, errors: t.errorsText })));
console.log('');
if (before === undefined) printTable(musts.map((m) => ({ 'must show': m.what, value: m.value === null ? '—' : Number(m.value.toPrecision(3)), threshold: m.threshold, status: m.note === undefined ? m.status : `${m.status} (${m.note})` })));
for (const f of failures) console.log(`FAILED ${f}`);
for (const r of results.filter((x) => x.server !== startedAs)) console.log(`NOTE ${r.row.key} ran rxconf serve as ${r.server}`);

const complete = rows.length === ROWS.length && failures.length === 0;
if (profileTop !== undefined) console.log('\nCPU profiles on: benchmarks/results/http.json not written (the profiler changes the figures)');
else if (!complete) console.log('\nnot every row ran: benchmarks/results/http.json not written');
else if (before !== undefined) console.log('\nBENCH_HTTP_BEFORE set: benchmarks/results/http.json not written (the musts are judged against raw servers)');
else if (serveArgs.length > 0) console.log('\nBENCH_HTTP_SERVE_ARGS set: benchmarks/results/http.json not written');
else if (ROUNDS < 10) console.log(`\n${ROUNDS} paired rounds (fewer than 10): benchmarks/results/http.json not written`);
else {
  writeHttpResults({
    date,
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}; ${uwsStatus.summary}`,
    server: `rxconf serve (${startedAs}), stdout to a file`,
    loadGenerator: `${wrk}; 1 thread; ${ROUNDS} paired rounds per row, first mover swapped; ratio = median of the rounds' ratios`,
    rows: table,
    musts,
    problems: [...problems, ...results.flatMap((r) => r.problems.map((p) => `${r.row.key}: ${p}`))],
  });
  console.log('\nwritten: benchmarks/results/http.json');
}
process.exitCode = failures.length === 0 ? 0 : 1;
