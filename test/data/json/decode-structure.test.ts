/** Lists and keys, duplicates, choices, state data, every kind of target, and error collection. */
import test from 'ava';
import type { DataContainer } from '../../../src/data/data-container.ts';
import { childPath, rootPath } from '../../../src/data/data-path.ts';
import { decodeData } from '../../../src/data/json/index.ts';
import type { ContainerMeta, ListMeta } from '../../../src/meta/meta.ts';
import { decodeDx, decodeTop, dx, errorsOf, problems, schema, valueOf } from './decode-helpers.ts';
import { compile, featuresDir, moduleOf, nodeAt } from './fixtures.ts';

const top = nodeAt(dx, 'top') as ContainerMeta;
const entry = nodeAt(dx, 'top', 'entry') as ListMeta;

test('list entries: errors inside carry the keys; key errors are at list/key', (t) => {
  const r = decodeTop({ entry: [{ name: 'a', index: 1, weight: 'x' }, { name: 'b', index: -1, weight: 'y' }] });
  t.deepEqual(problems(r), [
    ['invalid-value', "/dx-data:top/entry[name='a'][index='1']/weight"],
    ['invalid-value', '/dx-data:top/entry/index'],
    ['invalid-value', '/dx-data:top/entry/weight'],
  ]);
});

test('an entry without a key: missing-element (RFC 7950 §8.3.1) at the list, no predicates, one per missing key', (t) => {
  const r = decodeTop({ entry: [{ name: 'a' }, { weight: '1' }], 'by-id': [{}] });
  t.deepEqual(problems(r), [
    ['missing-element', '/dx-data:top/entry'],
    ['missing-element', '/dx-data:top/entry'],
    ['missing-element', '/dx-data:top/entry'],
    ['missing-element', '/dx-data:top/by-id'],
  ]);
  t.is(errorsOf(r)[0]?.message, 'an entry of list "entry" has no value for its key "index"');
  t.deepEqual(errorsOf(r)[0]?.info, { 'bad-element': 'index' });
  t.is(errorsOf(r)[0]?.type, 'application');
});

test('two entries with the same keys: invalid-value at the second one', (t) => {
  const r = decodeTop({
    entry: [{ name: 'a', index: 1 }, { name: 'a', index: 2 }, { index: 1, name: 'a', weight: '2' }],
    'by-id': [{ id: '5' }, { id: '05' }],
  });
  t.deepEqual(problems(r), [
    ['invalid-value', "/dx-data:top/entry[name='a'][index='1']"],
    ['invalid-value', "/dx-data:top/by-id[id='5']"],
  ]);
  t.is(errorsOf(r)[0]?.message, 'list "entry" has two entries with the same key; keys must be unique');
});

test('a config leaf-list value given twice: invalid-value at [.=value]; state leaf-lists may repeat', (t) => {
  const r = decodeTop({ tags: ['a', 'b', 'a'], ids: ['1', '01'], pets: ['dog', 'dx-data:dog'] });
  t.deepEqual(problems(r), [
    ['invalid-value', "/dx-data:top/tags[.='a']"],
    ['invalid-value', "/dx-data:top/ids[.='1']"],
    ['invalid-value', "/dx-data:top/pets[.='dx-data:dog']"],
  ]);
  const state = valueOf(decodeTop({ stats: { history: [1, 1] } }, { content: 'all' }));
  const stats = (state.get(top) as DataContainer).get(nodeAt(dx, 'top', 'stats')) as DataContainer;
  t.deepEqual(stats.get(nodeAt(dx, 'top', 'stats', 'history')), [1, 1]);
});

test('members of two cases of one choice: bad-element at the object, nested and augmented cases too', (t) => {
  const r = decodeTop({
    entry: [
      { name: 'a', index: 1, simple: true, a: 'x' },
      { name: 'b', index: 1, a: 'x', b: 1, c: [null] },
      { name: 'c', index: 1, 'dx-augment:z': 1, b: 2 },
      { name: 'd', index: 1, a: 'x', c: [null] },
    ],
  });
  t.deepEqual(problems(r), [
    ['bad-element', "/dx-data:top/entry[name='a'][index='1']"],
    ['bad-element', "/dx-data:top/entry[name='b'][index='1']"],
    ['bad-element', "/dx-data:top/entry[name='c'][index='1']"],
  ]);
  t.is(errorsOf(r)[0]?.message, 'member "a" (case "complex") and member "simple" (case "simple") are in different cases of choice "how"; only one case may be given');
  t.is(errorsOf(r)[1]?.message, 'member "c" (case "c") and member "b" (case "b") are in different cases of choice "detail"; only one case may be given');
  t.deepEqual(problems(decodeDx({ 'dx-data:left': 1, 'dx-data:right': 2 })), [['bad-element', '/']]);
});

