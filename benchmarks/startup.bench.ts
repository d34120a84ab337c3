/**
 * Start-up of the rxconf command against the tools people compare it
 * with, measured in the same run (the machine is shared and noisy):
 *
 * - `rxconf --help` (aim: ≤ 120 ms), beside bare `node -e 0`, the floor;
 * - `rxconf check` of one module (yang/ietf-interfaces) against `yanglint`
 *   (aim: ≤ 3×): repeated (its result cache warm, as when a module is
 *   checked again unchanged) and first (no cache: `RXCONF_CACHE_DIR=`);
 *   a repeated `rxconf tree` (its result cache warm) against
 *   `yanglint -f tree`;
 * - a repeated `rxconf get` of a leaf from a running `rxconf serve`
 *   against `curl` of the same URL (aim: ≤ 2× curl + 100 ms); a repeated
 *   `rxconf patch` and `rxconf call` (checked against the server's schema,
 *   its compiled form kept in the schema cache) against `curl -X PATCH`
 *   and `curl -X POST`; `rxconf watch -n 1` of a notification (an event
 *   every 5 ms: benchmarks/fixtures/startup-app.mjs) against `curl -N`
 *   until its first event.
 *
 * BENCH_STARTUP_NODE=/path/to/node (a Node 22.1+ binary) adds the rows
 * --help, check, get and patch run by that Node, whose compile cache
 * (`module.enableCompileCache()`, bin/rxconf.js) keeps the compiled
 * JavaScript between runs.
 *
 * The rows run in the environment as the user has it. NODE_EXTRA_CA_CERTS
 * is read and parsed by Node before any JavaScript runs (a Debian/Ubuntu
 * bundle costs some 60-90 ms of CPU per start); when it is set, a row
 * `node -e 0` with and without it states its cost, and every pair runs
 * again with it unset, in rows marked so: both verdicts are shown.
 *
 * Paired rounds, as hyperfine runs them but interleaved: every round runs
 * each pair's two commands one after the other (their order alternating
 * between rounds), so both see the same load; a pair's ratio is the median
 * of its rounds' ratios, with the 25th-75th percentile spread. Wall time
 * decides the aims; CPU time (user + system, /usr/bin/time, 10 ms steps)
 * beside it, since other processes inflate wall time; the load average is
 * in the notes.
 *
 * Run: npm run bench -- startup   (ROUNDS=N, default 15). Needs Linux,
 * /usr/bin/time, yanglint and curl; builds dist/ first when it is missing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report, type BenchRow } from './lib/report.ts';
import { quantile } from './lib/stats.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const ROUNDS = Number(process.env['ROUNDS'] ?? 15);
const yang = join(root, 'yang');
const MODULE = join(yang, 'ietf-interfaces@2018-02-20.yang');
const rxconf = [process.execPath, join(root, 'bin', 'rxconf.js')];

interface Sample {
  readonly wallMs: number;
  readonly cpuMs: number;
}

/** One run to its exit under GNU time: wall as seen here, CPU as time reports it. */
const timed = (argv: readonly string[], env: NodeJS.ProcessEnv, input?: string): Sample => {
  const started = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', ...argv], { cwd: root, encoding: 'utf8', env, input: input ?? '' });
  const wallMs = performance.now() - started;
  if (r.status !== 0) throw new Error(`${argv.join(' ')} failed (${r.status}): ${r.stderr}`);
  const [user = NaN, sys = NaN] = (r.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
  return { wallMs, cpuMs: (user + sys) * 1000 };
};

const has = (command: string): boolean => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

interface Pair {
  readonly row: string;
  readonly ours: readonly string[];
  readonly theirs: readonly string[];
  readonly theirsName: string;
  readonly aim: string;
  /** Whether the aim is met, from the medians (ms) and the median paired ratio. */
  readonly met: (ours: number, theirs: number, ratio: number) => boolean;
  readonly input?: string;
  /** The environment of both commands. */
  readonly env: NodeJS.ProcessEnv;
  /** The environment of `ours` alone, when it differs. */
  readonly oursEnv?: NodeJS.ProcessEnv;
}

/** `rxconf serve` of hello.yang on a free port: its URL, and how to stop it. */
const serve = (env: NodeJS.ProcessEnv): Promise<{ url: string; stop: () => void }> =>
  new Promise((resolve, reject) => {
    const app = join(here, 'fixtures', 'startup-app.mjs');
    const child = spawn(rxconf[0] ?? 'node', [...rxconf.slice(1), 'serve', '--module', 'hello', '--path', join(root, 'examples'), '--app', app, '--port', '0', '--quiet'], {
      cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const m = /listening on (\S+)/.exec(out);
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        resolve({ url: m[1].replace(/\/+$/, ''), stop: () => child.kill('SIGTERM') });
      }
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.on('close', () => reject(new Error(`serve never listened:\n${out}`)));
  });

const ensureBuilt = (): string => {
  if (existsSync(join(root, 'dist', 'cli-bundle', 'rxconf.js'))) return 'dist/ as built before the run';
  console.log('dist/ is missing: npm run build');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(join(root, 'dist', 'cli-bundle', 'rxconf.js'))) throw new Error('npm run build failed: nothing to measure after the build');
  return 'dist/ built by this run';
};

const main = async (): Promise<void> => {
  const missing = ['/usr/bin/time', 'yanglint', 'curl'].filter((c) => (c.startsWith('/') ? !existsSync(c) : !has(c)));
  if (missing.length > 0 || process.platform !== 'linux') {
    console.log(`startup benchmark skipped: needs Linux, /usr/bin/time, yanglint and curl (missing: ${missing.join(', ') || 'Linux'})`);
    return;
  }
  const built = ensureBuilt();
  const loadAtStart = spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.trim();
  const cache = mkdtempSync(join(tmpdir(), 'rxconf-bench-cache-'));
  const env = { ...process.env, RXCONF_CACHE_DIR: join(cache, 'rxconf'), NODE_COMPILE_CACHE: join(cache, 'node') };
  const caCerts = process.env['NODE_EXTRA_CA_CERTS'] === '' ? undefined : process.env['NODE_EXTRA_CA_CERTS'];
  const withoutCa: NodeJS.ProcessEnv = { ...env };
  delete withoutCa['NODE_EXTRA_CA_CERTS'];
  const server = await serve(env);
  try {
    const leaf = `${server.url}/restconf/data/hello:hello/greeting`;
    const body = '{"hello:hello":{"greeting":"Hi"}}';
    const input = '{"name":"x"}';
    const json = 'application/yang-data+json';
    const help = (e: NodeJS.ProcessEnv, tag: string, cli: readonly string[] = rxconf): Pair => ({
      row: `rxconf --help${tag}`, ours: [...cli, '--help'], theirs: [cli[0] ?? process.execPath, '-e', '0'], theirsName: 'node -e 0',
      aim: '≤ 120 ms', met: (ours) => ours <= 120, env: e,
    });
    const check = (e: NodeJS.ProcessEnv, tag: string, cli: readonly string[] = rxconf): Pair => ({
      row: `rxconf check ietf-interfaces (repeated)${tag}`, ours: [...cli, 'check', '-p', yang, MODULE], theirs: ['yanglint', '-p', yang, MODULE], theirsName: 'yanglint',
      aim: '≤ 3× yanglint (below bare Node: see the notes)', met: (_o, _t, ratio) => ratio <= 3, env: e,
    });
    const get = (e: NodeJS.ProcessEnv, tag: string, cli: readonly string[] = rxconf): Pair => ({
      row: `rxconf get (repeated)${tag}`, ours: [...cli, 'get', `${server.url}/restconf`, '/hello:hello/greeting'], theirs: ['curl', '-sf', '-H', `accept: ${json}`, leaf], theirsName: 'curl',
      aim: '≤ 2× curl + 100 ms', met: (ours, theirs) => ours <= 2 * theirs + 100, env: e,
    });
    const patch = (e: NodeJS.ProcessEnv, tag: string, cli: readonly string[] = rxconf): Pair => ({
      row: `rxconf patch (repeated, compiled schema kept)${tag}`, ours: [...cli, 'patch', `${server.url}/restconf`, '/hello:hello', '--data', '-'],
      theirs: ['curl', '-sf', '-X', 'PATCH', '-H', `content-type: ${json}`, '--data-binary', body, `${server.url}/restconf/data/hello:hello`], theirsName: 'curl -X PATCH',
      aim: '(none)', met: () => true, input: body, env: e,
    });
    const pairsIn = (e: NodeJS.ProcessEnv, tag: string): Pair[] => [
      help(e, tag),
      check(e, tag),
      {
        row: `rxconf check ietf-interfaces (first, no cache)${tag}`, ours: [...rxconf, 'check', '-p', yang, MODULE], theirs: ['yanglint', '-p', yang, MODULE], theirsName: 'yanglint',
        aim: '≤ 3× yanglint', met: (_o, _t, ratio) => ratio <= 3, env: e, oursEnv: { ...e, RXCONF_CACHE_DIR: '' },
      },
      {
        row: `rxconf tree ietf-interfaces (repeated)${tag}`, ours: [...rxconf, 'tree', '-p', yang, MODULE], theirs: ['yanglint', '-f', 'tree', '-p', yang, MODULE], theirsName: 'yanglint -f tree',
        aim: '(none)', met: () => true, env: e,
      },
      get(e, tag),
      patch(e, tag),
      {
        row: `rxconf call (repeated, compiled schema kept)${tag}`, ours: [...rxconf, 'call', `${server.url}/restconf`, 'hello:greet', '--data', '-'],
        theirs: ['curl', '-sf', '-X', 'POST', '-H', `content-type: ${json}`, '-H', `accept: ${json}`, '--data-binary', `{"hello:input":${input}}`, `${server.url}/restconf/operations/hello:greet`], theirsName: 'curl -X POST',
        aim: '(none)', met: () => true, input, env: e,
      },
      {
        row: `rxconf watch -n 1${tag}`, ours: [...rxconf, 'watch', `${server.url}/restconf`, '/hello:greeted', '-n', '1'],
        theirs: ['sh', '-c', `curl -sN -H 'accept: text/event-stream' ${server.url}/restconf/data/hello:greeted | grep -m 1 '^data:'`], theirsName: 'curl -N, to the first event',
        aim: '(none)', met: () => true, env: e,
      },
    ];
    const pairs: Pair[] = caCerts === undefined ? pairsIn(env, '') : [
      {
        row: 'node -e 0 (NODE_EXTRA_CA_CERTS as set)', ours: [process.execPath, '-e', '0'], theirs: [process.execPath, '-e', '0'], theirsName: 'node -e 0, NODE_EXTRA_CA_CERTS unset',
        aim: '(none)', met: () => true, env: withoutCa, oursEnv: env,
      },
      ...pairsIn(env, ''),
      ...pairsIn(withoutCa, ' [NODE_EXTRA_CA_CERTS unset]'),
    ];
    const other = process.env['BENCH_STARTUP_NODE'];
    if (other !== undefined && other !== '') {
      const version = spawnSync(other, ['--version'], { encoding: 'utf8' }).stdout.trim();
      const cli = [other, ...rxconf.slice(1)];
      const tag = ` [Node ${version}${caCerts === undefined ? '' : ', NODE_EXTRA_CA_CERTS unset'}]`;
      pairs.push(help(withoutCa, tag, cli), check(withoutCa, tag, cli), get(withoutCa, tag, cli), patch(withoutCa, tag, cli));
    }
    // Warm-up: the file system cache, Node's compile cache (22.1+), the schema cache.
    for (const p of pairs) {
      timed(p.ours, p.oursEnv ?? p.env, p.input);
      timed(p.theirs, p.env);
    }
    const samples = pairs.map(() => ({ ours: [] as Sample[], theirs: [] as Sample[] }));
    for (let round = 0; round < ROUNDS; round++) {
      pairs.forEach((p, i) => {
        const s = samples[i];
        if (s === undefined) return;
        if (round % 2 === 0) {
          s.ours.push(timed(p.ours, p.oursEnv ?? p.env, p.input));
          s.theirs.push(timed(p.theirs, p.env));
        } else {
          s.theirs.push(timed(p.theirs, p.env));
          s.ours.push(timed(p.ours, p.oursEnv ?? p.env, p.input));
        }
      });
    }
    const rows: BenchRow[] = pairs.map((p, i) => {
      const s = samples[i] ?? { ours: [], theirs: [] };
      const wall = (xs: readonly Sample[]): number[] => xs.map((x) => x.wallMs);
      const ratios = s.ours.map((o, j) => o.wallMs / (s.theirs[j]?.wallMs ?? NaN));
      const ours = quantile(wall(s.ours), 0.5);
      const theirs = quantile(wall(s.theirs), 0.5);
      const ratio = quantile(ratios, 0.5);
      return {
        command: p.row,
        'wall ms (median, p25-p75)': `${Math.round(ours)} (${Math.round(quantile(wall(s.ours), 0.25))}-${Math.round(quantile(wall(s.ours), 0.75))})`,
        'CPU ms': Math.round(quantile(s.ours.map((x) => x.cpuMs), 0.5)),
        against: p.theirsName,
        'its wall ms': `${Math.round(theirs)} (${Math.round(quantile(wall(s.theirs), 0.25))}-${Math.round(quantile(wall(s.theirs), 0.75))})`,
        'its CPU ms': Math.round(quantile(s.theirs.map((x) => x.cpuMs), 0.5)),
        'paired ratio (median, p25-p75)': `${ratio.toFixed(2)} (${quantile(ratios, 0.25).toFixed(2)}-${quantile(ratios, 0.75).toFixed(2)})`,
        aim: p.aim,
        met: p.aim === '(none)' ? '' : p.met(ours, theirs, ratio) ? 'yes' : 'no',
      };
    });
    const load = spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.trim();
    // the aim of check against the floor of any Node command, from this run (the fastest environment measured)
    const medianOf = (row: string, side: 'ours' | 'theirs'): number[] => pairs.flatMap((p, i) => (p.row.startsWith(row) ? [quantile(samples[i]?.[side].map((x) => x.wallMs) ?? [], 0.5)] : []));
    const yanglint = Math.min(...medianOf('rxconf check ietf-interfaces (repeated)', 'theirs'));
    const bareNode = Math.min(...medianOf('rxconf --help', 'theirs'));
    report('startup', rows, {
      'the aim of check': `3× yanglint's ${Math.round(yanglint)} ms is ${Math.round(3 * yanglint)} ms; node -e 0 alone took ${Math.round(bareNode)} ms here, so ${3 * yanglint < bareNode ? 'no Node command can meet it' : 'it is above bare Node'}`,
      rounds: ROUNDS, node: process.version, dist: built,
      NODE_EXTRA_CA_CERTS: caCerts === undefined ? 'not set' : `${caCerts} (its cost: the first row; rows marked unset run without it)`,
      'load average at the start': loadAtStart,
      'compile cache': 'enableCompileCache' in (await import('node:module')) ? 'on (Node 22.1+)' : 'not in this Node',
      ...(process.env['BENCH_STARTUP_NODE'] ? { 'rows marked Node': `${process.env['BENCH_STARTUP_NODE']}, compile cache on` } : {}),
      'load average at the end': load,
    });
  } finally {
    server.stop();
    rmSync(cache, { recursive: true, force: true });
  }
};

await main();
