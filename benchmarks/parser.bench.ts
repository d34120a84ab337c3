/**
 * Compiles the whole public corpus (every module yanglint accepts) in one
 * context, cold, in a fresh process per run, next to yanglint doing the same
 * (`yanglint -i -p . <modules>`, libyang in C) in the same run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report } from './lib/report.ts';

const here = dirname(fileURLToPath(import.meta.url));
const corpus = resolve(here, '..', '..', 'shared', 'yang-corpus', 'public');
const RUNS = 3;

const manifest = (): { accepted: string[]; lines: Map<string, number> } => {
  const [head = '', ...rows] = readFileSync(join(corpus, 'MANIFEST.tsv'), 'utf8').trim().split('\n');
  const cols = head.split('\t');
  const col = (r: string[], n: string): string => r[cols.indexOf(n)] ?? '';
  const parsed = rows.map((l) => l.split('\t'));
  return {
    accepted: parsed.filter((r) => col(r, 'kind') === 'module' && col(r, 'yanglint_ok') === 'yes').map((r) => col(r, 'file')),
    lines: new Map(parsed.map((r) => [col(r, 'file'), Number(col(r, 'lines'))])),
  };
};

/** Child mode: one cold compile, result as JSON on stdout. */
const once = async (): Promise<void> => {
  const { compileSchema } = await import('../src/compile/compile-schema.ts');
  const { accepted } = manifest();
  const started = performance.now();
  const r = compileSchema({ searchPath: [corpus], modules: accepted.map((f) => ({ file: join(corpus, f) })) });
  const ms = performance.now() - started;
  const files = [...r.context.modules.values()].flatMap((m) => [m.file, ...m.submodules.map((s) => s.file)]);
  console.log(JSON.stringify({ ms, errors: r.diagnostics.filter((d) => d.severity === 'error').length, files, maxRssKb: process.resourceUsage().maxRSS }));
};

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const main = (): void => {
  if (!existsSync(corpus)) {
    console.log(`parser benchmark skipped: ${corpus} is absent`);
    return;
  }
  const { accepted, lines } = manifest();
  const ours: { ms: number; errors: number; files: string[]; maxRssKb: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = spawnSync(process.execPath, ['--import=tsx', fileURLToPath(import.meta.url), '--once'], { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (r.status !== 0) throw new Error(`compile run failed: ${r.stderr}`);
    ours.push(JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}'));
  }
  const totalLines = (ours[0]?.files ?? []).reduce((n, f) => n + (lines.get(f.split('/').pop() ?? '') ?? 0), 0);
  const rows = [];
  const oursMs = median(ours.map((o) => o.ms));
  const yl: number[] = [];
  const ylRss: number[] = [];
  const hasYanglint = spawnSync('yanglint', ['--version']).status === 0;
  // GNU time reports the peak RSS of yanglint (in KB) on the last line of stderr.
  const timed = existsSync('/usr/bin/time');
  if (hasYanglint) {
    for (let i = 0; i < RUNS; i++) {
      const args = ['-i', '-p', '.', ...accepted];
      const started = performance.now();
      const r = timed
        ? spawnSync('/usr/bin/time', ['-f', '%M', 'yanglint', ...args], { cwd: corpus, encoding: 'utf8', maxBuffer: 1 << 26 })
        : spawnSync('yanglint', args, { cwd: corpus, encoding: 'utf8', maxBuffer: 1 << 26 });
      yl.push(performance.now() - started);
      if (r.status !== 0) throw new Error(`yanglint failed: ${r.stderr.slice(0, 500)}`);
      if (timed) ylRss.push(Number(r.stderr.trim().split('\n').pop()));
    }
  }
  const ylMs = median(yl);
  rows.push({
    tool: 'rxconf compile (cold process)',
    modules: accepted.length,
    lines: totalLines,
    'seconds (median of 3)': oursMs / 1000,
    'lines/s': Math.round(totalLines / (oursMs / 1000)),
    'peak RSS MB': Math.round(median(ours.map((o) => o.maxRssKb)) / 1024),
    'time vs yanglint': hasYanglint ? oursMs / ylMs : 'n/a',
  });
  if (hasYanglint) {
    rows.push({
      tool: 'yanglint -i -p . (libyang, C)',
      modules: accepted.length,
      lines: totalLines,
      'seconds (median of 3)': ylMs / 1000,
      'lines/s': Math.round(totalLines / (ylMs / 1000)),
      'peak RSS MB': ylRss.length > 0 ? Math.round(median(ylRss) / 1024) : 'n/a',
      'time vs yanglint': 1,
    });
  }
  report('parser', rows, { errors: ours[0]?.errors ?? -1, aim: 'time vs yanglint <= 0.25' });
};

if (process.argv.includes('--once')) await once();
else main();
