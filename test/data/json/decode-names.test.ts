/** Member names: qualification in strict and simplified mode, unknown names, wrong modules, ambiguity. */
import test from 'ava';
import { DataContainer } from '../../../src/data/data-container.ts';
import { da, decodeDx, decodeStore, decodeTop, dx, errorsOf, problems, valueOf } from './decode-helpers.ts';
import { nodeAt } from './fixtures.ts';

const top = nodeAt(dx, 'top');
const topOf = (c: DataContainer): DataContainer => c.get(top) as DataContainer;

test('strict: a top-level member must be qualified (unknown-namespace at /)', (t) => {
  const r = decodeDx({ top: { i8: 1 } });
  t.deepEqual(problems(r), [['unknown-namespace', '/']]);
  t.is(errorsOf(r)[0]?.message, 'member "top": a top-level member must be namespace-qualified, as "dx-data:top"');
  t.is(errorsOf(r)[0]?.type, 'application');
});

test('strict: an augmented node must be qualified; the parent module\'s own names must not need it', (t) => {
  const r = decodeTop({ extra: 1, i8: 1 });
  t.deepEqual(problems(r), [['unknown-namespace', '/dx-data:top']]);
  t.is(errorsOf(r)[0]?.message, 'member "extra": "extra" is in another module than its parent, so it must be namespace-qualified, as "dx-augment:extra"');
  const ok = topOf(valueOf(decodeTop({ 'dx-augment:extra': 1, i8: 1 })));
  t.is(ok.get(nodeAt(dx, 'top', 'extra')), 1);
});

test('strict: a redundant but correct qualifier is accepted (as libyang does)', (t) => {
  const c = topOf(valueOf(decodeTop({ 'dx-data:i8': 5 })));
  t.is(c.get(nodeAt(dx, 'top', 'i8')), 5);
});

test('an unqualified name means the parent module\'s node even when an augment reuses it', (t) => {
  for (const strict of [true, false]) {
    const c = topOf(valueOf(decodeTop({ flag: true, 'dx-augment:flag': 'UP' }, { strict })));
    const [own, augmented] = [...c.values.keys()];
    t.is(own?.module, dx);
    t.is(augmented?.module, da);
    t.deepEqual([...c.values.values()], [true, 'UP']);
  }
});

test('unknown names: unknown-element at the holder\'s path, the others still decoded and checked', (t) => {
  const r = decodeTop({ bandwidth: 1, 'dx-data:nothing': 2, i8: 1000, entry: [{ name: 'a', index: 1, bogus: 1 }] });
  t.deepEqual(problems(r), [
    ['unknown-element', '/dx-data:top'],
    ['unknown-element', '/dx-data:top'],
    ['invalid-value', '/dx-data:top/i8'],
    ['unknown-element', "/dx-data:top/entry[name='a'][index='1']"],
  ]);
  t.is(errorsOf(r)[0]?.message, 'member "bandwidth": container "top" has no data node "bandwidth"');
  t.is(errorsOf(r)[1]?.message, 'member "dx-data:nothing": container "top" has no data node "nothing" of module dx-data');
});

test('a wrong qualifier is unknown-namespace, in both modes', (t) => {
  for (const strict of [true, false]) {
    const r = decodeTop({ 'dx-augment:i8': 1, 'no-such-module:i16': 2, '1bad': 3, 'a:b:c': 4 }, { strict });
    t.deepEqual(problems(r), [
      ['unknown-namespace', '/dx-data:top'],
      ['unknown-namespace', '/dx-data:top'],
      ['unknown-element', '/dx-data:top'],
      ['unknown-element', '/dx-data:top'],
    ]);
    t.is(errorsOf(r)[0]?.message, 'member "dx-augment:i8": "i8" in container "top" is in module dx-data, not dx-augment');
    t.is(errorsOf(r)[1]?.message, 'member "no-such-module:i16": "no-such-module" is not the name of a module');
  }
});

test('simplified: names may be qualified anywhere or nowhere', (t) => {
  const c = valueOf(decodeDx({ top: { extra: 1, 'dx-data:i8': 2, more: { level: 3 } }, 'dx-data:top-leaf': 'x' }, { strict: false }));
  const inner = topOf(c);
  t.is(inner.get(nodeAt(dx, 'top', 'extra')), 1);
  t.is(inner.get(nodeAt(dx, 'top', 'i8')), 2);
  t.is((inner.get(nodeAt(dx, 'top', 'more')) as DataContainer).get(nodeAt(dx, 'top', 'more', 'level')), 3n);
  t.is(c.get(nodeAt(dx, 'top-leaf')), 'x');
});

test('the same node given qualified and unqualified is bad-element', (t) => {
  for (const strict of [true, false]) {
    const r = decodeTop({ i8: 1, 'dx-data:i8': 2 }, { strict });
    t.deepEqual(problems(r), [['bad-element', '/dx-data:top']]);
    t.is(errorsOf(r)[0]?.message, 'leaf "i8" is given twice in container "top", as "i8" and as "dx-data:i8"');
  }
});

test('datastore: top-level members of several modules land in their module\'s tree', (t) => {
  const roots = valueOf(decodeStore({ 'dx-augment:top-leaf': 7, 'dx-data:top-leaf': 'seven', 'dx-data:left': 1 }));
  t.deepEqual([...roots.keys()], ['dx-augment', 'dx-data']);
  t.is(roots.get('dx-augment')?.get(nodeAt(da, 'top-leaf')), 7);
  t.is(roots.get('dx-data')?.get(nodeAt(dx, 'top-leaf')), 'seven');
  t.is(roots.get('dx-data')?.get(nodeAt(dx, 'left')), 1);
});

test('datastore, simplified: an unqualified name two modules define is ambiguous (bad-element)', (t) => {
  const r = decodeStore({ 'top-leaf': 7, top: {} }, { strict: false });
  t.deepEqual(problems(r), [['bad-element', '/']]);
  t.is(errorsOf(r)[0]?.message, 'member "top-leaf" is ambiguous in the datastore: qualify it as "dx-data:top-leaf" or "dx-augment:top-leaf"');
  t.true(decodeStore({ 'dx-augment:top-leaf': 7, top: {} }, { strict: false }).ok);
});

test('a module target holds only its own top-level nodes', (t) => {
  t.deepEqual(problems(decodeDx({ 'dx-augment:top-leaf': 7 })), [['unknown-namespace', '/']]);
});

test('metadata annotations are not supported (unknown-attribute)', (t) => {
  t.deepEqual(problems(decodeTop({ '@i8': { 'm:x': 1 }, i8: 1 })), [['unknown-attribute', '/dx-data:top']]);
});
