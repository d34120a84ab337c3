/**
 * The order of ordered-by user lists survives a crash:
 * the journal records where an entry was inserted ("c" with a row) and
 * moved ("v"), and replay puts it there, so the state recovered is the
 * order the edits left, not entries appended in the order created. The
 * edits of one transaction (a YANG Patch) are one record.
 */
import test from 'ava';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Browser } from '../../src/actors/browser.ts';
import { Device } from '../../src/actors/device.ts';
import { commitEdit } from '../../src/actors/edit/commit-edit.ts';
import { commitEdits } from '../../src/actors/edit/commit-edits.ts';
import type { InsertAt } from '../../src/actors/edit/insert-at.ts';
import type { TargetStep } from '../../src/actors/navigate.ts';
import { Datastore } from '../../src/actors/nodes/datastore.ts';
import { decodeData } from '../../src/data/json/index.ts';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import type { ContainerMeta, LeafListMeta, ListMeta, ModuleMeta } from '../../src/meta/meta.ts';
import { findDataChild } from '../../src/meta/navigate.ts';
import { encodeDataFile, JournalBackend } from '../../src/store/index.ts';
import { crashImage, loadState, tempDataFile } from './helpers.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'edits');
const compiled = compileSchema({ searchPath: [yang], modules: [{ file: join(yang, 'rx-edits.yang') }] });
if (!compiled.ok) throw new Error(compiled.diagnostics.map((d) => d.message).join('\n'));
const schema = compiled.context;
const module = schema.modules.get('rx-edits') as ModuleMeta;
const top = findDataChild(module, undefined, 'top') as ContainerMeta;
const song = findDataChild(top, undefined, 'song') as ListMeta;
const tag = findDataChild(top, undefined, 'tag') as LeafListMeta;

const open = (file: string) => {
  const store = Datastore.load(schema, file, { storage: (live) => new JournalBackend(schema, file, live, { warn: () => {} }) });
  const device = new Device(schema);
  const browser = new Browser(module, schema, () => store.node(module));
  device.add(browser);
  const put = (name: string, insert: InsertAt, operation: 'replace' | 'create' | 'move' = 'replace') => {
    const steps: TargetStep[] = [{ meta: top }, { meta: song, key: [name] }];
    const r = decodeData({ name }, song, { strict: false, content: 'config', schema });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return commitEdit(device, browser, { steps, operation, input: operation === 'move' ? undefined : r.value, context: {}, insert });
  };
  const putTag = (value: string, insert: InsertAt) =>
    commitEdit(device, browser, { steps: [{ meta: top }, { meta: tag, value }], operation: 'replace', input: [value], context: {}, insert });
  const patch = (names: readonly string[]) => commitEdits(device, names.map((name) => {
    const r = decodeData({ name }, song, { strict: false, content: 'config', schema });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return { browser, steps: [{ meta: top }, { meta: song, key: [name] }], operation: 'create' as const, input: r.value, insert: { where: 'first' as const } };
  }), {});
  return { store, put, putTag, patch, state: () => JSON.parse(encodeDataFile(store.all, schema)) as unknown };
};

test('inserts at first, before and after, and moves, replay to the same order after a crash', async (t) => {
  const file = tempDataFile();
  const s = open(file);
  await s.put('c', { where: 'last' });
  await s.put('a', { where: 'first' });
  await s.put('b', { where: 'after', point: ['a'] });
  await s.put('0', { where: 'before', point: ['a'] });
  await s.put('c', { where: 'first' }, 'move');
  await s.put('0', { where: 'after', point: ['b'] }, 'move');
  await s.putTag('y', { where: 'last' });
  await s.putTag('x', { where: 'first' });
  await s.putTag('w', { where: 'after', point: ['x'] });
  const want = { 'rx-edits:top': { song: [{ name: 'c' }, { name: 'a' }, { name: 'b' }, { name: '0' }], tag: ['x', 'w', 'y'] } };
  t.deepEqual(s.state(), want, 'the order the edits made');
  const journal = readFileSync(`${file}.journal`, 'utf8').split('\u0000')[0] ?? '';
  t.true(journal.includes('["c",["top","song",["0"]],0]'), 'an insert before the end is journaled with its row');
  t.true(journal.includes('["v",["top","song",["0"]],3]'), 'a move is journaled with its row');
  const loaded = loadState(crashImage(file), schema);
  t.deepEqual(loaded.warnings, []);
  t.true(loaded.replayed > 0, 'the records were replayed');
  t.deepEqual(loaded.state, want, 'the order after replay');
});

/** The records in the journal (its lines up to the preallocated zeros), header excluded. */
const records = (file: string): string[] => (readFileSync(`${file}.journal`, 'utf8').split('\u0000')[0] ?? '').split('\n').filter((l) => l.includes('"m":'));

test('the edits of one transaction (a YANG Patch) are journaled as one record, and replay in order', async (t) => {
  const file = tempDataFile();
  const s = open(file);
  await s.put('z', { where: 'last' });
  const before = records(file).length;
  await s.patch(['a', 'b', 'c']);
  const after = records(file);
  t.is(after.length, before + 1, 'one record for the three edits');
  t.regex(after[after.length - 1] ?? '', /"a".*"b".*"c"/);
  const want = { 'rx-edits:top': { song: [{ name: 'c' }, { name: 'b' }, { name: 'a' }, { name: 'z' }] } };
  t.deepEqual(s.state(), want);
  t.deepEqual(loadState(crashImage(file), schema).state, want);
});
