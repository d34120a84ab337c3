/** The journal replays to the state the edits left: records of what changed, applied to the snapshot at start. */
import test from 'ava';
import fc from 'fast-check';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Node } from '../../src/actors/node.ts';
import type { DataContainerNode } from '../../src/actors/nodes/data-node.ts';
import type { ChildRequest, EditRequest, FieldRequest, NextRequest } from '../../src/actors/requests.ts';
import { childPath, rootPath } from '../../src/data/data-path.ts';
import type { ContainerMeta, LeafMeta, ListMeta } from '../../src/meta/meta.ts';
import { findDataChild } from '../../src/meta/navigate.ts';
import { augModule, crashImage, entryList, itemList, loadState, openStore, storeModule, tempDataFile, type OpenStore } from './helpers.ts';

/** The journal's bytes in use (segments are preallocated with zeros). */
const journalBytes = (file: string): number => {
  const buf = readFileSync(`${file}.journal`);
  const end = buf.indexOf(0);
  return end < 0 ? buf.length : end;
};

const name = fc.constantFrom('a', 'b', 'c', "it's", 'é', 'x y');
const edit = fc.oneof(
  fc.record({ settings: fc.record({ name: fc.string({ maxLength: 8 }), big: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String) }, { requiredKeys: [] }) }),
  fc.record({ settings: fc.record({ tags: fc.uniqueArray(name, { maxLength: 3 }), sizes: fc.uniqueArray(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String), { maxLength: 2 }) }, { requiredKeys: [] }) }),
  fc.record({ settings: fc.record({ modes: fc.subarray(['a', 'b', 'c']).map((b) => b.join(' ')), flag: fc.constant([null]), extra: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: [] }) }),
  fc.record({ settings: fc.oneof(fc.record({ left: name }), fc.record({ right: name }), fc.record({ switch: fc.record({ level: fc.nat(255) }, { requiredKeys: [] }) })) }),
  fc.record({ settings: fc.record({ 'st-aug:extra-name': name, 'st-aug:more': fc.record({ n: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String) }) }, { requiredKeys: [] }) }),
  fc.record({ item: fc.uniqueArray(fc.record({ id: name, value: fc.integer({ min: -5, max: 5 }), sub: fc.uniqueArray(fc.record({ a: name, b: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String), note: name }), { maxLength: 2, selector: (x) => `${x.a} ${x.b}` }) }, { requiredKeys: ['id'] }), { maxLength: 2, selector: (x) => x.id }) }),
  fc.record({ remove: name }),
  fc.record({ replace: fc.record({ item: fc.uniqueArray(fc.record({ id: name }), { maxLength: 2, selector: (x) => x.id }) }) }),
  fc.record({ other: fc.record({ count: fc.nat(1000) }) }),
);

const run = (s: OpenStore, e: Record<string, unknown>): Promise<void> => {
  if ('remove' in e) return s.remove(itemList, [e.remove as string]);
  if ('replace' in e) return s.edit(storeModule, e.replace, 'replace');
  if ('other' in e) return s.edit(augModule, e);
  return s.edit(storeModule, e);
};

test('after any sequence of edits, the data file and journal load to the state the edits left', async (t) => {
  let checked = 0;
  await fc.assert(fc.asyncProperty(fc.array(edit, { minLength: 2, maxLength: 25 }), async (edits) => {
    const file = tempDataFile();
    const s = openStore(file);
    for (const e of edits) await run(s, e).catch((err: unknown) => t.log(`rejected: ${JSON.stringify(e)}: ${String(err)}`));
    const loaded = loadState(crashImage(file));
    t.deepEqual(loaded.state, s.state());
    t.deepEqual(loaded.warnings, []);
    checked += loaded.replayed;
  }), { numRuns: 40 });
  t.true(checked > 100, `${checked} records replayed`);
});

test('a record holds what changed, not the module: one entry edited beside 10,000', async (t) => {
  const file = tempDataFile();
  writeFileSync(file, JSON.stringify({ 'st-store:entry': Array.from({ length: 10_000 }, (_, i) => ({ id: i, v: `value-${i}` })) }));
  const s = openStore(file);
  await s.edit(storeModule, { entry: [{ id: 1, v: 'first' }] });
  const before = journalBytes(file);
  await s.edit(storeModule, { entry: [{ id: 5000, v: 'changed' }] });
  await s.edit(storeModule, { entry: [{ id: 10_000, v: 'new' }] });
  const grown = journalBytes(file) - before;
  t.true(grown < 300, `${grown} bytes for two single-entry edits`);
  const loaded = loadState(crashImage(file));
  t.is(loaded.replayed, 2);
  t.deepEqual(loaded.state, s.state());
  const entries = (s.state() as Record<string, { id: number; v: string }[]>)['st-store:entry'] ?? [];
  t.is(entries.length, 10_001);
  t.like(entries[5000], { id: 5000, v: 'changed' });
  t.is(entryList.name, 'entry');
});

