/** Reads ask the nodes only for what is selected: a tracing node counts every call. */
import test from 'ava';
import { resolveFields } from '../../src/actors/read/field-selection.ts';
import { parseFields } from '../../src/parser/expr/index.ts';
import { DataContainer } from '../../src/data/data-container.ts';
import type { ContainerMeta, LeafMeta, ListMeta } from '../../src/meta/meta.ts';
import { loadFixture, metaAt, stepsTo, tracedStore } from '../helpers/runtime.ts';
import { readText } from '../helpers/read-text.ts';
import type { FieldSelection } from '../../src/actors/read/field-selection.ts';
import { read } from '../../src/actors/read/read.ts';
import { defaultReadOptions } from '../../src/actors/read/read-options.ts';

const { schema, module } = loadFixture('runtime', 'rt-edits.yang');
const item = metaAt(module, 'parent/item') as ListMeta;
const leaf = (p: string) => metaAt(module, p) as LeafMeta;

const data = (n: number): DataContainer => {
  const root = new DataContainer(module);
  const parent = new DataContainer(metaAt(module, 'parent') as ContainerMeta);
  const entries: DataContainer[] = [];
  for (let i = 0; i < n; i++) {
    const e = new DataContainer(item).set(leaf('parent/item/id'), i).set(leaf('parent/item/a'), `a${i}`).set(leaf('parent/item/b'), `b${i}`);
    e.set(metaAt(module, 'parent/item/sub') as ContainerMeta, new DataContainer(metaAt(module, 'parent/item/sub') as ContainerMeta).set(leaf('parent/item/sub/c'), `c${i}`));
    entries.push(e);
  }
  parent.set(item, entries).set(leaf('parent/with-default'), 9);
  root.set(parent.meta as ContainerMeta, parent);
  return root;
};

const fields = (text: string, at = metaAt(module, 'parent') as ContainerMeta): FieldSelection => {
  const p = parseFields(text);
  if (!p.ok) throw new Error(p.message);
  const r = resolveFields(p.value, at);
  if (typeof r === 'string') throw new Error(r);
  return r;
};

test('fields: only the selected leaves (and the keys of the entries) are read, other leaves and containers never', async (t) => {
  const s = tracedStore(schema, module, data(5));
  const text = await readText(s.browser.root(), stepsTo(module, 'parent'), { fields: fields('item(a)') });
  t.deepEqual(JSON.parse(text), { parent: { item: [0, 1, 2, 3, 4].map((i) => ({ id: i, a: `a${i}` })) } });
  const reads = s.log.filter((e) => e.call === 'field').map((e) => e.path.replace(/\[.*\]/, '[*]'));
  t.deepEqual([...new Set(reads)], ['/rt-edits:parent/item[*]/id', '/rt-edits:parent/item[*]/a']);
  t.false(s.log.some((e) => e.call === 'child' && e.path.endsWith('/sub')));
  t.false(s.log.some((e) => e.call === 'child' && e.path.endsWith('/target')));
});

test('rx.xfields: everything but the excluded fields', async (t) => {
  const s = tracedStore(schema, module, data(2));
  const text = await readText(s.browser.root(), stepsTo(module, 'parent'), { xfields: fields('item(b;sub);with-default') });
  t.deepEqual(JSON.parse(text), { parent: { item: [{ id: 0, a: 'a0' }, { id: 1, a: 'a1' }] } });
  t.false(s.log.some((e) => e.path.endsWith('/b') || e.path.endsWith('/sub') || e.path.endsWith('/with-default')));
});

test('rx.range: only rows N..M are asked for, by row', async (t) => {
  const s = tracedStore(schema, module, data(100));
  const text = await readText(s.browser.root(), stepsTo(module, 'parent'), { range: { list: item, from: 10, to: 12 }, fields: fields('item/id') });
  t.deepEqual(JSON.parse(text), { parent: { item: [{ id: 10 }, { id: 11 }, { id: 12 }] } });
  const rows = s.log.filter((e) => e.call === 'next').map((e) => e.detail);
  t.deepEqual(rows, ['row=10', 'row=11', 'row=12']);
});

test('depth: the target is level 1; containers at the limit are empty, list entries their keys, nothing else below is read', async (t) => {
  const s = tracedStore(schema, module, data(3));
  const text = await readText(s.browser.root(), stepsTo(module, 'parent'), { depth: 2 });
  t.deepEqual(JSON.parse(text), { parent: { item: [{ id: 0 }, { id: 1 }, { id: 2 }], 'with-default': 9 } });
  t.false(s.log.some((e) => (e.call === 'field' && /item\[.*\]\/(a|b)$/.test(e.path)) || (e.call === 'child' && e.path.endsWith('/sub'))));
  const d1 = await readText(tracedStore(schema, module, data(3)).browser.root(), stepsTo(module, 'parent'), { depth: 1 });
  t.deepEqual(JSON.parse(d1), { parent: {} });
});