test('content config: state data is unknown-element at the node; content all accepts it', (t) => {
  const doc = { i8: 1, stats: { count: '5', sample: [{ v: 1 }, { v: 1 }] } };
  const r = decodeTop(doc);
  t.deepEqual(problems(r), [['unknown-element', '/dx-data:top/stats']]);
  t.is(errorsOf(r)[0]?.message, 'container "stats" is state data (config false) and cannot appear in configuration');
  const c = valueOf(decodeTop(doc, { content: 'all' }));
  const stats = (c.get(top) as DataContainer).get(nodeAt(dx, 'top', 'stats')) as DataContainer;
  t.is((stats.get(nodeAt(dx, 'top', 'stats', 'sample')) as DataContainer[]).length, 2, 'a keyless list has no duplicate check');
});

test('every error of a document is reported, in document order', (t) => {
  const r = decodeDx({
    'dx-data:top': { i8: 'x', nope: 1, entry: [{ name: 'a' }], tags: ['a', 'a'], stats: {}, flag: 1 },
    'dx-data:left': 300,
    top2: 1,
  });
  t.deepEqual(problems(r), [
    ['invalid-value', '/dx-data:top/i8'],
    ['unknown-element', '/dx-data:top'],
    ['missing-element', '/dx-data:top/entry'],
    ['invalid-value', "/dx-data:top/tags[.='a']"],
    ['unknown-element', '/dx-data:top/stats'],
    ['invalid-value', '/dx-data:top/flag'],
    ['invalid-value', '/dx-data:left'],
    ['unknown-element', '/'],
  ]);
});

test('target: a container, with the path where it sits', (t) => {
  const path = childPath(rootPath, top);
  const c = valueOf(decodeData({ i8: 1, 'dx-augment:extra': 2 }, top, { strict: true, content: 'config', schema, path }));
  t.is(c.meta, top);
  t.is(c.get(nodeAt(dx, 'top', 'extra')), 2);
  t.deepEqual(problems(decodeData({ i8: 'x' }, top, { strict: true, content: 'config', schema, path })), [['invalid-value', '/dx-data:top/i8']]);
  t.deepEqual(problems(decodeData([], top, { strict: true, content: 'config', schema, path })), [['invalid-value', '/dx-data:top']]);
});

test('target: one list entry; its path gets the decoded keys', (t) => {
  const path = childPath(childPath(rootPath, top), entry);
  const options = { strict: true, content: 'config', schema, path } as const;
  const c = valueOf(decodeData({ name: 'a', index: 2, weight: '1.5' }, entry, options));
  t.is(c.meta, entry);
  t.is(c.get(nodeAt(entry, 'weight')), '1.5');
  t.deepEqual(problems(decodeData({ name: 'a', index: 2, weight: 'x' }, entry, options)), [['invalid-value', "/dx-data:top/entry[name='a'][index='2']/weight"]]);
  t.deepEqual(problems(decodeData({ name: 'a' }, entry, options)), [['missing-element', '/dx-data:top/entry']]);
});

test('target: rpc input (augmented member qualified in strict mode) and output; a notification', (t) => {
  const run = dx.rpcs[0];
  if (run === undefined) return t.fail();
  const path = childPath(rootPath, run);
  const options = { strict: true, content: 'all', schema, path } as const;
  const input = valueOf(decodeData({ count: 3, names: ['a'], 'dx-augment:reason': 'why' }, run.input, options));
  t.is(input.meta, run.input);
  t.is(input.size, 3);
  t.deepEqual(problems(decodeData({ count: -1, reason: 'why' }, run.input, options)), [
    ['invalid-value', '/dx-data:run/count'], ['unknown-namespace', '/dx-data:run'],
  ]);
  t.is(valueOf(decodeData({ count: 3, reason: 'why' }, run.input, { ...options, strict: false })).size, 2);
  const output = valueOf(decodeData({ result: '-1' }, run.output, options));
  t.deepEqual([...output.values.values()], [-1n]);
  const event = dx.notifications[0];
  if (event === undefined) return t.fail();
  const n = valueOf(decodeData({ severity: 2, detail: { text: 'x' } }, event, { ...options, path: childPath(rootPath, event) }));
  t.is(n.size, 2);
  t.deepEqual(problems(decodeData({ severity: 256 }, event, { ...options, path: childPath(rootPath, event) })), [['invalid-value', '/dx-data:event/severity']]);
  t.deepEqual(problems(decodeData({ count: 1 }, run.input, { ...options, content: 'config' })), [['unknown-element', '/dx-data:run/count']], 'input nodes are not config');
});

test('error paths name the module where the namespace changes (fx-augment fixtures)', (t) => {
  const s = compile(featuresDir, ['fx-augment-base.yang', 'fx-augment-ext.yang']);
  const base = moduleOf(s, 'fx-augment-base');
  const r = decodeData({
    'fx-augment-base:interfaces': { interface: [{ name: 'e0', 'fx-augment-ext:mtu': 70000, plain: [null], 'fx-augment-ext:bridge': 'br0' }] },
  }, base, { strict: true, content: 'config', schema: s });
  t.deepEqual(problems(r), [
    ['invalid-value', "/fx-augment-base:interfaces/interface[name='e0']/fx-augment-ext:mtu"],
    ['bad-element', "/fx-augment-base:interfaces/interface[name='e0']"],
  ]);
});
