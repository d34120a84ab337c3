/** Edits as transactions on the embedded datastore: validated first, all or nothing, persisted, published. */
import test from 'ava';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser } from '../../src/actors/browser.ts';
import { Device } from '../../src/actors/device.ts';
import { commitEdit } from '../../src/actors/edit/commit-edit.ts';
import { Datastore } from '../../src/actors/nodes/datastore.ts';
import { traceNode, type TraceEntry } from '../../src/actors/nodes/trace-node.ts';
import type { ChangeEvent } from '../../src/actors/change-event.ts';
import { emptyContext } from '../../src/actors/request-context.ts';
import { decodeData } from '../../src/data/json/index.ts';
import type { DataContainer } from '../../src/data/data-container.ts';
import type { ContainerMeta } from '../../src/meta/meta.ts';
import { RestconfFailure } from '../../src/errors/index.ts';
import { loadFixture, metaAt, stepsTo } from '../helpers/runtime.ts';
import { readText } from '../helpers/read-text.ts';
import { yanglint, yanglintTest } from '../helpers/yanglint.ts';

const { schema, module } = loadFixture('runtime', 'rt-constraints.yang');
const limits = metaAt(module, 'limits') as ContainerMeta;

const setup = (file?: string) => {
  const store = Datastore.load(schema, file);
  const log: TraceEntry[] = [];
  const browser = new Browser(module, schema, () => traceNode(store.node(module), log));
  const device = new Device(schema).add(browser);
  const events: ChangeEvent[] = [];
  browser.changes.subscribe((e) => events.push(e));
  return { store, browser, device, log, events };
};

const input = (json: unknown): DataContainer => {
  const r = decodeData(json, limits, { strict: false, content: 'config', schema });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};

const edit = (s: ReturnType<typeof setup>, json: unknown, operation: 'merge' | 'replace' | 'create' = 'merge') =>
  commitEdit(s.device, s.browser, { steps: stepsTo(module, 'limits'), operation, input: input(json), context: emptyContext });

test('a valid edit commits, persists atomically as RFC 7951 and is published', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-'));
  const file = join(dir, 'data.json');
  const s = setup(file);
  const outcome = await edit(s, { max: 20, value: 15, port: [{ name: 'a', number: 1 }], primary: 'a' });
  t.true(outcome.created);
  t.deepEqual(JSON.parse(await readText(s.browser.root(), stepsTo(module, 'limits'))), { limits: { max: 20, value: 15, port: [{ name: 'a', number: 1 }], primary: 'a' } });
  t.deepEqual(JSON.parse(readFileSync(file, 'utf8')), { 'rt-constraints:limits': { max: 20, value: 15, port: [{ name: 'a', number: 1 }], primary: 'a' } });
  t.is(s.events.length, 1);
  t.like(s.events[0], { module: 'rt-constraints', target: '/rt-constraints:limits', operation: 'merge' });
  const reloaded = Datastore.load(schema, file);
  t.is(reloaded.root(module).size, 1);
});

yanglintTest('the persisted file is valid RFC 7951 for yanglint', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-'));
  const file = join(dir, 'data.json');
  const s = setup(file);
  await edit(s, { max: 20, value: 15, port: [{ name: 'a', number: 1 }], primary: 'a' });
  const r = yanglint(['-p', join(process.cwd(), 'test/fixtures/yang/runtime'), '-t', 'config', join(process.cwd(), 'test/fixtures/yang/runtime/rt-constraints.yang'), file]);
  t.true(r.ok, r.output);
});

test('a must violation rejects the edit: no hook called, nothing changed, nothing published', async (t) => {
  const s = setup();
  await edit(s, { max: 5, value: 5 });
  s.log.length = 0;
  const err = await t.throwsAsync(edit(s, { value: 6 }), { instanceOf: RestconfFailure });
  t.like((err as RestconfFailure).errors[0], { tag: 'operation-failed', appTag: 'must-violation', message: 'value must not exceed max', path: '/rt-constraints:limits/value' });
  t.deepEqual(s.log.filter((e) => e.call === 'beginEdit' || e.call === 'endEdit' || e.call === 'field'), []);
  t.deepEqual(JSON.parse(await readText(s.browser.root(), stepsTo(module, 'limits'))), { limits: { max: 5, value: 5 } });
  t.is(s.events.length, 1);
});

test('every violation of a rejected edit is reported: unique and leafref together', async (t) => {
  const s = setup();
  const err = await t.throwsAsync(edit(s, { port: [{ name: 'a', number: 1 }, { name: 'b', number: 1 }], primary: 'zz' }), { instanceOf: RestconfFailure });
  const tags = (err as RestconfFailure).errors.map((e) => `${e.tag}/${e.appTag ?? ''}`).sort();
  t.deepEqual(tags, ['data-missing/instance-required', 'operation-failed/data-not-unique']);
  t.is(s.store.root(module).size, 0);
});

test('a node failing mid-edit rolls the datastore back', async (t) => {
  const s = setup();
  await edit(s, { max: 9 });
  const failing = new Browser(module, schema, () => {
    const root = s.store.node(module);
    return { ...Object.fromEntries(Object.entries(Object.getPrototypeOf(root))), ...root, beginEdit: root.beginEdit, endEdit: root.endEdit, child: (r) => {
      const c = root.child?.(r);
      if (c === undefined || typeof c !== 'object' || c === null || !('field' in c)) return c;
      return { ...c, child: c.child?.bind(c), field: (fr) => { if (fr.write && fr.meta.name === 'value') throw new Error('disk full'); return c.field?.(fr); } };
    } };
  });
  const device = new Device(schema).add(failing);
  await t.throwsAsync(commitEdit(device, failing, { steps: stepsTo(module, 'limits'), operation: 'merge', input: input({ max: 50, value: 1 }), context: emptyContext }), { message: 'disk full' });
  t.deepEqual(JSON.parse(await readText(s.browser.root(), stepsTo(module, 'limits'))), { limits: { max: 9 } });
});

test('edits of one module run one at a time, in order', async (t) => {
  const s = setup();
  await Promise.all(Array.from({ length: 20 }, (_, i) => edit(s, { max: 200, value: i })));
  t.deepEqual(JSON.parse(await readText(s.browser.root(), stepsTo(module, 'limits/value'))), { value: 19 });
  t.is(s.events.length, 20);
});

test('a data file in the plain form keyed by module name loads too', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-'));
  const file = join(dir, 'data.json');
  writeFileSync(file, JSON.stringify({ 'rt-constraints': { limits: { max: 3 } } }));
  const store = Datastore.load(schema, file);
  t.is(store.root(module).size, 1);
});
