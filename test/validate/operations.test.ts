/** rpc and action input and output, and notification content, checked against the datastore (vt-ops). */
import test from 'ava';
import type { ListMeta, ModuleMeta } from '../../src/meta/meta.ts';
import { validateSubtree } from '../../src/validate/index.ts';
import { brief, datastore, holderData, schemaOf } from './helpers.ts';

const schema = schemaOf('vt-ops');
const mod = schema.modules.get('vt-ops') as ModuleMeta;
const restart = mod.rpcs[0];
const wentDown = mod.notifications[0];
const hostList = (mod.children[0] as { children: readonly ListMeta[] }).children[0] as ListMeta;
const reboot = hostList.actions[0];
const hosts = datastore(schema, {
  'vt-ops:hosts': { host: [{ name: 'h1', 'max-delay': 10 }, { name: 'locked' }] },
});

test('fixture shape', (t) => {
  t.is(restart?.name, 'restart');
  t.is(wentDown?.name, 'went-down');
  t.is(reboot?.name, 'reboot');
});

test('rpc input: leafref into the datastore, mandatory leaf, must', (t) => {
  const input = restart?.input;
  if (input === undefined) return t.fail();
  const check = (doc: Record<string, unknown>) => brief(validateSubtree(holderData(schema, input, doc), { schema, datastore: hosts }));
  t.deepEqual(check({ host: 'h1', mode: 'soft' }), []);
  t.deepEqual(check({ host: 'zz' }), ['data-missing instance-required /vt-ops:restart/host']);
  t.deepEqual(check({}), ['data-missing - /vt-ops:restart/host']);
  t.deepEqual(check({ mode: 'soft' }), [
    'data-missing - /vt-ops:restart/host',
    'operation-failed must-violation /vt-ops:restart/mode', // an empty node-set is != nothing
  ]);
  t.deepEqual(check({ host: 'locked', mode: 'hard' }), ['operation-failed must-violation /vt-ops:restart/mode']);
});

test('rpc input without a datastore: references find nothing', (t) => {
  const input = restart?.input;
  if (input === undefined) return t.fail();
  t.deepEqual(brief(validateSubtree(holderData(schema, input, { host: 'h1' }), { schema })),
    ['data-missing instance-required /vt-ops:restart/host']);
});

test('rpc output: mandatory leaf', (t) => {
  const output = restart?.output;
  if (output === undefined) return t.fail();
  t.deepEqual(validateSubtree(holderData(schema, output, { result: 'ok' }), { schema }), []);
  t.deepEqual(brief(validateSubtree(holderData(schema, output, {}), { schema })), ['data-missing - /vt-ops:restart/result']);
});

test('action input: the action is a child of its list entry, whose leaves the must reads', (t) => {
  const input = reboot?.input;
  if (input === undefined || reboot === undefined) return t.fail();
  const at = (name: string) => ({ segments: [{ meta: mod.children[0] as ListMeta }, { meta: hostList, key: [name] }] });
  const check = (name: string, doc: Record<string, unknown>) =>
    brief(validateSubtree(holderData(schema, input, doc), { schema, datastore: hosts, parent: at(name) }));
  t.deepEqual(check('h1', { delay: 5 }), []);
  t.deepEqual(check('h1', { delay: 20 }), ["operation-failed must-violation /vt-ops:hosts/host[name='h1']/reboot/delay"]);
  t.deepEqual(check('h9', { delay: 5 }), ["operation-failed must-violation /vt-ops:hosts/host[name='h9']/reboot/delay"],
    'an entry that is not in the datastore has no max-delay');
  t.is(hosts.get('vt-ops')?.size, 1, 'the datastore is not changed');
});

test('notification content: leafref into the datastore', (t) => {
  if (wentDown === undefined) return t.fail();
  t.deepEqual(validateSubtree(holderData(schema, wentDown, { host: 'h1' }), { schema, datastore: hosts }), []);
  t.deepEqual(brief(validateSubtree(holderData(schema, wentDown, { host: 'zz' }), { schema, datastore: hosts })),
    ['data-missing instance-required /vt-ops:went-down/host']);
});

test('only operation or notification content is accepted', (t) => {
  const root = hosts.get('vt-ops');
  if (root === undefined) return t.fail();
  t.throws(() => validateSubtree(root, { schema }), { instanceOf: TypeError });
});
