/**
 * Why the statement reader is hand-written: it reads the public YANG corpus
 * with (a) readYang, (b) a generic nearley statement grammar over the same
 * moo tokens (benchmarks/grammars/yang-statement.ne) and (c) yanglint, the
 * libyang CLI, as an outside baseline. The moo lexer alone is shown too, as
 * the floor under (a) and (b). Both readers must build identical trees.
 *
 * Run: npm run bench -- statement-reader
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import nearley from 'nearley';
import { readYang } from '../src/parser/index.ts';
import type { Statement } from '../src/parser/index.ts';
import { yangLexer } from '../src/parser/yang-lexer.ts';
import grammar from './grammars/yang-statement.grammar.ts';
import type { SignificantLexer } from './grammars/significant-lexer.ts';
import { report } from './lib/report.ts';
import type { BenchRow } from './lib/report.ts';

const corpus = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'yang-corpus', 'public');
if (!existsSync(corpus)) {
  console.log(`statement-reader: skipped, ${corpus} is absent`);
  process.exit(0);
}

const files = readdirSync(corpus).filter((f) => f.endsWith('.yang')).sort();
const texts = files.map((file) => ({ file, text: readFileSync(join(corpus, file), 'utf8') }));
const lineCount = (text: string): number =>
  (text.match(/\n/g)?.length ?? 0) + (text.length > 0 && !text.endsWith('\n') ? 1 : 0);
const lines = texts.reduce((n, { text }) => n + lineCount(text), 0);

const compiled = nearley.Grammar.fromCompiled(grammar);
const nearleyLexer = grammar.Lexer as unknown as SignificantLexer;
const readNearley = (text: string, file: string): Statement[] => {
  nearleyLexer.file = file;
  const parser = new nearley.Parser(compiled);
  parser.feed(text);
  return parser.results as Statement[];
};

const lexOnly = (text: string): number => {
  const lexer = yangLexer(text);
  let n = 0;
  while (lexer.next() !== undefined) n += 1;
  return n;
};

const gc = (globalThis as { gc?: () => void }).gc;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/**
 * Median milliseconds of one pass over the corpus for each contender. Passes
 * are interleaved (a, b, c, a, b, c, ...) so that load from other processes
 * on this shared machine falls on all of them alike.
 */
const measure = (passes: readonly (() => void)[], warmups: number, runs: number): number[] => {
  for (let i = 0; i < warmups; i++) passes.forEach((pass) => pass());
  const times = passes.map((): number[] => []);
  for (let i = 0; i < runs; i++) {
    passes.forEach((pass, j) => {
      gc?.();
      const start = performance.now();
      pass();
      times[j]?.push(performance.now() - start);
    });
  }
  return times.map(median);
};

// Both readers must agree before their speeds mean anything.
const shape = (s: Statement): unknown => [s.prefix, s.keyword, s.arg, s.loc.line, s.loc.col, s.substatements.map(shape)];
let identical = 0;
for (const { file, text } of texts) {
  const hand = readYang(text, file);
  const earley = readNearley(text, file);
  const [only] = earley;
  if (hand.statement !== undefined && earley.length === 1 && only !== undefined
    && JSON.stringify(shape(only)) === JSON.stringify(shape(hand.statement))) identical += 1;
  else console.error(`statement-reader: the nearley grammar and readYang disagree on ${file}`);
}

let tokens = 0;
const [lexMs = NaN, handMs = NaN, nearleyMs = NaN] = measure([
  () => { tokens = 0; for (const { text } of texts) tokens += lexOnly(text); },
  () => { for (const { file, text } of texts) readYang(text, file); },
  () => { for (const { file, text } of texts) readNearley(text, file); },
], 2, 7);

/** yanglint loads the listed modules and everything they import or include: those are the lines it reads. */
const yanglintRun = (): { ms: number; lines: number; ok: boolean } | undefined => {
  if (spawnSync('yanglint', ['-v']).status !== 0) return undefined;
  const rows = readFileSync(join(corpus, 'MANIFEST.tsv'), 'utf8').trimEnd().split('\n').slice(1).map((r) => r.split('\t'));
  const fileOf = new Map(rows.map((r) => [r[1] ?? '', r[0] ?? '']));
  const listed = rows.filter((r) => r[8] === 'module' && r[6] === 'yes').map((r) => r[0] ?? '');
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = texts.find((t) => t.file === file)?.text ?? '';
    for (const s of readYang(text, file).statement?.substatements ?? []) {
      const target = (s.keyword === 'import' || s.keyword === 'include') && s.arg !== undefined ? fileOf.get(s.arg) : undefined;
      if (target !== undefined) visit(target);
    }
  };
  listed.forEach(visit);
  const read = [...seen].reduce((n, f) => n + lineCount(texts.find((t) => t.file === f)?.text ?? ''), 0);
  const start = performance.now();
  const r = spawnSync('yanglint', ['-i', '-p', corpus, ...listed.map((f) => join(corpus, f))], { stdio: 'ignore' });
  return { ms: performance.now() - start, lines: read, ok: r.status === 0 };
};
const yl = yanglintRun();

const handRate = (lines / handMs) * 1000;
const row = (reader: string, ms: number, n: number): BenchRow => {
  const rate = (n / ms) * 1000;
  return { reader, 'ms per corpus pass': ms, 'lines/s': Math.round(rate), 'vs hand-written': rate / handRate };
};
const rows: BenchRow[] = [
  row('moo lexer alone (all tokens)', lexMs, lines),
  row('hand-written reader (readYang)', handMs, lines),
  row('nearley statement grammar', nearleyMs, lines),
];
if (yl !== undefined) rows.push(row(`yanglint -i (parse + compile, ${yl.ok ? 'exit 0' : 'FAILED'}, timed once)`, yl.ms, yl.lines));

report('statement-reader', rows, {
  files: files.length,
  lines,
  tokens,
  'nearley trees identical to readYang': `${identical}/${files.length}`,
  yanglint: yl === undefined ? 'not on PATH' : `${yl.lines} lines of the modules it loads`,
});
