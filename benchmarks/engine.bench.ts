/**
 * The node runtime end to end, each figure next to a plain-loop baseline
 * over the same data in the same run (machines are shared and noisy).
 *
 * (a) Reading a list through the JSON writer (`read`, plain form, draining
 *     the 64 KiB chunks) from the embedded Datastore and from a reflectNode
 *     over a plain array, at 1,000 and 100,000 entries: entries/s, MB/s and
 *     peak heap growth (gc() first, heapUsed sampled at every chunk).
 *     Baselines: JSON.stringify of the same array, and a hand loop building
 *     the same text; every text is checked equal to the read's.
 * (b) 10,000 single-leaf upserts (`/interface[name='if-<i % 1000>']/speed`,
 *     1,000 creations then updates) through commitEdit on the Datastore, in
 *     memory and persisting to a file on every commit; baseline: a loop
 *     assigning the same values into an object.
 *
 * Run: npm run bench -- engine   (node --expose-gc)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Browser, commitEdit, Device, emptyContext, read, defaultReadOptions, type TargetStep } from '../src/actors/index.ts';
import { Datastore, reflectNode } from '../src/actors/nodes/index.ts';
import type { Node } from '../src/actors/node.ts';
import { DataContainer } from '../src/data/data-container.ts';
import { compileSchema } from '../src/compile/compile-schema.ts';
import type { LeafMeta, ListMeta, ModuleMeta } from '../src/meta/meta.ts';
import { schemaChild, type SchemaHolder } from '../src/meta/navigate.ts';
import { report, type BenchRow } from './lib/report.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'yang', 'nodes');
const compiled = compileSchema({ searchPath: [dir], modules: [{ file: join(dir, 'nd-app.yang') }] });
if (!compiled.ok) throw new Error(compiled.diagnostics.map((d) => d.message).join('\n'));
const schema = compiled.context;
const module = schema.modules.get('nd-app') as ModuleMeta;
const at = <T>(from: SchemaHolder, name: string): T => schemaChild(from, undefined, name) as T;
const list = at<ListMeta>(module, 'interface');
const leaf = (name: string): LeafMeta => at<LeafMeta>(list, name);

const gc = (globalThis as { gc?: () => void }).gc ?? ((): void => { throw new Error('run with --expose-gc'); });
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const heap = (): number => process.memoryUsage().heapUsed;

interface Iface { name: string; enabled: boolean; speed: number; description: string }
const rowsOf = (n: number): Iface[] =>
  Array.from({ length: n }, (_, i) => ({ name: `ge-0/0/${i}`, enabled: i % 3 !== 0, speed: 1_000_000_000 * (1 + (i % 4)), description: `port ${i} to rack ${i % 40}` }));

const storeOf = (rows: readonly Iface[]): Datastore => {
  const store = new Datastore(schema);
  const entries = rows.map((r) => new DataContainer(list).set(leaf('name'), r.name).set(leaf('enabled'), r.enabled).set(leaf('speed'), BigInt(r.speed)).set(leaf('description'), r.description));
  store.root(module).set(list, entries);
  return store;
};

/** A pass over the data: characters produced, the text when kept; `sample` is called as it goes. */
interface Pass { readonly chars: number; readonly text?: string }
type Source = (sample: () => void, keep: boolean) => Promise<Pass> | Pass;

const readSource = (root: () => Node): Source => async (sample, keep) => {
  const browser = new Browser(module, schema, root);
  const steps: TargetStep[] = [{ meta: list, key: undefined }];
  const body = await read([browser.root()], steps, { ...defaultReadOptions, maxNodes: Number.MAX_SAFE_INTEGER });
  let chars = 0;
  const parts: string[] = [];
  const take = (s: string): void => {
    chars += s.length;
    if (keep) parts.push(s);
    sample();
  };
  if (body.kind === 'whole') take(body.text);
  else {
    take(body.first);
    for await (const chunk of body.rest) take(chunk);
  }
  return keep ? { chars, text: parts.join('') } : { chars };
};

const stringifySource = (rows: readonly Iface[]): Source => (sample) => {
  const text = JSON.stringify({ interface: rows });
  sample();
  return { chars: text.length, text };
};

const handLoopSource = (rows: readonly Iface[]): Source => (sample) => {
  let text = '{"interface":[';
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as Iface;
    text += `${i === 0 ? '' : ','}{"name":${JSON.stringify(r.name)},"enabled":${r.enabled},"speed":${r.speed},"description":${JSON.stringify(r.description)}}`;
    if (i % 1000 === 999) sample();
  }
  text += ']}';
  sample();
  return { chars: text.length, text };
};

