/** reflect: field, child and notification overrides, by name at every level or by schema path. */
import test from 'ava';
import { reflectChild, reflectNode, schemaPath, type FieldOverride } from '../../../src/actors/nodes/index.ts';
import type { FieldValue } from '../../../src/data/field-value.ts';
import { metaAt } from '../../helpers/runtime.ts';
import { edit, module, readJson, serve } from './app.ts';

test('schema paths leave choice and case out and start at the module root', (t) => {
  t.is(schemaPath(metaAt(module, 'interface/counters/errors')), '/interface/counters/errors');
  t.is(schemaPath(metaAt(module, 'alarm/source/interface')), '/alarm/source/interface');
});

test('a field override by name applies at every level; one by path wins over a name', async (t) => {
  const upper: FieldOverride = { get: (obj) => String((obj as { label: string }).label).toUpperCase() };
  const data = { system: { label: 'sys' }, interface: [{ name: 'eth0', label: 'up' }, { name: 'eth1', label: 'down' }] };
  const app = serve(() => reflectNode(data, {
    fields: { description: upper, 'host-name': upper, '/system/host-name': { get: () => 'by-path' } },
  }));
  t.deepEqual(await readJson(app, 'interface'), {
    interface: [{ name: 'eth0', enabled: true, description: 'UP' }, { name: 'eth1', enabled: true, description: 'DOWN' }],
  });
  t.deepEqual(await readJson(app, 'system/host-name'), { 'host-name': 'by-path' });
});

test('an override answering with a Promise is waited for, and its value is checked', async (t) => {
  const app = (mtu: unknown) => serve(() => reflectNode({ system: {} }, { fields: { mtu: { get: () => Promise.resolve(mtu) } } }));
  t.deepEqual(await readJson(app(9000), 'system'), { system: { mtu: 9000 } });
  await t.throwsAsync(readJson(app(9001), 'system'), { message: /\/nd-app:system\/mtu is invalid/ });
});

test('a set override receives every write and removal; without one the property is used', async (t) => {
  const writes: [string, FieldValue | undefined][] = [];
  const settings = new Map<string, unknown>();
  const data = { system: {} as Record<string, unknown> };
  const app = serve(() => reflectNode(data, {
    fields: {
      mtu: {
        get: () => settings.get('mtu'),
        set: (_obj, value, r) => {
          writes.push([r.meta.name, value]);
          settings.set('mtu', value);
        },
      },
    },
  }));
  await edit(app, 'system', 'merge', { mtu: 1400, 'host-name': 'h' });
  t.deepEqual(writes, [['mtu', 1400]]);
  t.deepEqual(data.system, { 'host-name': 'h' });
  t.deepEqual(await readJson(app, 'system'), { system: { 'host-name': 'h', mtu: 1400 } });
  await edit(app, 'system/mtu', 'delete');
  t.deepEqual(writes.at(-1), ['mtu', undefined]);
});

test('a child override finds a container elsewhere; one by path serves a list from a Map of its own', async (t) => {
  const time = { timezone: 'CET' };
  const ifaces = new Map([['lo', { speed: 1 }]]);
  const app = serve(() => reflectNode({ system: {} }, {
    children: {
      clock: { child: (_obj, r) => reflectChild(time, r) },
      '/interface': { child: (_obj, r) => reflectChild(ifaces, r) },
    },
  }));
  t.deepEqual(await readJson(app, 'system/clock'), { clock: { timezone: 'CET' } });
  t.deepEqual(await readJson(app, 'interface'), { interface: [{ name: 'lo', enabled: true, speed: 1 }] });
  await edit(app, 'interface', 'merge', { name: 'eth0' }, { interface: ['eth0'] });
  t.deepEqual([...ifaces.keys()], ['lo', 'eth0']);
});
