import test from 'ava';
import { jsonXNode, nodeStringValue, type XNode } from '../../src/xpath/index.ts';

const kids = (n: XNode): XNode[] => [...n.children()];

test('module-qualified names set the module, unqualified ones inherit it', (t) => {
  const root = jsonXNode({ 'a:top': { x: 1, 'b:y': { z: 'q' } } });
  t.is(root.kind, 'root');
  t.is(root.module, '');
  t.is(root.parent, undefined);
  const [top] = kids(root);
  t.deepEqual([top?.kind, top?.module, top?.name], ['container', 'a', 'top']);
  const [x, y] = kids(top as XNode);
  t.deepEqual([x?.kind, x?.module, x?.name, x?.stringValue()], ['leaf', 'a', 'x', '1']);
  t.deepEqual([y?.module, y?.name], ['b', 'y']);
  const [z] = kids(y as XNode);
  t.deepEqual([z?.module, z?.parent], ['b', y]);
});

test('arrays of objects are list entries, arrays of scalars leaf-list entries, [null] an empty leaf', (t) => {
  const root = jsonXNode({ 'm:c': { l: [{ k: 'x' }, { k: 'y' }], ll: [1, true, 'z'], e: [null], none: [] } });
  const [c] = kids(root);
  const all = kids(c as XNode);
  t.deepEqual(all.map((n) => `${n.kind}:${n.name}:${n.stringValue()}`), [
    'list-entry:l:', 'list-entry:l:', 'leaf-list-entry:ll:1', 'leaf-list-entry:ll:true', 'leaf-list-entry:ll:z', 'leaf:e:',
  ]);
  t.deepEqual(all.map((n) => n.siblingIndex), [0, 1, 2, 3, 4, 5]);
  t.is(nodeStringValue(all[1] as XNode), 'y');
});

test('children are stable objects (node identity)', (t) => {
  const root = jsonXNode({ 'm:c': { a: 1 } });
  const first = kids(root)[0] as XNode;
  t.is(kids(root)[0], first);
  t.is(kids(first)[0], kids(first)[0]);
});

test('metadata members are skipped', (t) => {
  const root = jsonXNode({ 'm:c': { '@': { 'ietf-origin:origin': 'x' }, a: 1, '@a': { 'm:ann': 2 } } });
  t.deepEqual(kids(kids(root)[0] as XNode).map((n) => n.name), ['a']);
});

test('string-value of an interior node concatenates its leaves in document order', (t) => {
  const root = jsonXNode({ 'm:c': { a: 'x', b: { c: 'y', d: [1, 2] }, e: 'z' } });
  t.is(nodeStringValue(root), 'xy12z');
});
