/**
 * List entries of leaves are written from their kept JSON
 * (src/actors/read/entry-memo.ts) only while they hold what it was written
 * from: after every kind of change, in every mode and selection, a read
 * writes what the node-by-node walk writes; the node count still bounds
 * the answer; kept JSON stays within its bound; long lists are not kept.
 * Serial: what is kept is shared by the reads of the process.
 */
import test from 'ava';
import { Browser } from '../../src/actors/browser.ts';
import type { TargetStep } from '../../src/actors/navigate.ts';
import type { Node } from '../../src/actors/node.ts';
import { DataContainerNode, wrapDeep } from '../../src/actors/nodes/index.ts';
import { MEMO_BYTES, MEMO_ROWS, memoHeld } from '../../src/actors/read/entry-memo.ts';
import { resolveFields } from '../../src/actors/read/field-selection.ts';
import { defaultReadOptions, type ReadOptions } from '../../src/actors/read/read-options.ts';
import { DataContainer } from '../../src/data/data-container.ts';
import type { ContainerMeta, LeafMeta, ListMeta, ModuleMeta, SchemaContext } from '../../src/meta/meta.ts';
import { parseFields } from '../../src/parser/expr/index.ts';
import { readText } from '../helpers/read-text.ts';
import { loadFixture, metaAt } from '../helpers/runtime.ts';

const { schema, module } = loadFixture('runtime', 'rt-reads.yang');
const table = metaAt(module, 'table') as ContainerMeta;
const log = metaAt(module, 'table/log') as ListMeta;
const at = metaAt(module, 'table/log/at') as LeafMeta;
const text = metaAt(module, 'table/log/text') as LeafMeta;

const logEntry = (n: number, t: string): DataContainer => new DataContainer(log).set(at, n).set(text, t);

const treeOf = (entries: DataContainer[]): DataContainer => new DataContainer(module).set(table, new DataContainer(table).set(log, entries));

const textOf = async (node: Node, m: ModuleMeta, s: SchemaContext, steps: readonly TargetStep[], options: ReadOptions): Promise<string> => {
  try {
    return await readText(new Browser(m, s, () => node).root(), steps, options);
  } catch (e) {
    return `error: ${e instanceof Error ? e.message : String(e)}`;
  }
};

/** The read of `steps` on the fast path (kept entries used) and node by node (never kept), which must agree. */
const both = async (tree: DataContainer, steps: readonly TargetStep[], options: ReadOptions = defaultReadOptions): Promise<{ fast: string; walked: string }> => ({
  fast: await textOf(new DataContainerNode(tree), module, schema, steps, options),
  walked: await textOf(wrapDeep(new DataContainerNode(tree), (n) => n), module, schema, steps, options),
});

const TABLE: TargetStep[] = [{ meta: table }];

test.serial('after every kind of change to an entry, the next read writes what the walk writes', async (t) => {
  const entries = [logEntry(1, 'one'), logEntry(2, 'two'), logEntry(3, 'three')];
  const tree = treeOf(entries);
  const changes: Array<[string, () => void]> = [
    ['a string value changed', () => entries[0]?.set(text, 'uno')],
    ['a number value changed', () => entries[1]?.set(at, 22)],
    ['a value set to the same text, another string', () => entries[0]?.set(text, ['u', 'no'].join(''))],
    ['a member removed', () => entries[2]?.delete(text)],
    ['a member added', () => entries[2]?.set(text, 'back')],
    ['a member set to a value of another type', () => entries[1]?.set(at, '22' as never)],
    ['an entry replaced', () => { entries[1] = logEntry(7, 'seven'); }],
    ['an entry added', () => entries.push(logEntry(4, 'four'))],
    ['an entry removed', () => entries.splice(0, 1)],
    ['every member removed', () => { entries[0]?.delete(at); entries[0]?.delete(text); }],
  ];
  let before = (await both(tree, TABLE)).fast;
  // read twice before any change: the second read is of kept entries
  t.is((await both(tree, TABLE)).fast, before);
  for (const [what, change] of changes) {
    change();
    const { fast, walked } = await both(tree, TABLE);
    t.is(fast, walked, what);
    // the same text in another string is the same answer; every other change shows
    if (what.includes('same text')) t.is(fast, before, what);
    else t.not(fast, before, `${what}: the answer shows it`);
    t.is((await both(tree, TABLE)).fast, walked, `${what}: read again`);
    before = fast;
  }
});

