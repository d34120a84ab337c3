import test from 'ava';
import { parseXPath } from '../../src/parser/expr/index.ts';
import { evaluateXPath, jsonXNode, type XNode } from '../../src/xpath/index.ts';
import { isContextFree } from '../../src/xpath/context-free.ts';
import { ev, labels, sel } from './fixture.ts';

const parsed = (text: string) => {
  const p = parseXPath(text);
  if (!p.ok) throw new Error(p.message);
  return p.value;
};

test('context-free: literals, absolute paths, current(), and what is built only from them', (t) => {
  for (const text of ['1', "'a'", '/a/b', 'current()/../x', 'count(/a) + 1', 'string(/a)', '(/a | /b)[1]/c', 'concat("a", current())']) {
    t.true(isContextFree(parsed(text)), text);
  }
  for (const text of ['a', '.', 'position()', 'last()', 'string()', 'name()', 'number()', 'lang("en")', 'count(a)', '/a | b', '$v']) {
    t.false(isContextFree(parsed(text)), text);
  }
});

test('context-dependent parts of predicates are still evaluated per candidate', (t) => {
  const top = sel('top');
  t.deepEqual(labels(ev(parsed('item[string-length() > 2]'), top)), ['item#a', 'item#b']);
  t.deepEqual(labels(ev(parsed('item[name = /ex:top/ex:ref or position() = 1]'), top)), ['item#a', 'item#b']);
  t.deepEqual(labels(ev(parsed('item[value > count(/ex:top/ex:item) - 2]'), top)), ['item#b', 'item#c']);
});

test('a context-free part is re-evaluated for nodes of another tree', (t) => {
  const a = jsonXNode({ 'm:v': 'x', 'm:r': 'k' });
  const b = jsonXNode({ 'm:v': 'y', 'm:r': 'k' });
  const [, refA] = [...a.children()] as XNode[];
  const [, refB] = [...b.children()] as XNode[];
  const r = evaluateXPath(parsed("(. | deref(.))[/m:v = 'x']"), {
    node: refA as XNode, prefixes: new Map([['m', 'm']]), defaultModule: 'm',
    functions: { deref: () => [refB as XNode] },
  });
  t.deepEqual(r, { ok: true, value: [refA] });
  const r2 = evaluateXPath(parsed("(. | deref(.))[/m:v = 'y']"), {
    node: refA as XNode, prefixes: new Map([['m', 'm']]), defaultModule: 'm',
    functions: { deref: () => [refB as XNode] },
  });
  t.deepEqual(r2, { ok: true, value: [refB] });
});
