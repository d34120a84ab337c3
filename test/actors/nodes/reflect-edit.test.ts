/** reflect: edits through commitEdit change the application's objects in place. */
import test from 'ava';
import { reflectNode } from '../../../src/actors/nodes/index.ts';
import { edit, readJson, serve } from './app.ts';

interface Data {
  [k: string]: unknown;
  system?: Record<string, unknown>;
  interface?: Record<string, unknown>[];
  user?: Map<string, Record<string, unknown>>;
  counter?: Map<number, Record<string, unknown>>;
  route?: Record<string, unknown>[];
}

const setup = (data: Data = {}, propertyNames?: 'yang' | 'camelCase') => ({ data, app: serve(() => reflectNode(data, propertyNames === undefined ? {} : { propertyNames })) });

test('merge creates a missing container with plain objects and sets leaves (64-bit as bigint)', async (t) => {
  const { data, app } = setup();
  const outcome = await edit(app, 'system', 'merge', { 'host-name': 'r1', 'boot-count': 3, clock: { timezone: 'UTC' } });
  t.true(outcome.created);
  t.deepEqual(data, { system: { 'host-name': 'r1', 'boot-count': 3n, clock: { timezone: 'UTC' } } });
  t.deepEqual(await readJson(app, 'system'), { system: { 'host-name': 'r1', 'boot-count': 3, clock: { timezone: 'UTC' } } });
});

test('a camelCase property is written where it is; new ones follow propertyNames', async (t) => {
  const { data, app } = setup({ system: { hostName: 'old' } }, 'camelCase');
  await edit(app, 'system', 'merge', { 'host-name': 'new', 'boot-count': 1 });
  t.deepEqual(data.system, { hostName: 'new', bootCount: 1n });
});

test('a property holding a number keeps numbers for a 64-bit leaf', async (t) => {
  const { data, app } = setup({ system: { 'boot-count': 1 } });
  await edit(app, 'system/boot-count', 'merge', 2n);
  t.is(data.system?.['boot-count'], 2);
});

test('a leaf-list array is updated in place (a merge adds the values it lacks; a replace rewrites it)', async (t) => {
  const dns = ['a'];
  const { data, app } = setup({ system: { dns } });
  await edit(app, 'system', 'merge', { dns: ['b', 'a', 'c'] });
  t.is(data.system?.dns, dns);
  t.deepEqual(dns, ['a', 'b', 'c']);
  await edit(app, 'system', 'replace', { dns: ['c', 'b'] });
  t.deepEqual(data.system?.dns, ['c', 'b']);
});

test('create, read by key, and delete an entry of an array list', async (t) => {
  const { data, app } = setup({ interface: [{ name: 'eth0' }] });
  await edit(app, 'interface', 'create', { name: 'eth1', speed: 100 }, { interface: ['eth1'] });
  t.deepEqual(data.interface, [{ name: 'eth0' }, { name: 'eth1', speed: 100n }]);
  await t.throwsAsync(edit(app, 'interface', 'create', { name: 'eth1' }, { interface: ['eth1'] }), { message: /already exists/ });
  await edit(app, 'interface', 'merge', { name: 'eth0', description: 'up' }, { interface: ['eth0'] });
  t.deepEqual(data.interface?.[0], { name: 'eth0', description: 'up' });
  const deleted = await edit(app, 'interface', 'delete', undefined, { interface: ['eth0'] });
  t.true(deleted.existed);
  t.deepEqual(data.interface, [{ name: 'eth1', speed: 100n }]);
  t.false((await edit(app, 'interface', 'delete', undefined, { interface: ['eth0'] })).existed);
});

test('entries of a two-key list are told apart by both keys', async (t) => {
  const { data, app } = setup({ route: [{ prefix: 'p', metric: 1, via: 'a' }, { prefix: 'p', metric: 2, via: 'b' }] });
  await edit(app, 'route/via', 'merge', 'z', { route: ['p', 2] });
  await edit(app, 'route', 'delete', undefined, { route: ['p', 1] });
  t.deepEqual(data.route, [{ prefix: 'p', metric: 2, via: 'z' }]);
});

test('a Map-keyed list: entries created under their key, edited, deleted; no key property added', async (t) => {
  const user = new Map([['ann', { uid: 1 }]]);
  const { data, app } = setup({ user });
  await edit(app, 'user', 'merge', { login: 'bob', 'full-name': 'Bob' }, { user: ['bob'] });
  await edit(app, 'user/uid', 'merge', 2, { user: ['ann'] });
  t.is(data.user, user);
  t.deepEqual([...user], [['ann', { uid: 2 }], ['bob', { 'full-name': 'Bob' }]]);
  await edit(app, 'user', 'delete', undefined, { user: ['ann'] });
  t.deepEqual([...user.keys()], ['bob']);
  t.deepEqual(await readJson(app, 'user'), { user: [{ login: 'bob', 'full-name': 'Bob' }] });
});

test('a Map with number keys gets number keys for an int64 key', async (t) => {
  const counter = new Map([[1, { value: 1 }]]);
  const { app } = setup({ counter });
  await edit(app, 'counter', 'merge', { id: 2, value: 5 }, { counter: [2n] });
  await edit(app, 'counter/value', 'merge', 9n, { counter: [1n] });
  t.deepEqual([...counter], [[1, { value: 9 }], [2, { value: 5n }]]);
});

test('delete a container removes the property; replace swaps the content', async (t) => {
  const { data, app } = setup({ system: { mtu: 1500, clock: { timezone: 'UTC' } } });
  await edit(app, 'system/clock', 'delete');
  t.deepEqual(data.system, { mtu: 1500 });
  await edit(app, 'system', 'replace', { 'host-name': 'h' });
  t.deepEqual(data.system, { 'host-name': 'h' });
});

test('replace at the module root rebuilds every top-level member', async (t) => {
  const { data, app } = setup({ system: { mtu: 1500 }, interface: [{ name: 'x' }], user: new Map([['a', {}]]) });
  await edit(app, undefined, 'replace', { interface: [{ name: 'y' }], user: [{ login: 'b' }] });
  t.deepEqual(data, { interface: [{ name: 'y' }], user: [{ login: 'b' }] });
});

test('an empty leaf is written as null and removed by delete', async (t) => {
  const { data, app } = setup({ system: {} });
  await edit(app, 'system', 'merge', { debug: [null] });
  t.deepEqual(data.system, { debug: null });
  await edit(app, 'system/debug', 'delete');
  t.deepEqual(data.system, {});
});
