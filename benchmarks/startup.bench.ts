/**
 * Start-up of the rxconf command (issue 9, must-show 4): `rxconf check` of a
 * small module (examples/hello.yang) to its exit, and `rxconf serve` of it
 * to its `listening on` line, run two ways in the same rounds:
 *
 * - before: the TypeScript sources through tsx (`node --import tsx
 *   src/cli/main.ts`, what bin/rxconf.js did before the build), with tsx's
 *   transform cache warm (a warm-up run fills it);
 * - after: the built command (`node bin/rxconf.js`, running dist/).
 *
 * and bare `node -e 0` as the floor. Each round runs every contender once,
 * in turn; medians of the rounds, wall time and CPU time (user + system,
 * the process and the children it waited for: /usr/bin/time for check,
 * /proc/PID/stat at the listening line for serve).
 *
 * Run: npm run bench -- startup   (ROUNDS=N, default 7). Builds dist/ first
 * when it is missing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report, type BenchRow } from './lib/report.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const ROUNDS = Number(process.env['ROUNDS'] ?? 7);
const MODULE = ['--path', join(root, 'examples'), join(root, 'examples', 'hello.yang')];

interface Runner {
  readonly name: string;
  readonly argv: readonly string[];
}

const runners: readonly Runner[] = [
  { name: 'before: sources through tsx', argv: ['--import=tsx', join(root, 'src', 'cli', 'main.ts')] },
  { name: 'after: built (bin/rxconf.js on dist/)', argv: [join(root, 'bin', 'rxconf.js')] },
];

interface Sample {
  readonly wallMs: number;
  readonly cpuMs: number;
}

/** Runs to the end under GNU time: wall as seen here, CPU as time reports it (waited children included). */
const timed = (args: readonly string[]): Sample => {
  const started = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, ...args], { cwd: root, encoding: 'utf8' });
  const wallMs = performance.now() - started;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  const [user = NaN, sys = NaN] = (r.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
  return { wallMs, cpuMs: (user + sys) * 1000 };
};

/** utime + stime + cutime + cstime of a live process, in ms (clock ticks of 10 ms). */
const cpuMsOf = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14-17 of proc(5), counted here from the state field (3).
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10;
};

/** Starts `rxconf serve` and measures until its listening line; then stops it. */
const toListening = (args: readonly string[]): Promise<Sample> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...args, 'serve', '--module', 'hello', '--path', join(root, 'examples'), '--port', '0', '--quiet'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let sample: Sample | undefined;
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      if (sample === undefined && /listening on /.test(out) && child.pid !== undefined) {
        sample = { wallMs: performance.now() - started, cpuMs: cpuMsOf(child.pid) };
        child.kill('SIGTERM');
      }
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.on('close', () => {
      clearTimeout(timer);
      if (sample === undefined) reject(new Error(`serve never listened:\n${out}`));
      else resolve(sample);
    });
  });

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const ensureBuilt = (): string => {
  if (existsSync(join(root, 'dist', 'cli', 'main.js'))) return 'dist/ as built before the run';
  console.log('dist/ is missing: npm run build');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(join(root, 'dist', 'cli', 'main.js'))) throw new Error('npm run build failed: nothing to measure after the build');
  return 'dist/ built by this run';
};

const main = async (): Promise<void> => {
  if (!existsSync('/usr/bin/time') || !existsSync('/proc/self/stat')) {
    console.log('startup benchmark skipped: needs /usr/bin/time and /proc (Linux)');
    return;
  }
  const built = ensureBuilt();
  const samples = new Map<string, Sample[]>();
  const add = (key: string, s: Sample): void => void samples.set(key, [...(samples.get(key) ?? []), s]);
  // Warm-up: fills tsx's transform cache and the file system cache.
  for (const r of runners) {
    timed([...r.argv, 'check', ...MODULE]);
    await toListening(r.argv);
  }
  for (let round = 0; round < ROUNDS; round++) {
    add('node -e 0', timed(['-e', '0']));
    for (const r of runners) {
      add(`check|${r.name}`, timed([...r.argv, 'check', ...MODULE]));
      add(`serve|${r.name}`, await toListening(r.argv));
    }
  }
  const med = (key: string): Sample => {
    const s = samples.get(key) ?? [];
    return { wallMs: median(s.map((x) => x.wallMs)), cpuMs: median(s.map((x) => x.cpuMs)) };
  };
  const rows: BenchRow[] = [];
  for (const command of ['check', 'serve'] as const) {
    const before = med(`${command}|${runners[0]?.name}`);
    for (const r of runners) {
      const m = med(`${command}|${r.name}`);
      rows.push({
        command: command === 'check' ? 'rxconf check hello.yang (to exit)' : 'rxconf serve hello (to "listening on")',
        runner: r.name,
        'wall ms (median)': Math.round(m.wallMs),
        'CPU ms (median)': Math.round(m.cpuMs),
        'CPU vs before': Number((m.cpuMs / before.cpuMs).toFixed(2)),
        'wall vs before': Number((m.wallMs / before.wallMs).toFixed(2)),
      });
    }
  }
  const floor = med('node -e 0');
  rows.push({ command: 'node -e 0 (the floor)', runner: 'bare node', 'wall ms (median)': Math.round(floor.wallMs), 'CPU ms (median)': Math.round(floor.cpuMs), 'CPU vs before': '', 'wall vs before': '' });
  report('startup', rows, { rounds: ROUNDS, node: process.version, dist: built, 'tsx cache': 'warm (one warm-up run per contender)' });
};

await main();
