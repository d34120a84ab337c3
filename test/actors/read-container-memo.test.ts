/**
 * A container's members are written from their kept JSON
 * (src/actors/read/container-memo.ts) only while the data is what it was
 * written from: after any sequence of changes, by any writer (the
 * container's methods, its Map written directly, list arrays changed in
 * place, nested containers replaced, an undo, a replayed change, a restored
 * image), a read writes what the node-by-node walk writes, in every mode and
 * selection; what is kept is used, counts its data nodes, streams past a
 * chunk, and stays within its bounds. Serial: what is kept is shared by the
 * reads of the process.
 */
import test from 'ava';
import fc from 'fast-check';
import { Browser } from '../../src/actors/browser.ts';
import type { TargetStep } from '../../src/actors/navigate.ts';
import type { Node } from '../../src/actors/node.ts';
import { applyChange } from '../../src/actors/nodes/apply-change.ts';
import { DataContainerNode, wrapDeep } from '../../src/actors/nodes/index.ts';
import { MEMO_ROWS } from '../../src/actors/read/entry-memo.ts';
import { CONTAINER_MEMO_BYTES, containerMemoHeld } from '../../src/actors/read/container-memo.ts';
import { defaultReadOptions, type ReadOptions } from '../../src/actors/read/read-options.ts';
import { readChunks } from '../../src/actors/read/read.ts';
import { DataContainer, type DataValue } from '../../src/data/data-container.ts';
import { UndoLog } from '../../src/data/undo-log.ts';
import type { ContainerMeta, DataNodeMeta, LeafListMeta, LeafMeta, ListMeta } from '../../src/meta/meta.ts';
import { readText } from '../helpers/read-text.ts';
import { loadFixture, metaAt } from '../helpers/runtime.ts';
import { soakRuns } from '../helpers/soak.ts';

const { schema, module } = loadFixture('runtime', 'rt-reads.yang');
const at = <T>(path: string): T => metaAt(module, path) as T;
const settings = at<ContainerMeta>('settings');
const name = at<LeafMeta>('settings/name');
const tags = at<LeafListMeta>('settings/tags');
const limits = at<ContainerMeta>('settings/limits');
const max = at<LeafMeta>('settings/limits/max');
const extra = at<DataNodeMeta>('settings/extra');
const table = at<ContainerMeta>('table');
const row = at<ListMeta>('table/row');
const id = at<LeafMeta>('table/row/id');
const label = at<LeafMeta>('table/row/label');
const weight = at<LeafMeta>('table/row/weight');
const rowMeta = at<ContainerMeta>('table/row/meta');
const owner = at<LeafMeta>('table/row/meta/owner');
const pattern = at<LeafMeta>('table/row/kind/fancy/pattern');
const cell = at<ListMeta>('table/row/cell');
const col = at<LeafMeta>('table/row/cell/col');
const value = at<LeafMeta>('table/row/cell/value');
const log = at<ListMeta>('table/log');
const logAt = at<LeafMeta>('table/log/at');
const logText = at<LeafMeta>('table/log/text');
const state = at<ContainerMeta>('state');
const uptime = at<LeafMeta>('state/uptime');

const rowOf = (n: number, text: string): DataContainer => new DataContainer(row).set(id, n).set(label, text).set(weight, BigInt(n) * 1000n);
const logOf = (n: number, text: string): DataContainer => new DataContainer(log).set(logAt, n).set(logText, text);

/** A tree of every kind of member: defaults, a choice, nested and keyless lists, leaf-lists, state. */
const treeOf = (rows: number): DataContainer => {
  const root = new DataContainer(module);
  root.set(settings, new DataContainer(settings).set(name, 'box').set(tags, ['a', 'b']).set(limits, new DataContainer(limits).set(max, 7)));
  const entries = Array.from({ length: rows }, (_, i) => rowOf(i, `row ${i} "q" é`));
  entries[0]?.set(cell, [new DataContainer(cell).set(col, 'c1').set(value, 'v1')]);
  root.set(table, new DataContainer(table).set(row, entries).set(log, [logOf(1, 'one'), logOf(2, 'two')]));
  root.set(state, new DataContainer(state).set(uptime, 86400n));
  return root;
};

