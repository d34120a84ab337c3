/**
 * The cost of one edit as the datastore grows: a single-entry merge
 * through commitEdit (validation of the candidate, the hooks, the commit)
 * into a module whose list holds 100, 10,000 or 100,000 entries, with a
 * must on every entry reading a leaf beside the list, a unique constraint,
 * a leafref from each entry to another and one from outside the list to it
 * (benchmarks/fixtures/bench-edit-scale.yang). Each edit changes an entry's
 * quantity, its unique code and its peer.
 *
 * Two ways in: the edit on a plain in-memory tree (DataContainerNode), and
 * through the embedded Datastore in memory (with its undo log for
 * rollback). Persistence is the storage backend's and measured by the http
 * benchmark. For scale, the cost of what every edit did before — a copy of
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
import { DataContainer } from '../src/data/data-container.ts';
import { compileSchema } from '../src/meta/compile/compile-schema.ts';
import type { ContainerMeta, LeafMeta, ListMeta, ModuleMeta } from '../src/meta/meta.ts';
import { findDataChild } from '../src/meta/navigate.ts';
import { validateTree } from '../src/validate/index.ts';
import { report, type BenchRow } from './lib/report.ts';

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

type Setup = { readonly device: Device; readonly browser: Browser; readonly done?: () => void };

const plainSetup = (data: DataContainer): Setup => {
  const browser = new Browser(module, schema, () => new DataContainerNode(data));
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

/** Median microseconds per edit over `rounds` rounds of `per` edits (after a warm-up round). */
async function timeEdits(s: Setup, n: number, rounds: number, per: number): Promise<number> {
  let i = 0;
  for (let k = 0; k < per; k++) await editEntry(s, n, i++);
  const us: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    for (let k = 0; k < per; k++) await editEntry(s, n, i++);
    us.push(((performance.now() - t0) * 1000) / per);
  }
  return median(us);
}

/** Median microseconds of what an edit cost before: a copy of the module and a validation of the whole tree. */
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

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const SIZES = (process.env.EDIT_SCALE_SIZES?.split(",").map(Number) ?? [100, 10_000, 100_000]) as readonly number[];
const ROUNDS = 5;
const PER = 200;
const rows: BenchRow[] = [];
const times = new Map<string, Map<number, number>>();
const note = (what: string, n: number, us: number): void => {
  let m = times.get(what);
  if (m === undefined) times.set(what, (m = new Map()));
  m.set(n, us);
};

{
  for (const n of SIZES) {
    const data = tree(n);
    if (validateTree(new Map([[module.name, data]]), { content: 'config', schema }).length > 0) throw new Error('the generated tree is not valid');
    console.error(`${n} entries: in memory`);
    note('commitEdit, in-memory tree', n, await timeEdits(plainSetup(data), n, ROUNDS, PER));
    console.error(`${n} entries: datastore`);
    note('commitEdit, Datastore in memory', n, await timeEdits(datastoreSetup(data), n, ROUNDS, PER));
    (globalThis as { gc?: () => void }).gc?.();
  }
}

// What every edit did before: a copy of the module and a validation of the whole tree. Each entry's
// peer leafref, evaluated as XPath, lists every entry: quadratic, so measured on small trees only.
const before = [100, 1_000].map((n) => `${timeWholeTree(tree(n), 3).toFixed(0)} µs at ${n.toLocaleString('en')} entries`).join(', ');

for (const [what, m] of times) {
  const small = m.get(100) ?? NaN;
  const big = m.get(100_000) ?? NaN;
  rows.push({
    edit: what,
    'µs at 100': Number(small.toFixed(1)),
    'µs at 10,000': Number((m.get(10_000) ?? NaN).toFixed(1)),
    'µs at 100,000': Number(big.toFixed(1)),
    'ratio 100,000 : 100': Number((big / small).toFixed(2)),
  });
}

report('edit-scale', rows, {
  edits: `${ROUNDS} rounds of ${PER} single-entry merges per size after a warm-up round, medians of the rounds`,
  aim: 'ratio 100,000 : 100 at most 1.5 for commitEdit in memory and through the Datastore in memory',
  before: `copy + whole-tree validation per edit (the former path): ${before}; quadratic in the entries (each peer leafref evaluated over every entry)`,
  node: process.version,
});
