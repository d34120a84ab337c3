/** reflect: reads of plain objects, arrays and Maps through the real runtime. */
import test from 'ava';
import { RestconfFailure } from '../../../src/errors/index.ts';
import { reflectNode } from '../../../src/actors/nodes/index.ts';
import type { ListMeta } from '../../../src/meta/meta.ts';
import { metaAt } from '../../helpers/runtime.ts';
import { module, readJson, serve } from './app.ts';

const sample = () => ({
  system: {
    'host-name': 'edge-1',
    mtu: 1500,
    bootCount: 7,
    dns: ['10.0.0.1', '10.0.0.2'],
    debug: null,
    clock: { timezone: 'UTC' },
    uptime: 12n,
  },
  interface: [
    { name: 'eth0', enabled: false, speed: 10_000_000_000n, description: 'uplink', counters: { errors: 3 } },
    { name: 'eth1', speed: 1000 },
  ],
  user: new Map([
    ['ann', { fullName: 'Ann A.', uid: 1000 }],
    ['bob', { 'full-name': 'Bob B.', uid: 1001 }],
  ]),
  route: [
    { prefix: '10.0.0.0/8', metric: 10, via: 'eth0', protocol: 'nd-app:static' },
    { prefix: '10.0.0.0/8', metric: 20, via: 'eth1', protocol: 'nd-app:ospf' },
  ],
  counter: new Map<number | bigint, object>([[1, { value: 5 }], [2n, { value: 6n }]]),
  log: [{ message: 'boot' }, { message: 'link up' }],
});

const app = (data: object = sample()) => serve(() => reflectNode(data));

test('containers, leaves and leaf-lists by YANG name or camelCase; numbers for 64-bit leaves', async (t) => {
  t.deepEqual(await readJson(app(), 'system'), {
    system: { 'host-name': 'edge-1', mtu: 1500, 'boot-count': 7, dns: ['10.0.0.1', '10.0.0.2'], debug: [null], clock: { timezone: 'UTC' }, uptime: 12 },
  });
});

test('an array list: every row in order, keys given, a default filled in, state data included', async (t) => {
  t.deepEqual(await readJson(app(), 'interface'), {
    interface: [
      { name: 'eth0', enabled: false, speed: 10_000_000_000, description: 'uplink', counters: { errors: 3 } },
      { name: 'eth1', enabled: true, speed: 1000 },
    ],
  });
});

test('an array list by key, and by two keys', async (t) => {
  t.deepEqual(await readJson(app(), 'interface', { interface: ['eth1'] }), { interface: [{ name: 'eth1', enabled: true, speed: 1000 }] });
  t.deepEqual(await readJson(app(), 'route', { route: ['10.0.0.0/8', 20] }), {
    route: [{ prefix: '10.0.0.0/8', metric: 20, via: 'eth1', protocol: 'ospf' }],
  });
  await t.throwsAsync(readJson(app(), 'interface', { interface: ['eth9'] }), { message: /no data at \/nd-app:interface\[name='eth9'\]/ });
});

test('a Map-keyed list: the Map key is the key leaf, by row and by key', async (t) => {
  t.deepEqual(await readJson(app(), 'user'), {
    user: [{ login: 'ann', 'full-name': 'Ann A.', uid: 1000 }, { login: 'bob', 'full-name': 'Bob B.', uid: 1001 }],
  });
  t.deepEqual(await readJson(app(), 'user', { user: ['bob'] }), { user: [{ login: 'bob', 'full-name': 'Bob B.', uid: 1001 }] });
});

test('rx.range picks rows of an array list and of a Map-keyed list', async (t) => {
  const range = (name: string, from: number, to: number) => ({ range: { list: metaAt(module, name) as ListMeta, from, to } });
  t.deepEqual(await readJson(app(), 'user', {}, range('user', 1, 5)), { user: [{ login: 'bob', 'full-name': 'Bob B.', uid: 1001 }] });
  t.deepEqual(await readJson(app(), 'log', {}, range('log', 1, 1)), { log: [{ message: 'link up' }] });
});

