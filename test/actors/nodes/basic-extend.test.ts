/** basic (a node from callbacks) and extend (some methods of another node replaced). */
import test from 'ava';
import { basicNode, extendNode, reflectNode } from '../../../src/actors/nodes/index.ts';
import type { Node } from '../../../src/actors/node.ts';
import { RestconfFailure } from '../../../src/errors/index.ts';
import { edit, readJson, serve } from './app.ts';

test('basicNode: callbacks answer reads, in any form (value, Promise)', async (t) => {
  const system = basicNode({ field: (r) => (r.meta.name === 'mtu' ? 1500 : r.meta.name === 'host-name' ? Promise.resolve('b') : undefined) });
  const app = serve(() => basicNode({ child: (r) => (r.meta.name === 'system' ? system : undefined) }));
  t.deepEqual(await readJson(app), { system: { 'host-name': 'b', mtu: 1500 } });
});

test('basicNode: an edit it has no callback for fails with operation-not-supported naming the path', async (t) => {
  const app = serve(() => basicNode({ child: (r) => (r.meta.name === 'system' ? basicNode({}) : undefined) }));
  const e = await t.throwsAsync(edit(app, 'system', 'merge', { mtu: 1500 }), { instanceOf: RestconfFailure });
  t.like((e as RestconfFailure).errors[0], { tag: 'operation-not-supported', path: '/nd-app:system/mtu' });
  const empty = serve(() => basicNode({}));
  t.deepEqual(await readJson(empty), {});
  const created = await t.throwsAsync(edit(empty, 'interface', 'merge', { name: 'a' }, { interface: ['a'] }), { instanceOf: RestconfFailure });
  t.regex(created?.message ?? '', /creating list "interface" at \/nd-app:interface is not supported/);
});

test('extendNode: an override reaches the base; everything else is the base', async (t) => {
  const data = { system: { 'host-name': 'edge' } };
  const base = reflectNode(data);
  const calls: string[] = [];
  const root = extendNode(base, {
    child: (b, r) => {
      calls.push(`child ${r.meta.name}`);
      return b.child?.(r);
    },
    endEdit: (b, r) => {
      calls.push(`endEdit ${r.editRoot}`);
      return b.endEdit?.(r);
    },
  });
  t.is(root.peek?.(), data);
  t.is(root.choose, undefined);
  t.is(root.action, undefined);
  const app = serve(() => root);
  t.deepEqual(await readJson(app, 'system'), { system: { 'host-name': 'edge' } });
  t.deepEqual(calls, ['child system']);
  await edit(app, 'system/mtu', 'merge', 1500);
  t.deepEqual(data.system, { 'host-name': 'edge', mtu: 1500 });
  t.true(calls.includes('endEdit false'));
});

test('extendNode: children the base hands out are not extended unless the override wraps them', async (t) => {
  const data = { system: { 'host-name': 'edge', mtu: 1500 } };
  let fieldCalls = 0;
  const plain = extendNode(reflectNode(data), {
    field: () => {
      fieldCalls += 1;
      return 'never';
    },
  });
  t.deepEqual(await readJson(serve(() => plain), 'system'), { system: { 'host-name': 'edge', mtu: 1500 } });
  t.is(fieldCalls, 0);

  const shout = (n: Node): Node => extendNode(n, {
    field: (b, r) => (r.meta.name === 'host-name' && !r.write ? 'EDGE' : b.field?.(r)),
  });
  const wrapping = extendNode(reflectNode(data), {
    child: (b, r) => {
      const c = b.child?.(r);
      return c !== undefined && !(c instanceof Promise) && r.meta.name === 'system' ? shout(c as Node) : c;
    },
  });
  t.deepEqual(await readJson(serve(() => wrapping), 'system'), { system: { 'host-name': 'EDGE', mtu: 1500 } });
});
