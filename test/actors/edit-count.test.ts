/**
 * Committed edits are counted on their Browser whether or not anyone
 * subscribes to its changes (the server's edit counter reads the count;
 * the change event is built only for subscribers), and a subscriber sees
 * the same events as before: target, operation, value, time.
 */
import test from 'ava';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser } from '../../src/actors/browser.ts';
import type { ChangeEvent } from '../../src/actors/change-event.ts';
import { Device } from '../../src/actors/device.ts';
import { commitEdit } from '../../src/actors/edit/commit-edit.ts';
import { Datastore } from '../../src/actors/nodes/datastore.ts';
import { emptyContext } from '../../src/actors/request-context.ts';
import type { DataContainer } from '../../src/data/data-container.ts';
import { decodeData } from '../../src/data/json/index.ts';
import { RestconfFailure } from '../../src/errors/index.ts';
import type { ContainerMeta } from '../../src/meta/meta.ts';
import { loadFixture, metaAt, stepsTo } from '../helpers/runtime.ts';

const { schema, module } = loadFixture('runtime', 'rt-constraints.yang');
const limits = metaAt(module, 'limits') as ContainerMeta;

const input = (json: unknown): DataContainer => {
  const r = decodeData(json, limits, { strict: false, content: 'config', schema });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};

const setup = (persisted: boolean) => {
  const store = Datastore.load(schema, persisted ? join(mkdtempSync(join(tmpdir(), 'rxconf-count-')), 'data.json') : undefined);
  const browser = new Browser(module, schema, () => store.node(module));
  const device = new Device(schema).add(browser);
  const edit = (json: unknown, operation: 'merge' | 'delete' = 'merge') =>
    commitEdit(device, browser, { steps: stepsTo(module, 'limits'), operation, input: operation === 'delete' ? undefined : input(json), context: emptyContext });
  return { store, browser, edit };
};

for (const persisted of [false, true]) {
  const form = persisted ? 'persisted' : 'in memory';

  test(`${form}: edits are counted without a subscriber; a rejected edit and a delete of nothing are not`, async (t) => {
    const s = setup(persisted);
    t.false(s.browser.changes.observed);
    await s.edit({ max: 5 });
    await s.edit({ value: 4 });
    t.is(s.browser.edits, 2);
    await t.throwsAsync(s.edit({ value: 6 }), { instanceOf: RestconfFailure });
    t.is(s.browser.edits, 2);
    await s.edit(undefined, 'delete');
    t.is(s.browser.edits, 3);
    await s.edit(undefined, 'delete'); // nothing there any more
    t.is(s.browser.edits, 3);
    await s.store.close();
  });

  test(`${form}: a subscriber that comes later gets the next edits' events in full`, async (t) => {
    const s = setup(persisted);
    await s.edit({ max: 5 });
    const events: ChangeEvent[] = [];
    const sub = s.browser.changes.subscribe((e) => events.push(e));
    const before = Date.now();
    await s.edit({ value: 3 });
    t.is(events.length, 1);
    t.like(events[0], { module: 'rt-constraints', target: '/rt-constraints:limits', operation: 'merge', value: { 'rt-constraints:limits': { value: 3 } } });
    t.true(Date.parse((events[0] as ChangeEvent).time) >= before - 1000);
    sub.unsubscribe();
    await s.edit({ value: 4 });
    t.is(events.length, 1);
    t.is(s.browser.edits, 3);
    await s.store.close();
  });
}
