/**
 * Regular expressions for YANG `pattern` and XPath `re-match()`: the
 * linear-time matcher (src/types/xsd-matcher.ts, a lazy DFA over a Thompson
 * automaton) against the engine it replaced — the XSD expression translated
 * to a JavaScript RegExp, run by V8's backtracking engine (the baseline of
 * every ratio, measured in the same run) — and against the RE2 ports on
 * npm when they can be loaded: re2js (pure JavaScript), re2-wasm
 * (WebAssembly) and re2 (native addon). They are not dependencies of the
 * project; to measure them, install them anywhere and point
 * REGEX_BENCH_MODULES at that directory:
 *
 *   (cd /tmp/re2 && npm i re2js re2-wasm re2)
 *   REGEX_BENCH_MODULES=/tmp/re2 npm run bench -- regex
 *
 * Rows: checking realistic values against the corpus typedefs (IETF and
 * OpenConfig ipv4/ipv6 addresses and prefixes, date-and-time, domain-name,
 * ...), compiling every corpus pattern, a long value, and the catastrophic
 * `(a+)+` on `a…a!`, where the RegExp's time doubles with each `a`.
 */
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileXsdMatcher, compileXsdRegex, translateXsdRegex } from '../src/types/index.ts';
import { patternsOf } from '../test/types/yang-patterns.ts';
import { report, type BenchRow } from './lib/report.ts';

/** Calls per second of `f`: 200 ms of warm-up, then the median of 7 batches of about 100 ms. */
const rate = (f: () => unknown): number => {
  const start = performance.now();
  let n = 0;
  while (performance.now() - start < 200) {
    f();
    n++;
  }
  const batch = Math.max(1, Math.round(n / 2));
  const rates: number[] = [];
  for (let r = 0; r < 7; r++) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) f();
    rates.push(batch / ((performance.now() - t0) / 1000));
  }
  return rates.sort((a, b) => a - b)[3] ?? NaN;
};

/** Microseconds of one call (median of 5, after one warm-up call). */
const once = (f: () => unknown): number => {
  f();
  const us: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    f();
    us.push((performance.now() - t0) * 1000);
  }
  return us.sort((a, b) => a - b)[2] ?? NaN;
};

type Test = (text: string) => boolean;

/** An engine: compiles an XSD pattern (whole-value match) to a test, or says it cannot. */
interface Engine {
  readonly name: string;
  readonly compile: (pattern: string) => Test | undefined;
}

