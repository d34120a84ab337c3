/**
 * Expression parsers: parses per second for typical YANG XPath (leafref
 * path, must with a predicate, when), if-feature and range arguments, and the
 * whole corpus's single-line XPath arguments in one pass; and why api-path is
 * hand-written: parseApiPath against a nearley grammar over the same tokens
 * (benchmarks/grammars/api-path.ne), which must agree before being timed.
 *
 * Run: npm run bench -- expressions
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import nearley from 'nearley';
import { parseApiPath, parseIfFeature, parseRange, parseXPath } from '../src/parser/expr/index.ts';
import apiPathRules from './grammars/api-path.grammar.ts';
import { report } from './lib/report.ts';
import type { BenchRow } from './lib/report.ts';

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

const rows: BenchRow[] = [];
const typical: ReadonlyArray<readonly [string, string, (s: string) => unknown]> = [
  ['xpath: leafref', '../config/name', parseXPath],
  ['xpath: leafref, absolute with predicate', '/if:interfaces/if:interface[if:name = current()/../if:name]/if:type', parseXPath],
  ['xpath: when', "derived-from-or-self(../type, 'ianaift:ethernetCsmacd')", parseXPath],
  ['xpath: must', "count(../x) > 1 and not(../y = 'z')", parseXPath],
  ['if-feature', 'not a and (b or c:d)', parseIfFeature],
  ['range', '-128..-1 | 1..127', parseRange],
];
/** Markdown tables split cells on `|`. */
const cell = (s: string): string => s.replaceAll('|', '\\|');
for (const [what, input, parse] of typical) {
  rows.push({ what, input: cell(input), 'parses/s': Math.round(rate(() => parse(input))) });
}

const corpus = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'yang-corpus', 'public');
if (existsSync(corpus)) {
  const argument = /^\s*(?:when|must|path)\s+(?:"([^"\\]*)"|'([^']*)')\s*[;{]\s*$/gm;
  const exprs = readdirSync(corpus)
    .filter((f) => f.endsWith('.yang'))
    .flatMap((f) => [...readFileSync(join(corpus, f), 'utf8').matchAll(argument)].map((m) => m[1] ?? m[2] ?? ''));
  const passes = rate(() => exprs.forEach(parseXPath));
  rows.push({ what: `xpath: corpus when/must/path (${exprs.length})`, input: 'one pass', 'parses/s': Math.round(passes * exprs.length) });
}

const apiGrammar = nearley.Grammar.fromCompiled(apiPathRules);
const apiViaNearley = (s: string): unknown => {
  const parser = new nearley.Parser(apiGrammar);
  parser.feed(s);
  return parser.results[0];
};
const apiInputs = [
  '/ietf-interfaces:interfaces/interface=eth0/ipv4',
  '/ietf-interfaces:interfaces/interface=eth%2F0,x',
  '/example-jukebox:jukebox/library/artist=Foo%20Fighters/album=Wasting%20Light/song=Rope',
];
const notes: Record<string, string> = {};
for (const input of apiInputs) {
  const hand = parseApiPath(input);
  if (!hand.ok || !isDeepStrictEqual(hand.value, apiViaNearley(input))) throw new Error(`api-path parsers disagree on ${input}`);
  const handRate = rate(() => parseApiPath(input));
  const nearleyRate = rate(() => apiViaNearley(input));
  rows.push({ what: 'api-path: hand-written', input, 'parses/s': Math.round(handRate) });
  rows.push({ what: 'api-path: nearley', input, 'parses/s': Math.round(nearleyRate) });
  notes[`hand-written / nearley, ${input}`] = (handRate / nearleyRate).toFixed(1);
}
report('expressions', rows, notes);
