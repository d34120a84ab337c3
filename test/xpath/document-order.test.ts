import test from 'ava';
import { DocumentOrder, evaluateXPath, jsonXNode, type XNode } from '../../src/xpath/index.ts';
import { bin, call, loc, num } from './build.ts';
import { ctx, ev, labels, root, sel } from './fixture.ts';
import { plainTree } from './plain-x-node.ts';

const all = (n: XNode): XNode[] => [n, ...[...n.children()].flatMap(all)];

for (const [name, tree] of [
  ['json', root],
  ['plain', plainTree('m', [
    { name: 'a', kids: [{ name: 'b', value: '1' }, { name: 'c', kids: [{ name: 'd', value: '2' }] }] },
    { name: 'e', kids: [{ name: 'f', value: '3' }] },
  ])],
] as const) {
  test(`compare agrees with the preorder (${name} nodes)`, (t) => {
    const nodes = all(tree);
    const order = new DocumentOrder();
    for (let i = 0; i < nodes.length; i++) {
      for (let j = 0; j < nodes.length; j++) {
        t.is(Math.sign(order.compare(nodes[i] as XNode, nodes[j] as XNode)), Math.sign(i - j));
      }
    }
    const shuffled = [...nodes].reverse().concat(nodes);
    t.deepEqual(order.sort(shuffled), nodes, 'sort orders and removes duplicates');
  });
}

test('nodes of different trees have a consistent order', (t) => {
  const a = jsonXNode({ 'm:x': 1 });
  const b = jsonXNode({ 'm:y': 1 });
  const order = new DocumentOrder();
  const ab = order.compare(a, b);
  t.not(ab, 0);
  t.is(Math.sign(order.compare([...b.children()][0] as XNode, [...a.children()][0] as XNode)), -Math.sign(ab));
});

test('unions are in document order without duplicates', (t) => {
  const top = sel('top');
  t.deepEqual(labels(ev(bin('|', loc('ref'), loc('item/name')), top)), ['name=a', 'name=b', 'name=c', 'ref=b']);
  t.deepEqual(labels(ev(bin('|', loc('item'), loc('item')), top)), ['item#a', 'item#b', 'item#c']);
  t.deepEqual(labels(ev(bin('|', bin('|', loc('//ex:tag'), loc('/ex:top')), loc('//ex:item', num(2))))), [
    'top', 'tag=x', 'tag=y', 'item#b', 'tag=y',
  ]);
});

test('a step from several context nodes merges into document order', (t) => {
  // parent of every name: each item once; ancestors of every leaf: de-duplicated.
  t.deepEqual(labels(ev(loc('//ex:name/..'))), ['item#a', 'item#b', 'item#c']);
  t.deepEqual(labels(ev(loc('//ex:tag/ancestor::*'))), ['top', 'item#a', 'item#b']);
  t.deepEqual(labels(ev(loc('//ex:item/following-sibling::*'), sel('top'))), ['item#b', 'item#c', 'ref=b', 'flag=', 'extra']);
});

test('the | operator needs node-sets', (t) => {
  const r = evaluateXPath(bin('|', loc('a'), call('true')), ctx());
  t.false(r.ok);
  if (!r.ok) t.regex(r.message, /node-set/);
});