const textOf = async (node: Node, steps: readonly TargetStep[], options: ReadOptions): Promise<string> => {
  try {
    return await readText(new Browser(module, schema, () => node).root(), steps, options);
  } catch (e) {
    return `error: ${e instanceof Error ? e.message : String(e)}`;
  }
};

/** The read of `steps` on the fast path (kept JSON used) and node by node (never kept), which must agree. */
const both = async (tree: DataContainer, steps: readonly TargetStep[], options: ReadOptions = defaultReadOptions): Promise<{ fast: string; walked: string }> => ({
  fast: await textOf(new DataContainerNode(tree), steps, options),
  walked: await textOf(wrapDeep(new DataContainerNode(tree), (n) => n), steps, options),
});

const ROOT: TargetStep[] = [];
const TABLE: TargetStep[] = [{ meta: table }];
const TARGETS: readonly TargetStep[][] = [ROOT, TABLE, [{ meta: settings }], [{ meta: state }], [{ meta: table }, { meta: row, key: [1] }]];
const MODES: readonly ReadOptions[] = [
  defaultReadOptions,
  { ...defaultReadOptions, strict: true },
  ...(['trim', 'explicit', 'report-all-tagged'] as const).map((withDefaults) => ({ ...defaultReadOptions, withDefaults })),
  { ...defaultReadOptions, content: 'config' },
  { ...defaultReadOptions, depth: 3 },
  { ...defaultReadOptions, range: { list: row, from: 1, to: 2 } },
];

const rowsOf = (tree: DataContainer): DataContainer[] => ((tree.get(table) as DataContainer).get(row) ?? []) as DataContainer[];
const logsOf = (tree: DataContainer): DataContainer[] => ((tree.get(table) as DataContainer).get(log) ?? []) as DataContainer[];
const pick = <T>(xs: readonly T[], i: number): T | undefined => (xs.length === 0 ? undefined : xs[i % xs.length]);