/** Seconds per pass: `reps` passes back to back, after one warm-up pass and a gc. */
const timePass = async (source: Source, reps: number): Promise<{ seconds: number; chars: number }> => {
  await source(() => undefined, false);
  gc();
  let chars = 0;
  const t0 = performance.now();
  for (let k = 0; k < reps; k++) chars = (await source(() => undefined, false)).chars;
  return { seconds: (performance.now() - t0) / 1000 / reps, chars };
};

/** Peak growth of the used heap during one pass, after a gc. */
const peakOf = async (source: Source): Promise<number> => {
  gc();
  const base = heap();
  let peak = 0;
  await source(() => {
    peak = Math.max(peak, heap() - base);
  }, false);
  return peak;
};

const RUNS = 7;
const readRows: BenchRow[] = [];
const textBytes: Record<string, number> = {};
for (const n of [1_000, 100_000]) {
  const rows = rowsOf(n);
  const store = storeOf(rows);
  const sources: [string, Source][] = [
    ['Datastore → read', readSource(() => store.node(module))],
    ['reflectNode(array) → read', readSource(() => reflectNode({ interface: rows }))],
    ['JSON.stringify (baseline)', stringifySource(rows)],
    ['hand loop (baseline)', handLoopSource(rows)],
  ];
  const texts = await Promise.all(sources.map(async ([, source]) => (await source(() => undefined, true)).text));
  if (texts.some((t) => t !== texts[0])) throw new Error(`texts differ at ${n} entries`);
  const reps = Math.max(1, 100_000 / n / 2);
  const seconds = new Map<string, number[]>();
  const peaks = new Map<string, number[]>();
  let chars = 0;
  for (let run = 0; run < RUNS; run++) {
    for (const [name, source] of sources) {
      const r = await timePass(source, reps);
      chars = r.chars;
      seconds.set(name, [...(seconds.get(name) ?? []), r.seconds]);
      peaks.set(name, [...(peaks.get(name) ?? []), await peakOf(source)]);
    }
  }
  textBytes[`text bytes, ${n} entries`] = chars;
  const baseline = median(seconds.get('JSON.stringify (baseline)') ?? []);
  for (const [name] of sources) {
    const s = median(seconds.get(name) ?? []);
    readRows.push({
      source: name,
      entries: n,
      'entries/s': Math.round(n / s),
      'MB/s': Number((chars / s / 1e6).toFixed(1)),
      'peak heap Δ MB': Number((median(peaks.get(name) ?? []) / 1e6).toFixed(2)),
      'time / JSON.stringify': Number((s / baseline).toFixed(2)),
    });
  }
}
report('engine-read', readRows, { runs: `${RUNS}, medians; 1,000-entry times average 50 back-to-back passes`, ...textBytes, node: process.version });

/** 10,000 upserts through commitEdit on a Datastore (persisting to `file` when given): ops/s. */
const upserts = async (ops: number, file?: string): Promise<number> => {
  const store = new Datastore(schema, file);
  const browser = new Browser(module, schema, () => store.node(module));
  const device = new Device(schema).add(browser);
  const speed = leaf('speed');
  const t0 = performance.now();
  for (let i = 0; i < ops; i++) {
    const steps: TargetStep[] = [{ meta: list, key: [`if-${i % 1000}`] }, { meta: speed }];
    await commitEdit(device, browser, { steps, operation: 'merge', input: BigInt(i), context: emptyContext });
  }
  return ops / ((performance.now() - t0) / 1000);
};

const plainUpserts = (ops: number): number => {
  const t0 = performance.now();
  const obj: Record<string, { speed?: bigint }> = {};
  for (let i = 0; i < ops; i++) (obj[`if-${i % 1000}`] ??= {}).speed = BigInt(i);
  if (Object.keys(obj).length !== Math.min(ops, 1000)) throw new Error('baseline');
  return ops / ((performance.now() - t0) / 1000);
};

const OPS = 10_000;
const tmp = mkdtempSync(join(tmpdir(), 'rxconf-engine-'));
const editRows: BenchRow[] = [];
try {
  const memory: number[] = [];
  const disk: number[] = [];
  const plain: number[] = [];
  for (let run = 0; run < 3; run++) {
    memory.push(await upserts(OPS));
    disk.push(await upserts(OPS, join(tmp, `store-${run}.json`)));
    plain.push(plainUpserts(OPS));
  }
  const base = median(plain);
  for (const [what, xs] of [['commitEdit, Datastore in memory', memory], ['commitEdit, Datastore persisting every commit', disk], ['plain loop into an object (baseline)', plain]] as const) {
    editRows.push({ source: what, upserts: OPS, 'ops/s': Math.round(median(xs)), 'times slower than baseline': Math.round(base / median(xs)) });
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

report('engine-edit', editRows, { runs: '3, medians', node: process.version });
