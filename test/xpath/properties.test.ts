import test from 'ava';
import fc from 'fast-check';
import { evaluateXPath, isNodeSet, jsonXNode, type XNode } from '../../src/xpath/index.ts';
import type { XPathExpr } from '../../src/parser/expr/ast.ts';
import { bin, call, loc } from './build.ts';

type Scalar = string | number | boolean;
type Value = Scalar | Obj | Obj[] | Scalar[] | [null];
interface Obj { [k: string]: Value }

const name = fc.constantFrom('a', 'b', 'c', 'm:a', 'n:b');
const scalar: fc.Arbitrary<Scalar> = fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: -5, max: 5 }), fc.boolean());
const { obj } = fc.letrec<{ obj: Obj; value: Value }>((tie) => ({
  obj: fc.dictionary(name, tie('value'), { maxKeys: 4 }),
  value: fc.oneof(
    { depthSize: 'small' },
    scalar,
    tie('obj'),
    fc.array(tie('obj'), { maxLength: 3 }),
    fc.array(scalar, { maxLength: 3 }),
    fc.constant([null] as [null]),
  ),
}));

/** Element count by the RFC 7951 mapping, computed from the JSON directly. */
function elements(o: Obj): number {
  let n = 0;
  for (const v of Object.values(o)) {
    if (Array.isArray(v)) {
      if (v.length === 1 && v[0] === null) n += 1;
      else for (const e of v) n += 1 + (typeof e === 'object' && e !== null ? elements(e as Obj) : 0);
    } else n += 1 + (typeof v === 'object' ? elements(v) : 0);
  }
  return n;
}

const scope = { prefixes: new Map([['m', 'm'], ['n', 'n']]), defaultModule: undefined };

function nodes(expr: XPathExpr, root: XNode): readonly XNode[] {
  const r = evaluateXPath(expr, { node: root, ...scope });
  if (!r.ok || !isNodeSet(r.value)) throw new Error(r.ok ? 'not a node-set' : r.message);
  return r.value;
}

function preorder(root: XNode): Map<XNode, number> {
  const index = new Map<XNode, number>();
  const walk = (n: XNode): void => {
    index.set(n, index.size);
    for (const c of n.children()) walk(c);
  };
  walk(root);
  return index;
}

test('count(//*) is the number of element nodes', (t) => {
  fc.assert(fc.property(obj, (o) => {
    const r = evaluateXPath(call('count', loc('//*')), { node: jsonXNode(o), ...scope });
    return r.ok && r.value === elements(o);
  }));
  t.pass();
});

const paths = ['//a', '//b', '//*', '//a/..', '//m:*', '/*/*', '//b/ancestor::*', '//a/following::*', '//c/preceding::*', '//n:b/preceding-sibling::*'];
const pathArb = fc.constantFrom(...paths).map((p) => loc(p));

test('a | b has no duplicates, is in document order, and is the union of a and b', (t) => {
  fc.assert(fc.property(obj, pathArb, pathArb, (o, a, b) => {
    const root = jsonXNode(o);
    const order = preorder(root);
    const u = nodes(bin('|', a, b), root);
    const idx = u.map((n) => order.get(n) ?? -1);
    const increasing = idx.every((v, i) => v >= 0 && (i === 0 || v > (idx[i - 1] as number)));
    const expected = new Set([...nodes(a, root), ...nodes(b, root)]);
    return increasing && u.length === expected.size && u.every((n) => expected.has(n));
  }));
  t.pass();
});

test('every location path yields a node-set in document order without duplicates', (t) => {
  fc.assert(fc.property(obj, pathArb, (o, p) => {
    const root = jsonXNode(o);
    const order = preorder(root);
    const idx = nodes(p, root).map((n) => order.get(n) ?? -1);
    return idx.every((v, i) => v >= 0 && (i === 0 || v > (idx[i - 1] as number)));
  }));
  t.pass();
});