/** The changes a writer may make, each by another way into the tree. */
type Change = (tree: DataContainer, n: number, s: string) => void;
const CHANGES: ReadonlyArray<[string, Change]> = [
  ['a leaf set', (t, n, s) => pick(rowsOf(t), n)?.set(label, s)],
  ['a leaf set to the same text in another string', (t, n) => {
    const r = pick(rowsOf(t), n);
    const was = r?.get(label);
    if (typeof was === 'string') r?.set(label, [...was].join(''));
  }],
  ['a leaf deleted', (t, n) => pick(rowsOf(t), n)?.delete(label)],
  ['a leaf of a 64-bit type set', (t, n) => pick(rowsOf(t), n)?.set(weight, BigInt(n) - 5n)],
  ['a case chosen', (t, n, s) => pick(rowsOf(t), n)?.set(pattern, s)],
  ['a nested container\'s Map set directly', (t, n, s) => {
    const r = pick(rowsOf(t), n);
    if (r === undefined) return;
    const m = r.get(rowMeta) as DataContainer | undefined ?? new DataContainer(rowMeta);
    m.values.set(owner, s);
    r.values.set(rowMeta, m);
  }],
  ['a nested container\'s Map cleared', (t, n) => (pick(rowsOf(t), n)?.get(rowMeta) as DataContainer | undefined)?.values.clear()],
  ['an entry pushed onto the array', (t, n, s) => rowsOf(t).push(rowOf(100 + n, s))],
  ['an entry spliced out of the array', (t, n) => rowsOf(t).splice(n % Math.max(1, rowsOf(t).length), 1)],
  ['an entry put in another\'s place', (t, n, s) => {
    const rows = rowsOf(t);
    if (rows.length > 0) rows[n % rows.length] = rowOf(200 + n, s);
  }],
  ['the entries swapped', (t) => rowsOf(t).reverse()],
  ['a nested list\'s entry pushed', (t, n, s) => {
    const r = pick(rowsOf(t), n);
    if (r === undefined) return;
    const cells = r.get(cell) as DataContainer[] | undefined;
    if (cells === undefined) r.set(cell, [new DataContainer(cell).set(col, s)]);
    else cells.push(new DataContainer(cell).set(col, `${s}${cells.length}`).set(value, s));
  }],
  ['the list\'s array replaced', (t) => (t.get(table) as DataContainer).set(row, [...rowsOf(t)])],
  ['a keyless entry pushed', (t, n, s) => logsOf(t).push(logOf(n, s))],
  ['a keyless entry changed', (t, n, s) => pick(logsOf(t), n)?.set(logText, s)],
  ['a leaf-list replaced', (t, _n, s) => (t.get(settings) as DataContainer).set(tags, [s, 'z'])],
  ['a leaf-list removed', (t) => (t.get(settings) as DataContainer).delete(tags)],
  ['anydata set', (t, n, s) => (t.get(settings) as DataContainer).set(extra, { any: { n, s } })],
  ['anydata removed', (t) => (t.get(settings) as DataContainer).delete(extra)],
  ['a container replaced', (t, n) => t.set(state, new DataContainer(state).set(uptime, BigInt(n)))],
  ['a container removed', (t) => t.delete(state)],
  ['a default-holding container emptied', (t) => ((t.get(settings) as DataContainer).get(limits) as DataContainer | undefined)?.delete(max)],
  ['a change undone', (t, n, s) => {
    const journal = new UndoLog();
    const r = pick(rowsOf(t), n);
    if (r === undefined) return;
    const node = new DataContainerNode(r, undefined, journal);
    node.field({ selection: undefined as never, path: { segments: [] }, meta: label, write: true, value: `${s}!` });
    node.child({ selection: undefined as never, path: { segments: [] }, meta: rowMeta, new: false, delete: true });
    journal.undo();
  }],
  ['a change replayed (a replica applying the log)', (t, n, s) => {
    const rows = rowsOf(t);
    const r = pick(rows, n);
    const key = r?.get(id);
    if (typeof key !== 'number') return;
    applyChange(new Map([[module.name, t]]), {
      module,
      ops: [{ op: 'wrote', path: { segments: [{ meta: table }, { meta: row, key: [key] }, { meta: label }] }, value: s }],
    });
  }],
  ['the whole tree restored from an image', (t, n) => applyChange(new Map([[module.name, t]]), { module, image: treeOf(n % 5) })],
];

const change = fc.tuple(fc.nat({ max: CHANGES.length - 1 }), fc.nat({ max: 20 }), fc.string({ maxLength: 6 }));

test.serial('after any changes by any writer, every read writes what the walk writes, kept or not', async (t) => {
  await fc.assert(fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 12 }), fc.nat({ max: MODES.length - 1 }), async (changes, m) => {
    const tree = treeOf(4);
    const options = MODES[m] as ReadOptions;
    // each target read twice before any change: the second read is of what was kept
    for (const steps of TARGETS) for (let i = 0; i < 2; i++) await both(tree, steps, options);
    for (const [k, n, s] of changes) {
      const [what, apply] = CHANGES[k] as [string, Change];
      apply(tree, n, s);
      for (const steps of TARGETS) {
        // once out of date (written, not kept), once kept again, once from what was kept
        for (let i = 0; i < 3; i++) {
          const { fast, walked } = await both(tree, steps, options);
          if (fast !== walked) throw new Error(`after ${what} (read ${i} of ${JSON.stringify(steps.map((x) => x.meta.name))}):\n${fast}\n!==\n${walked}`);
        }
      }
    }
  }), { numRuns: soakRuns(400, 60) });
  t.pass();
});

test.serial('a container read whole is kept once and then read from what was kept, until it changes', async (t) => {
  const tree = treeOf(3);
  const first = await both(tree, TABLE);
  t.is(first.fast, first.walked);
  const held = containerMemoHeld();
  for (let i = 0; i < 3; i++) t.is((await both(tree, TABLE)).fast, first.walked);
  t.is(containerMemoHeld(), held, 'nothing kept again: read from what was kept');
  rowsOf(tree)[1]?.set(label, 'changed');
  const once = await both(tree, TABLE);
  t.is(once.fast, once.walked);
  t.true(once.fast.includes('changed'));
  t.is(containerMemoHeld(), held, 'out of date: not kept again at once');
  const twice = await both(tree, TABLE);
  t.is(twice.fast, once.walked);
  t.true(containerMemoHeld() > held, 'kept again at the next read');
});