test('a Map keyed by numbers or bigints serves an int64 key either way', async (t) => {
  t.deepEqual(await readJson(app(), 'counter', { counter: [1n] }, { strict: true }), { 'nd-app:counter': [{ id: '1', value: '5' }] });
  t.deepEqual(await readJson(app(), 'counter', { counter: [2n] }), { counter: [{ id: 2, value: 6 }] });
  t.deepEqual(await readJson(app(), 'counter'), { counter: [{ id: 1, value: 5 }, { id: 2, value: 6 }] });
});

test('a keyless state list, and the whole module', async (t) => {
  const all = (await readJson(app())) as Record<string, unknown>;
  t.deepEqual(all.log, [{ message: 'boot' }, { message: 'link up' }]);
  t.deepEqual(Object.keys(all), ['system', 'interface', 'user', 'route', 'counter', 'log']);
});

test('absent members, null and empty arrays read as absent', async (t) => {
  const data = { system: { mtu: null, dns: [] }, interface: [], user: new Map() };
  t.deepEqual(await readJson(app(data)), { system: {} });
});

test('content=config leaves state data unread', async (t) => {
  let touched = false;
  const system = { mtu: 1500, get uptime(): number { touched = true; return 1; } };
  t.deepEqual(await readJson(app({ system }), 'system', {}, { content: 'config' }), { system: { mtu: 1500 } });
  t.false(touched);
});

test('a class instance with getters is read like a plain object', async (t) => {
  class Clock {
    get timezone(): string {
      return 'CET';
    }
  }
  t.deepEqual(await readJson(app({ system: { clock: new Clock() } }), 'system/clock'), { clock: { timezone: 'CET' } });
});

/** The RestconfFailure a read of `data` rejects with. */
const failure = async (data: object, path?: string): Promise<RestconfFailure> => {
  try {
    await readJson(app(data), path);
  } catch (e) {
    if (e instanceof RestconfFailure) return e;
    throw e;
  }
  throw new Error('the read did not fail');
};

test('a value out of range is an operation-failed error naming its path', async (t) => {
  const e = await failure({ system: { mtu: 10 } }, 'system');
  t.like(e.errors[0], { tag: 'operation-failed', path: '/nd-app:system/mtu' });
  t.regex(e.message, /application's data at \/nd-app:system\/mtu is invalid: the number 10/);
});

test('a value of the wrong kind, a bad leaf-list entry, a bad key: each named by path', async (t) => {
  t.like((await failure({ system: { 'host-name': 42 } })).errors[0], { path: '/nd-app:system/host-name' });
  t.regex((await failure({ system: { dns: ['a', 5] } })).message, /\/nd-app:system\/dns is invalid: entry 1: the number 5/);
  t.regex((await failure({ system: { dns: 'a' } })).message, /a leaf-list needs an array, got the string "a"/);
  t.regex((await failure({ user: new Map([['Bad Name', {}]]) })).message, /\/nd-app:user\/login is invalid/);
  t.regex((await failure({ interface: [{ description: 'no name' }] })).message, /\/nd-app:interface is invalid: row 0 has no key leaf "name"/);
  t.regex((await failure({ route: [{ prefix: 'p', metric: 1, protocol: 'nd-app:protocol-x' }] })).message, /\/nd-app:route\[prefix='p'\]\[metric='1'\]\/protocol is invalid/);
  t.regex((await failure({ counter: [{ id: 1.5 }] })).message, /\/nd-app:counter\/id is invalid/);
});

test('a container that is not an object, a list that is not an array or Map', async (t) => {
  t.regex((await failure({ system: 'up' })).message, /\/nd-app:system is invalid: a container needs an object, got the string "up"/);
  t.regex((await failure({ interface: { eth0: {} } })).message, /\/nd-app:interface is invalid: a list needs an array or a Map, got an object/);
  t.regex((await failure({ interface: [7] })).message, /row 0 is the number 7, not an object/);
});

test('reflectNode refuses a non-object target', (t) => {
  t.throws(() => reflectNode(5 as unknown as object), { instanceOf: TypeError });
});