test.serial('kept entries read in another mode, with-defaults mode, selection or range are written for it', async (t) => {
  const tree = treeOf(Array.from({ length: 5 }, (_, i) => logEntry(i, `line ${i} "quoted" é`)));
  await both(tree, TABLE);
  const fields = (expr: string): ReadOptions['fields'] => {
    const p = parseFields(expr);
    if (!p.ok) throw new Error(p.message);
    const r = resolveFields(p.value, table);
    if (typeof r === 'string') throw new Error(r);
    return r;
  };
  const variants: ReadOptions[] = [
    { ...defaultReadOptions, strict: true },
    ...(['trim', 'explicit', 'report-all-tagged'] as const).map((withDefaults) => ({ ...defaultReadOptions, withDefaults })),
    { ...defaultReadOptions, content: 'config' },
    { ...defaultReadOptions, content: 'nonconfig' },
    { ...defaultReadOptions, depth: 2 },
    { ...defaultReadOptions, depth: 3 },
    { ...defaultReadOptions, fields: fields('log(text)') },
    { ...defaultReadOptions, range: { list: log, from: 1, to: 2 } },
    defaultReadOptions,
  ];
  for (const options of variants) {
    const { fast, walked } = await both(tree, TABLE, options);
    t.is(fast, walked, JSON.stringify({ ...options, fields: options.fields === undefined ? undefined : 'set', range: options.range === undefined ? undefined : 'set' }));
  }
  // the list itself as the target
  const list = await both(tree, [{ meta: table }, { meta: log, key: undefined }]);
  t.is(list.fast, list.walked);
});

test.serial('a kept entry counts its data nodes: rx.max-node-count fails the answer as before', async (t) => {
  const tree = treeOf(Array.from({ length: 10 }, (_, i) => logEntry(i, `t${i}`)));
  await both(tree, TABLE);
  // 1 (table) + 10 entries of 3 nodes each = 31
  for (const maxNodes of [30, 31]) {
    const { fast, walked } = await both(tree, TABLE, { ...defaultReadOptions, maxNodes });
    t.is(fast, walked, String(maxNodes));
    t.is(fast.startsWith('error:'), maxNodes === 30, String(maxNodes));
  }
});

test.serial('an entry read as the target is kept too, and written anew after a change', async (t) => {
  const row = metaAt(module, 'table/row') as ListMeta;
  const id = metaAt(module, 'table/row/id') as LeafMeta;
  const cell = metaAt(module, 'table/row/cell') as ListMeta;
  const col = metaAt(module, 'table/row/cell/col') as LeafMeta;
  const value = metaAt(module, 'table/row/cell/value') as LeafMeta;
  const cells = [new DataContainer(cell).set(col, 'c1').set(value, 'v1'), new DataContainer(cell).set(col, 'c2').set(value, 'v2')];
  const tree = new DataContainer(module).set(table, new DataContainer(table).set(row, [new DataContainer(row).set(id, 5).set(cell, cells)]));
  const target: TargetStep[] = [{ meta: table }, { meta: row, key: [5] }, { meta: cell, key: ['c2'] }];
  const held = memoHeld();
  const first = await both(tree, target);
  t.is(first.fast, first.walked);
  t.true(memoHeld() > held, 'kept');
  t.is((await both(tree, target)).fast, first.walked);
  cells[1]?.set(value, 'changed');
  const after = await both(tree, target);
  t.is(after.fast, after.walked);
  t.true(after.fast.includes('changed'));
  cells[1]?.delete(value);
  const removed = await both(tree, target);
  t.is(removed.fast, removed.walked);
  t.false(removed.fast.includes('changed'));
});

test.serial('an entry that changed is kept again at its next read, not at once', async (t) => {
  const entries = [logEntry(1, 'a'), logEntry(2, 'b')];
  const tree = treeOf(entries);
  await both(tree, TABLE);
  const held = memoHeld();
  entries[0]?.set(text, 'changed');
  const once = await both(tree, TABLE);
  t.is(once.fast, once.walked);
  t.is(memoHeld(), held, 'the changed entry is not kept at once');
  const twice = await both(tree, TABLE);
  t.is(twice.fast, twice.walked);
  t.true(memoHeld() > held, 'kept at the next read');
});

test.serial('entries read in turn in both JSON modes are kept for each', async (t) => {
  const tree = treeOf([logEntry(1, 'a'), logEntry(2, 'b')]);
  const strict = { ...defaultReadOptions, strict: true };
  await both(tree, TABLE);
  await both(tree, TABLE, strict);
  const held = memoHeld();
  for (let i = 0; i < 3; i++) {
    const plain = await both(tree, TABLE);
    t.is(plain.fast, plain.walked);
    const qualified = await both(tree, TABLE, strict);
    t.is(qualified.fast, qualified.walked);
  }
  t.is(memoHeld(), held, 'nothing kept again: each mode read what it kept');
});

test.serial('kept JSON stays within its bound however much is read, and a list longer than the bound on rows is not kept', async (t) => {
  const long = 'x'.repeat(1000);
  for (let round = 0; round < 4; round++) {
    const tree = treeOf(Array.from({ length: MEMO_ROWS }, (_, i) => logEntry(i, `${round}${long}`)));
    const { fast, walked } = await both(tree, TABLE);
    t.is(fast, walked);
    t.true(memoHeld() <= MEMO_BYTES, `round ${round}: ${memoHeld()} bytes kept`);
  }
  const held = memoHeld();
  const tree = treeOf(Array.from({ length: MEMO_ROWS + 1 }, (_, i) => logEntry(i, `long list ${i}`)));
  const { fast, walked } = await both(tree, TABLE);
  t.is(fast, walked);
  t.is(memoHeld(), held, 'nothing kept of the long list');
});
