/**
 * The cost of one edit as the datastore grows: a single-entry merge
 * through commitEdit (validation of the candidate, the hooks, the commit)
 * into a module whose list holds 100, 10,000 or 100,000 entries, with a
 * must on every entry reading a leaf beside the list, a unique constraint,
 * a leafref from each entry to another and one from outside the list to it
 * (benchmarks/fixtures/bench-edit-scale.yang). Each edit changes an entry's
 * quantity, its unique code and its peer.
 *
 * Three ways in: the edit on a plain in-memory tree (DataContainerNode),
 * through the embedded Datastore in memory (with its undo log for
 * rollback), and through application nodes (reflectNode over plain objects,
 * the list a Map by key), which validation reads only where the edit
 * reaches. Persistence is the storage backend's and measured by the journal
 * and http benchmarks. For scale, the cost of what every edit did before — a copy of
 * the module and a validation of the whole tree — is measured on small
 * trees of the same shape.
 *
 * The figure that matters is the ratio of the time per edit at 100,000
 * entries to the time at 100 (aim: at most 1.5).
 *
 * Run: npm run bench -- edit-scale
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Browser, commitEdit, Device, emptyContext, type TargetStep } from '../src/actors/index.ts';
import { DataContainerNode } from '../src/actors/nodes/data-node.ts';
import { Datastore } from '../src/actors/nodes/datastore.ts';
import { reflectNode } from '../src/actors/nodes/reflect-node.ts';
import { DataContainer } from '../src/data/data-container.ts';
import { compileSchema } from '../src/compile/compile-schema.ts';
import type { ContainerMeta, LeafMeta, ListMeta, ModuleMeta } from '../src/meta/meta.ts';
import { findDataChild } from '../src/meta/navigate.ts';
import { validateTree } from '../src/validate/index.ts';
import { report, type BenchRow } from './lib/report.ts';
import { median } from './lib/stats.ts';

const here = dirname(fileURLToPath(import.meta.url));
const compiled = compileSchema({ searchPath: [join(here, 'fixtures')], modules: [{ file: join(here, 'fixtures', 'bench-edit-scale.yang') }] });
if (!compiled.ok) throw new Error(compiled.diagnostics.map((d) => d.message).join('\n'));
const schema = compiled.context;
const module = schema.modules.get('bench-edit-scale') as ModuleMeta;
const store = module.children[0] as ContainerMeta;
const child = <T>(holder: ContainerMeta | ListMeta, name: string): T => findDataChild(holder, undefined, name) as T;
const item = child<ListMeta>(store, 'item');
const [name, code, quantity, peer] = ['name', 'code', 'quantity', 'peer'].map((n) => child<LeafMeta>(item, n)) as [LeafMeta, LeafMeta, LeafMeta, LeafMeta];
const defaultItem = child<LeafMeta>(store, 'default-item');

/** The module's data: `n` entries, each the peer of the next, and the first as the default item. */
function tree(n: number): DataContainer {
  const entries: DataContainer[] = [];
  for (let i = 0; i < n; i++) {
    entries.push(new DataContainer(item).set(name, `k${i}`).set(code, `c${i}`).set(quantity, i % 1000).set(peer, `k${(i + 1) % n}`));
  }
  const s = new DataContainer(store).set(item, entries).set(defaultItem, 'k0');
  return new DataContainer(module).set(store, s);
}

type Setup = { readonly device: Device; readonly browser: Browser };

const plainSetup = (data: DataContainer): Setup => {
  const browser = new Browser(module, schema, () => new DataContainerNode(data));
  return { browser, device: new Device(schema).add(browser) };
};

/** The same data as plain objects, the list a Map from key to entry, served by reflectNode. */
const applicationSetup = (data: DataContainer): Setup => {
  const s = data.get(store) as DataContainer;
  const entries = new Map<string, Record<string, unknown>>();
  for (const e of s.get(item) as readonly DataContainer[]) {
    entries.set(e.get(name) as string, { code: e.get(code), quantity: e.get(quantity), peer: e.get(peer) });
  }
  const objects = { store: { 'default-item': s.get(defaultItem), item: entries } };
  const browser = new Browser(module, schema, () => reflectNode(objects));
  return { browser, device: new Device(schema).add(browser) };
};

const datastoreSetup = (data: DataContainer): Setup => {
  const ds = new Datastore(schema);
  const root = ds.root(module);
  for (const [m, v] of data.values) root.values.set(m, v);
  const browser = new Browser(module, schema, () => ds.node(module));
  return { browser, device: new Device(schema).add(browser) };
};