test('content: config leaves the state container unread; nonconfig keeps only state', async (t) => {
  const root = data(1);
  const st = new DataContainer(metaAt(module, 'state') as ContainerMeta).set(leaf('state/counter'), 5n);
  root.set(st.meta as ContainerMeta, st);
  const s = tracedStore(schema, module, root);
  const config = JSON.parse(await readText(s.browser.root(), [], { content: 'config' }));
  t.false('state' in config);
  t.false(s.log.some((e) => e.path.startsWith('/rt-edits:state')));
  const nonconfig = JSON.parse(await readText(tracedStore(schema, module, root).browser.root(), [], { content: 'nonconfig' }));
  t.deepEqual(nonconfig, { state: { counter: 5 } });
});

test('with-defaults: report-all shows defaults, trim hides them, tagged marks them', async (t) => {
  const root = new DataContainer(module).set(metaAt(module, 'parent') as ContainerMeta, new DataContainer(metaAt(module, 'parent') as ContainerMeta));
  const s = tracedStore(schema, module, root);
  t.deepEqual(JSON.parse(await readText(s.browser.root(), stepsTo(module, 'parent'))), { parent: { 'with-default': 7 } });
  t.deepEqual(JSON.parse(await readText(s.browser.root(), stepsTo(module, 'parent'), { withDefaults: 'explicit' })), { parent: {} });
  (root.get(metaAt(module, 'parent') as ContainerMeta) as DataContainer).set(leaf('parent/with-default'), 7);
  t.deepEqual(JSON.parse(await readText(s.browser.root(), stepsTo(module, 'parent'), { withDefaults: 'trim' })), { parent: {} });
  t.deepEqual(JSON.parse(await readText(s.browser.root(), stepsTo(module, 'parent'), { withDefaults: 'report-all-tagged', strict: true })), {
    'rt-edits:parent': { 'with-default': 7, '@with-default': { 'ietf-netconf-with-defaults:default': true } },
  });
});

test('max-node-count: an answer over the limit is too-big, not truncated', async (t) => {
  const s = tracedStore(schema, module, data(50));
  const err = await t.throwsAsync(readText(s.browser.root(), stepsTo(module, 'parent'), { maxNodes: 100 }));
  t.regex(err?.message ?? '', /more than 100 data nodes/);
  await t.notThrowsAsync(readText(s.browser.root(), stepsTo(module, 'parent'), { maxNodes: 1000 }));
});

test('a list entry target reads one entry by key, as a one-element array', async (t) => {
  const s = tracedStore(schema, module, data(20));
  const text = await readText(s.browser.root(), stepsTo(module, 'parent/item', { item: [7] }), { strict: true });
  t.deepEqual(JSON.parse(text), { 'rt-edits:item': [{ id: 7, a: 'a7', b: 'b7', sub: { c: 'c7' } }] });
  t.deepEqual(s.log.filter((e) => e.call === 'next').map((e) => e.detail), ['key']);
});

test('a missing target is a 404 invalid-value', async (t) => {
  const s = tracedStore(schema, module, data(2));
  const err = await t.throwsAsync(readText(s.browser.root(), stepsTo(module, 'parent/item', { item: [99] })));
  t.regex(err?.message ?? '', /no data at \/rt-edits:parent\/item\[id='99'\]/);
});

test('in-memory reads complete synchronously (the fast path), big ones stream in chunks', (t) => {
  const s = tracedStore(schema, module, data(3));
  const small = read([s.browser.root()], stepsTo(module, 'parent'), defaultReadOptions);
  t.false(small instanceof Promise);
  t.is((small as { kind: string }).kind, 'whole');
  const big = read([tracedStore(schema, module, data(2000)).browser.root()], stepsTo(module, 'parent'), { ...defaultReadOptions, maxNodes: Number.POSITIVE_INFINITY }, 4096);
  t.false(big instanceof Promise);
  t.is((big as { kind: string }).kind, 'stream');
});

test('report-all shows the defaults of a non-presence container the node does not have; explicit does not', async (t) => {
  const s = tracedStore(schema, module, new DataContainer(module));
  t.deepEqual(JSON.parse(await readText(s.browser.root(), [])), { parent: { 'with-default': 7 } });
  t.deepEqual(JSON.parse(await readText(s.browser.root(), stepsTo(module, 'parent'))), { parent: { 'with-default': 7 } });
  t.deepEqual(JSON.parse(await readText(s.browser.root(), [], { withDefaults: 'explicit' })), {});
  await t.throwsAsync(readText(s.browser.root(), stepsTo(module, 'parent'), { withDefaults: 'explicit' }), { message: /no data at/ });
});
