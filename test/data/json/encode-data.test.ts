/** Encoding: exact output in both forms (names, order, values), datastores, operations. */
import test from 'ava';
import { DataContainer } from '../../../src/data/data-container.ts';
import { encodeData, encodeDatastore } from '../../../src/data/json/index.ts';
import type { ContainerMeta, DataNodeMeta, ListMeta } from '../../../src/meta/meta.ts';
import { dataChildren } from '../../../src/meta/navigate.ts';
import { da, decodeStore, dx, schema, valueOf } from './decode-helpers.ts';
import { nodeAt } from './fixtures.ts';

const top = nodeAt(dx, 'top') as ContainerMeta;
const entry = nodeAt(dx, 'top', 'entry') as ListMeta;

/** top/flag of dx-data (boolean) or the one dx-augment adds (string). */
const flagOf = (module: typeof dx): DataNodeMeta => {
  const flag = dataChildren(top.children).find((c) => c.name === 'flag' && c.module === module);
  if (flag === undefined) throw new Error('no flag');
  return flag;
};

/** A tree built by hand, members set out of schema order. */
const handTree = (): DataContainer => {
  const t = new DataContainer(top)
    .set(nodeAt(dx, 'top', 'more'), new DataContainer(nodeAt(dx, 'top', 'more') as ContainerMeta).set(nodeAt(dx, 'top', 'more', 'level'), 9007199254740993n))
    .set(nodeAt(dx, 'top', 'entry'), [
      new DataContainer(entry).set(nodeAt(entry, 'weight'), '2.5').set(nodeAt(entry, 'index'), 7).set(nodeAt(entry, 'name'), 'a'),
    ])
    .set(nodeAt(dx, 'top', 'pets'), ['dx-data:cat', 'dx-augment:bird'])
    .set(nodeAt(dx, 'top', 'marker'), null)
    .set(nodeAt(dx, 'top', 'dec2'), '-1.5')
    .set(nodeAt(dx, 'top', 'i64'), -5n)
    .set(nodeAt(dx, 'top', 'perms'), ['read', 'exec'])
    .set(nodeAt(dx, 'top', 'blobdata'), { any: { x: [1] } })
    .set(nodeAt(dx, 'top', 'i8'), 3);
  t.set(flagOf(da), 'UP').set(flagOf(dx), true);
  return new DataContainer(dx).set(top, t);
};

test('strict: RFC 7951 names and values, in schema order, list keys first', (t) => {
  t.is(JSON.stringify(encodeData(handTree(), { strict: true })), JSON.stringify({
    'dx-data:top': {
      i8: 3, i64: '-5', dec2: '-1.5', flag: true, marker: [null], perms: 'read exec', pets: ['cat', 'dx-augment:bird'],
      entry: [{ name: 'a', index: 7, weight: '2.5' }], blobdata: { x: [1] },
      'dx-augment:flag': 'UP', 'dx-augment:more': { level: '9007199254740993' },
    },
  }));
});

test('simplified: bare names unless another node of that name could be meant; safe 64-bit integers as numbers', (t) => {
  t.is(JSON.stringify(encodeData(handTree(), { strict: false })), JSON.stringify({
    top: {
      i8: 3, i64: -5, dec2: '-1.5', flag: true, marker: [null], perms: 'read exec', pets: ['cat', 'dx-augment:bird'],
      entry: [{ name: 'a', index: 7, weight: '2.5' }], blobdata: { x: [1] },
      'dx-augment:flag': 'UP', more: { level: '9007199254740993' },
    },
  }));
});

test('a container below the top: names relative to its module', (t) => {
  const inner = handTree().get(top) as DataContainer;
  const json = encodeData(inner, { strict: true });
  t.deepEqual(Object.keys(json), ['i8', 'i64', 'dec2', 'flag', 'marker', 'perms', 'pets', 'entry', 'blobdata', 'dx-augment:flag', 'dx-augment:more']);
});

test('datastore: every top-level member qualified in strict form; in the simplified form only clashing names', (t) => {
  const roots = valueOf(decodeStore({ 'dx-data:top-leaf': 'a', 'dx-augment:top-leaf': 1, 'dx-data:left': 2, 'dx-data:top-list': [{ k: 'x' }] }));
  t.deepEqual(encodeDatastore(roots, { strict: true }), {
    'dx-data:top-leaf': 'a', 'dx-data:left': 2, 'dx-data:top-list': [{ k: 'x' }], 'dx-augment:top-leaf': 1,
  });
  t.deepEqual(encodeDatastore(roots, { strict: false }), {
    'dx-data:top-leaf': 'a', left: 2, 'top-list': [{ k: 'x' }], 'dx-augment:top-leaf': 1,
  });
  // With only dx-data encoded, its top-leaf clashes with nothing, unless the schema says otherwise.
  const dxOnly = new Map([['dx-data', roots.get('dx-data') as DataContainer]]);
  t.deepEqual(Object.keys(encodeDatastore(dxOnly, { strict: false })), ['top-leaf', 'left', 'top-list']);
  t.deepEqual(Object.keys(encodeDatastore(dxOnly, { strict: false, schema })), ['dx-data:top-leaf', 'left', 'top-list']);
});

test('rpc input: children only, augmented ones qualified in strict form (the caller wraps in "module:input")', (t) => {
  const run = dx.rpcs[0];
  if (run === undefined) return t.fail();
  const input = new DataContainer(run.input);
  for (const c of run.input.children) {
    if (c.kind === 'leaf') input.set(c, c.name === 'count' ? 3 : 'why');
  }
  t.deepEqual(encodeData(input, { strict: true }), { count: 3, 'dx-augment:reason': 'why' });
  t.deepEqual(encodeData(input, { strict: false }), { count: 3, reason: 'why' });
});

test('a member named "__proto__" is an own member, never the prototype, both ways', (t) => {
  const proto = nodeAt(dx, 'top', '__proto__');
  const tree = new DataContainer(dx).set(top, new DataContainer(top).set(proto, 5));
  const json = encodeData(tree, { strict: true });
  const inner = json['dx-data:top'] as Record<string, unknown>;
  t.is(Object.getPrototypeOf(inner), Object.prototype);
  t.deepEqual(Object.keys(inner), ['__proto__']);
  t.is(JSON.stringify(json), '{"dx-data:top":{"__proto__":5}}');
  const back = valueOf(decodeStore(JSON.parse(JSON.stringify(json))));
  t.is((back.get('dx-data')?.get(top) as DataContainer).get(proto), 5);
});