test.serial('a kept container counts its data nodes: rx.max-node-count fails the answer as before', async (t) => {
  const tree = treeOf(5);
  const whole = await both(tree, TABLE);
  await both(tree, TABLE);
  const nodes = await countNodes(tree);
  for (const maxNodes of [nodes - 1, nodes]) {
    const { fast, walked } = await both(tree, TABLE, { ...defaultReadOptions, maxNodes });
    t.is(fast, walked, String(maxNodes));
    t.is(fast.startsWith('error:'), maxNodes < nodes, String(maxNodes));
    if (maxNodes === nodes) t.is(fast, whole.walked);
  }
});

/** The fewest rx.max-node-count a read of TABLE fits in (the walk's count). */
const countNodes = async (tree: DataContainer): Promise<number> => {
  let n = 1;
  while ((await both(tree, TABLE, { ...defaultReadOptions, maxNodes: n })).walked.startsWith('error:')) n *= 2;
  let lo = n / 2;
  while (lo + 1 < n) {
    const mid = Math.floor((lo + n) / 2);
    if ((await both(tree, TABLE, { ...defaultReadOptions, maxNodes: mid })).walked.startsWith('error:')) lo = mid;
    else n = mid;
  }
  return n;
};

test.serial('a kept answer longer than a chunk streams as the walk\'s does, in chunks', async (t) => {
  const tree = treeOf(1000);
  const options = { ...defaultReadOptions, maxNodes: Number.MAX_SAFE_INTEGER };
  const root = (): ReturnType<Browser['root']> => new Browser(module, schema, () => new DataContainerNode(tree)).root();
  const walked = await textOf(wrapDeep(new DataContainerNode(tree), (n) => n), TABLE, options);
  t.true(walked.length > 64 * 1024, `${walked.length} characters`);
  for (let i = 0; i < 3; i++) {
    const r = readChunks([root()], TABLE, options);
    const out = r instanceof Promise ? await r : r;
    t.is(out.kind, 'stream', `read ${i}: streamed`);
    t.is(await readText(root(), TABLE, options), walked, `read ${i}`);
  }
});

test.serial('kept JSON stays within its bound, and a subtree past the bounds or holding anydata is not kept', async (t) => {
  const long = 'x'.repeat(1000);
  for (let round = 0; round < 40; round++) {
    const tree = treeOf(0);
    (tree.get(table) as DataContainer).set(log, Array.from({ length: 100 }, (_, i) => logOf(i, `${round}${long}`)));
    await both(tree, TABLE);
    const { fast, walked } = await both(tree, TABLE);
    t.is(fast, walked);
    t.true(containerMemoHeld() <= CONTAINER_MEMO_BYTES, `round ${round}: ${containerMemoHeld()} bytes kept`);
  }
  const notKept: Array<[string, DataContainer]> = [];
  const longList = treeOf(0);
  (longList.get(table) as DataContainer).set(log, Array.from({ length: MEMO_ROWS + 1 }, (_, i) => logOf(i, 'l')));
  notKept.push(['a list past MEMO_ROWS', longList]);
  const big = treeOf(0);
  (big.get(table) as DataContainer).set(log, Array.from({ length: 300 }, (_, i) => logOf(i, long)));
  notKept.push(['JSON past the bound', big]);
  const any = treeOf(2);
  (any.get(settings) as DataContainer).set(extra, { any: { a: 1 } } as DataValue);
  notKept.push(['anydata', any]);
  for (const [what, tree] of notKept) {
    const steps = what === 'anydata' ? [{ meta: settings }] : TABLE;
    const held = containerMemoHeld();
    for (let i = 0; i < 2; i++) {
      const { fast, walked } = await both(tree, steps);
      t.is(fast, walked, what);
    }
    t.is(containerMemoHeld(), held, `${what}: nothing kept`);
  }
});