const node = (s: OpenStore): DataContainerNode & Node => s.store.node(storeModule) as DataContainerNode & Node;
const req = <T>(r: Omit<T, 'selection'>): T => ({ selection: undefined, ...r }) as T;
const editFlags = { editRoot: true, new: false, delete: false, path: rootPath };

test('a change no path can name (an entry of a list without keys) is stored as the module\'s data', async (t) => {
  const file = tempDataFile();
  const s = openStore(file);
  await s.edit(storeModule, { settings: { name: 'first' } });
  const state = findDataChild(storeModule, undefined, 'state') as ContainerMeta;
  const sample = findDataChild(state, undefined, 'sample') as ListMeta;
  const tLeaf = findDataChild(sample, undefined, 't') as LeafMeta;
  for (const value of [7, 8]) {
    const root = node(s);
    root.beginEdit?.(req<EditRequest>(editFlags));
    const statePath = childPath(rootPath, state);
    const c = root.child(req<ChildRequest>({ path: statePath, meta: state, new: true, delete: false })) as DataContainerNode;
    const list = c.child(req<ChildRequest>({ path: childPath(statePath, sample), meta: sample, new: true, delete: false }));
    const e = list?.next?.(req<NextRequest>({ path: childPath(statePath, sample), meta: sample, key: undefined, row: 0, new: true, delete: false }));
    const entry = (e as { node: DataContainerNode }).node;
    entry.field(req<FieldRequest>({ path: childPath(childPath(statePath, sample), tLeaf), meta: tLeaf, write: true, value }));
    await root.endEdit?.(req<EditRequest>(editFlags));
  }
  const loaded = loadState(crashImage(file));
  t.is(loaded.replayed, 2);
  t.deepEqual(loaded.state, s.state());
  t.deepEqual((s.state() as Record<string, unknown>)['st-store:state'], { sample: [{ t: 8 }, { t: 7 }] });
});

test('an edit that fails after it began leaves no record', async (t) => {
  const file = tempDataFile();
  const s = openStore(file);
  await s.edit(storeModule, { settings: { name: 'kept' } });
  const name = findDataChild(findDataChild(storeModule, undefined, 'settings') as ContainerMeta, undefined, 'name') as LeafMeta;
  const settings = findDataChild(storeModule, undefined, 'settings') as ContainerMeta;
  const root = node(s);
  root.beginEdit?.(req<EditRequest>(editFlags));
  const c = root.child(req<ChildRequest>({ path: childPath(rootPath, settings), meta: settings, new: false, delete: false })) as DataContainerNode;
  c.field(req<FieldRequest>({ path: childPath(childPath(rootPath, settings), name), meta: name, write: true, value: 'rolled back' }));
  await root.endEdit?.(req<EditRequest>({ ...editFlags, failure: new Error('a node failed') }));
  await s.edit(storeModule, { settings: { big: '5' } });
  const loaded = loadState(crashImage(file));
  t.deepEqual(loaded.state, { 'st-store:settings': { name: 'kept', big: '5' } });
  t.deepEqual(s.state(), loaded.state);
});

test('a graceful close leaves the data file complete and no journal; both data file forms load', async (t) => {
  const file = tempDataFile();
  writeFileSync(file, JSON.stringify({ 'st-store': { settings: { name: 'plain form' } } }));
  const s = openStore(file);
  t.deepEqual(s.state(), { 'st-store:settings': { name: 'plain form' } });
  await s.edit(storeModule, { item: [{ id: 'a', value: 1 }] });
  await s.edit(storeModule, { item: [{ id: 'b', value: 2 }] });
  await s.store.close();
  t.false(loadState(file).warnings.length > 0);
  t.deepEqual(JSON.parse(readFileSync(file, 'utf8')), { 'st-store:settings': { name: 'plain form' }, 'st-store:item': [{ id: 'a', value: 1 }, { id: 'b', value: 2 }] });
  t.false((await import('node:fs')).existsSync(`${file}.journal`));
  await t.throwsAsync(s.edit(storeModule, { settings: { name: 'after close' } }));
});
