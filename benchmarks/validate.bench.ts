/**
 * Tree-level validation of a 10,000-entry list: a unique constraint and a
 * must on every entry. One list's must reads only the entry's own leaf
 * (`quantity <= 1000000`); the other's reads a sibling of the list
 * (`quantity <= ../max-quantity`), which the XPath child axis finds by
 * scanning the parent's 10,000 children for every entry. For comparison: the
 * same number of entries in a module with no constraint, which the walk skips.
 *
 * Run: npm run bench -- validate
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataContainer } from '../src/data/data-container.ts';
import { compileSchema } from '../src/compile/compile-schema.ts';
import type { ContainerMeta, LeafMeta, ListMeta, ModuleMeta, SchemaContext } from '../src/meta/meta.ts';
import { findDataChild } from '../src/meta/navigate.ts';
import { validateTree } from '../src/validate/index.ts';
import { report, type BenchRow } from './lib/report.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'yang', 'validate');
const compiled = compileSchema({ searchPath: [dir], modules: [{ file: join(dir, 'vt-bench.yang') }, { file: join(dir, 'vt-plain.yang') }] });
if (!compiled.ok) throw new Error(compiled.diagnostics.map((d) => d.message).join('\n'));
const schema: SchemaContext = compiled.context;
const bench = schema.modules.get('vt-bench') as ModuleMeta;
const inventory = bench.children[0] as ContainerMeta;
const plain = schema.modules.get('vt-plain') as ModuleMeta;
const settings = plain.children[0] as ContainerMeta;

const child = <T>(holder: { children: readonly unknown[] } | ModuleMeta, name: string): T => {
  const found = findDataChild(holder as ContainerMeta, undefined, name);
  if (found === undefined) throw new Error(name);
  return found as T;
};

const N = 10_000;
function entries(list: ListMeta, duplicateAt?: number): DataContainer[] {
  const id = child<LeafMeta>(list, 'id');
  const code = list.children.find((c) => c.name === 'code') as LeafMeta | undefined;
  const quantity = list.children.find((c) => c.name === 'quantity') as LeafMeta | undefined;
  const out: DataContainer[] = [];
  for (let i = 0; i < N; i++) {
    const e = new DataContainer(list).set(id, i);
    if (code !== undefined) e.set(code, `c${i === duplicateAt ? 0 : i}`);
    if (quantity !== undefined) e.set(quantity, i);
    out.push(e);
  }
  return out;
}

function inventoryRoots(listName: 'entry' | 'checked-entry', duplicateAt?: number): Map<string, DataContainer> {
  const list = child<ListMeta>(inventory, listName);
  const c = new DataContainer(inventory).set(list, entries(list, duplicateAt)).set(child<LeafMeta>(inventory, 'max-quantity'), N);
  return new Map([['vt-bench', new DataContainer(bench).set(inventory, c)]]);
}

function plainRoots(): Map<string, DataContainer> {
  const peer = child<ListMeta>(settings, 'peer');
  const address = child<LeafMeta>(peer, 'address');
  const list = Array.from({ length: N }, (_, i) => new DataContainer(peer).set(address, `p${i}`));
  return new Map([['vt-plain', new DataContainer(plain).set(settings, new DataContainer(settings).set(peer, list))]]);
}

/** Median milliseconds of `runs` calls, after two warm-up calls. */
function time(f: () => unknown, runs = 9): number {
  f();
  f();
  const ms: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    f();
    ms.push(performance.now() - t0);
  }
  return ms.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? NaN;
}

const cases: ReadonlyArray<readonly [string, Map<string, DataContainer>, string, number]> = [
  ['no constraint: every subtree skipped', plainRoots(), 'vt-plain', 0],
  ['unique + must on the entry\'s own leaf', inventoryRoots('entry'), 'vt-bench', 0],
  ['same, one duplicate code', inventoryRoots('entry', 9_999), 'vt-bench', 1],
  ['unique + must reading a sibling of the list', inventoryRoots('checked-entry'), 'vt-bench', 0],
];
const rows: BenchRow[] = [];
for (const [what, roots, module, expected] of cases) {
  const options = { content: 'config' as const, schema, modules: new Set([module]) };
  const found = validateTree(roots, options).length;
  if (found !== expected) throw new Error(`${what}: expected ${expected} errors, found ${found}`);
  const ms = time(() => validateTree(roots, options), what.includes('sibling') ? 3 : 9);
  rows.push({ what, entries: N, errors: found, ms: Number(ms.toFixed(1)), 'µs/entry': Number(((ms * 1000) / N).toFixed(2)) });
}
report('validate', rows);