/** JavaScript source of a pattern in RE2's syntax: the same, with \x{…} for \u{…} (corpus patterns need no lookahead). */
const re2Source = (pattern: string): string | undefined => {
  const t = translateXsdRegex(pattern);
  if (!t.ok || /\(\?[=!]/.test(t.source)) return undefined;
  return t.source.replace(/\\u\{([0-9a-f]+)\}/g, '\\x{$1}');
};

const engines: Engine[] = [
  {
    name: 'RegExp (old)',
    compile: (p) => {
      const c = compileXsdRegex(p);
      return c.ok ? (s) => c.regex.test(s) : undefined;
    },
  },
  {
    name: 'matcher (new)',
    compile: (p) => {
      const c = compileXsdMatcher(p);
      return c.ok ? (s) => c.matcher.test(s) : undefined;
    },
  },
];

// the optional RE2 ports
const here = dirname(fileURLToPath(import.meta.url));
const from = createRequire(join(resolve(process.env.REGEX_BENCH_MODULES ?? join(here, '..')), 'node_modules', 'x.js'));
const load = (name: string): unknown => {
  try {
    return from(name);
  } catch {
    return undefined;
  }
};
const absent: string[] = [];
const re2js = load('re2js') as { RE2JS: { compile(s: string): { matches(t: string): boolean } } } | undefined;
if (re2js === undefined) absent.push('re2js');
else {
  engines.push({
    name: 're2js',
    compile: (p) => {
      const s = re2Source(p);
      if (s === undefined) return undefined;
      const r = re2js.RE2JS.compile(s);
      return (t) => r.matches(t);
    },
  });
}
for (const [name, label] of [['re2-wasm', 're2-wasm'], ['re2', 're2 (native)']] as const) {
  const m = load(name) as { RE2: new (s: string, flags: string) => { test(t: string): boolean } } | (new (s: string, flags: string) => { test(t: string): boolean }) | undefined;
  const RE2 = m === undefined ? undefined : 'RE2' in m ? m.RE2 : m;
  if (RE2 === undefined) {
    absent.push(name);
    continue;
  }
  engines.push({
    name: label,
    compile: (p) => {
      const s = re2Source(p);
      if (s === undefined) return undefined;
      const r = new RE2(s, 'u');
      return (t) => r.test(t);
    },
  });
}

const rows: BenchRow[] = [];
const baseline = engines[0] as Engine;

/** One row: rates per engine for `work(test)`, as ratios to the RegExp; the engines must agree first. */
const measure = (what: string, patterns: readonly string[], values: readonly string[], unit: string): void => {
  const expected = values.map((v) => patterns.every((p) => baseline.compile(p)?.(v)));
  const row: Record<string, string | number> = { what };
  let base = NaN;
  for (const e of engines) {
    const tests = patterns.map((p) => e.compile(p));
    if (tests.some((t) => t === undefined)) {
      row[e.name] = 'n/a';
      continue;
    }
    const all = tests as Test[];
    const check = (v: string): boolean => all.every((t) => t(v));
    values.forEach((v, i) => {
      if (check(v) !== expected[i]) throw new Error(`${e.name} disagrees with the RegExp on ${what}: ${JSON.stringify(v)}`);
    });
    const r = rate(() => values.forEach(check)) * values.length;
    if (e === baseline) base = r;
    row[e.name] = e === baseline ? `${Math.round(r)} ${unit}` : Number((r / base).toPrecision(2));
  }
  rows.push(row);
};

const corpus = resolve(here, '..', '..', 'shared', 'yang-corpus', 'public');
const files = existsSync(corpus) ? readdirSync(corpus).filter((f) => f.endsWith('.yang')).sort() : [];
const typedef = (prefix: string, name: string): string[] => {
  const file = files.find((f) => f.startsWith(prefix));
  return file === undefined ? [] : patternsOf(join(corpus, file)).filter((p) => p.typedef === name && !p.invertMatch).map((p) => p.source);
};

const typical: ReadonlyArray<readonly [string, string, string, readonly string[]]> = [
  ['ietf-inet-types@', 'ipv4-address', 'ietf ipv4-address', ['192.0.2.1', '10.0.0.1%eth0', '256.1.1.1', '1.2.3']],
  ['ietf-inet-types@', 'ipv6-address', 'ietf ipv6-address', ['2001:db8::1', 'fe80::1%eth0', '::ffff:192.0.2.1', '2001:db8::1::2']],
  ['ietf-inet-types@', 'ipv4-prefix', 'ietf ipv4-prefix', ['10.0.0.0/8', '192.0.2.0/24', '10.0.0.0/33']],
  ['ietf-inet-types@', 'domain-name', 'ietf domain-name', ['example.com', 'xn--bcher-kva.example', '_sip._tcp.example.com', 'example..com']],
  ['ietf-yang-types@', 'date-and-time', 'ietf date-and-time', ['2024-01-15T10:30:00Z', '2024-01-15T10:30:00.123+05:30', '2024-13-01T00:00:00Z']],
  ['ietf-yang-types@', 'mac-address', 'ietf mac-address', ['00:1a:2B:3c:4D:5e', '00:1a:2b:3c:4d']],
  ['ietf-yang-types@', 'uuid', 'ietf uuid', ['f81d4fae-7dec-11d0-a765-00a0c91e6bf6']],
  ['openconfig-inet-types', 'ipv6-prefix', 'openconfig ipv6-prefix', ['2001:db8::/32', 'fe80::/10', '2001:db8:::/32']],
];
for (const [file, name, label, values] of typical) {
  const patterns = typedef(file, name);
  if (patterns.length > 0) measure(`check: ${label} (${values.length} values)`, patterns, values, 'values/s');
}

// compiling every pattern of the corpus
const distinct = [...new Set(files.flatMap((f) => patternsOf(join(corpus, f)).map((p) => p.source)))];
if (distinct.length > 0) {
  const row: Record<string, string | number> = { what: `compile: every corpus pattern (${distinct.length})` };
  let base = NaN;
  for (const e of engines) {
    const r = rate(() => distinct.forEach((p) => e.compile(p))) * distinct.length;
    if (e === baseline) base = r;
    row[e.name] = e === baseline ? `${Math.round(r)} patterns/s` : Number((r / base).toPrecision(2));
  }
  rows.push(row);
}

// a long value, linear for every engine
measure('check: [a-z0-9]+(\\.[a-z0-9]+)* on 100,000 characters', ['[a-z0-9]+(\\.[a-z0-9]+)*'], [`${'abc.'.repeat(25_000)}x`], 'values/s');

// the catastrophic pattern: µs per match; the RegExp doubles with each 'a'
const catastrophic = '(a+)+';
const notes: Record<string, string> = {};
for (const n of [16, 20, 24, 29, 100_000]) {
  const value = `${'a'.repeat(n)}!`;
  const row: Record<string, string | number> = { what: `µs per match: ${catastrophic} on ${n} a and !` };
  for (const e of engines) {
    if (e === baseline && n > 24) {
      row[e.name] = n === 29 ? `~${Math.round((rows.at(-1)?.[e.name] as number) * 32 / 1000)} ms (2^5 × n=24; not run)` : 'not run';
      continue;
    }
    const t = e.compile(catastrophic) as Test;
    if (t(value)) throw new Error(`${e.name} matches ${catastrophic} on a…!`);
    row[e.name] = Number(once(() => t(value)).toFixed(1));
  }
  rows.push(row);
}
notes.contenders = absent.length === 0 ? 'all' : `not loaded: ${absent.join(', ')} (see REGEX_BENCH_MODULES)`;
notes.ratios = 'rates relative to the RegExp of the same run (higher is faster); µs rows are absolute (lower is faster)';
notes.node = process.version;
report('regex', rows, notes);