/** One edit of entry `k{at}`: a new quantity, a new unique code, another peer. */
const editEntry = (s: Setup, n: number, i: number): Promise<unknown> => {
  const at = (i * 7919) % n;
  const input = new DataContainer(item).set(name, `k${at}`).set(quantity, i % 1000).set(code, `e${i}`).set(peer, `k${(at + 2) % n}`);
  const steps: TargetStep[] = [{ meta: store }, { meta: item, key: [`k${at}`] }];
  return commitEdit(s.device, s.browser, { steps, operation: 'merge', input, context: emptyContext });
};

/** CPU microseconds (user + system) per edit over `per` edits of entries of a list of `n`, from edit number `from`. */
async function timeEdits(s: Setup, n: number, from: number, per: number): Promise<number> {
  const c0 = process.cpuUsage();
  for (let k = 0; k < per; k++) await editEntry(s, n, from + k);
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / per;
}

/** Median wall microseconds of what an edit cost before: a copy of the module and a validation of the whole tree. */
function timeWholeTree(data: DataContainer, rounds: number): number {
  const us: number[] = [];
  for (let r = 0; r < rounds + 1; r++) {
    const t0 = performance.now();
    const copy = data.clone();
    const errors = validateTree(new Map([[module.name, copy]]), { content: 'config', schema });
    if (errors.length > 0) throw new Error(errors[0]?.message);
    if (r > 0) us.push((performance.now() - t0) * 1000);
  }
  return median(us);
}


const SIZES = [100, 10_000, 100_000] as const;
const ROUNDS = 21;
const PER = 200;
const WAYS = [
  ['commitEdit, in-memory tree', plainSetup],
  ['commitEdit, Datastore in memory', datastoreSetup],
  ['commitEdit, application nodes', applicationSetup],
] as const;

// Every size and way is set up first, then the rounds go round them in turn, so that the
// shared machine's ups and downs fall on all of them alike.
const runs = SIZES.flatMap((n) => {
  const data = tree(n);
  // The whole-tree validation is quadratic here (see below): the shape is checked on the smallest tree.
  if (n === SIZES[0] && validateTree(new Map([[module.name, data]]), { content: 'config', schema }).length > 0) throw new Error('the generated tree is not valid');
  return WAYS.map(([what, setup]) => ({ what, n, setup: setup(data), us: [] as number[] }));
});
let edits = 0;
for (let r = 0; r <= ROUNDS; r++) {
  // A different order each round: no size or way always runs first, or right after another.
  const order = runs.map((run, i) => ({ run, k: (i * 7 + r * 5) % runs.length })).sort((a, b) => a.k - b.k);
  for (const { run } of order) {
    // Each edit writes values of its own (the same values again would change nothing).
    const us = await timeEdits(run.setup, run.n, edits, PER);
    edits += PER;
    if (r > 0) run.us.push(us);
  }
  (globalThis as { gc?: () => void }).gc?.();
}

// What every edit did before: a copy of the module and a validation of the whole tree. Each entry's
// peer leafref, evaluated as XPath, lists every entry: quadratic, so measured on small trees only.
const before = [100, 1_000].map((n) => `${timeWholeTree(tree(n), 3).toFixed(0)} µs at ${n.toLocaleString('en')} entries`).join(', ');

const rows: BenchRow[] = WAYS.map(([what]) => {
  const us = (n: number): readonly number[] => runs.find((r) => r.what === what && r.n === n)?.us ?? [];
  return {
    edit: what,
    'CPU µs at 100': Number(median(us(100)).toFixed(1)),
    'CPU µs at 10,000': Number(median(us(10_000)).toFixed(1)),
    'CPU µs at 100,000': Number(median(us(100_000)).toFixed(1)),
    'ratio 100,000 : 100': Number((median(us(100_000)) / median(us(100))).toFixed(2)),
  };
});

report('edit-scale', rows, {
  edits: `${ROUNDS} rounds of ${PER} single-entry merges per size and way, taken in turn (a different order each round), after a warm-up round; medians of the rounds`,
  time: 'CPU time of the process (user + system) per edit: the machine is shared, and wall time counts the others\' work too',
  aim: 'ratio 100,000 : 100 at most 1.5',
  before: `copy + whole-tree validation per edit (the former path): ${before}; quadratic in the entries (each peer leafref evaluated over every entry)`,
  node: process.version,
});
