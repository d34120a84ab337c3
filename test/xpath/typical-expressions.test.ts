import test from 'ava';
import { compileXPath, evaluateXPathBoolean, jsonXNode, type XNode } from '../../src/xpath/index.ts';
import type { XPathExpr } from '../../src/parser/expr/ast.ts';
import { bin, call, filter, lit, loc, num, path, st } from './build.ts';
import { ctx, sel } from './fixture.ts';
import { iface, ifCtx } from './yang-fixture.ts';

function holds(expr: XPathExpr, c: Parameters<typeof evaluateXPathBoolean>[1]): boolean {
  const r = evaluateXPathBoolean(expr, c);
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

test("when: ../type = 'ianaift:ethernetCsmacd' matches the canonical module:identity value", (t) => {
  const isEthernet = bin('=', loc('../type'), lit('ianaift:ethernetCsmacd'));
  t.true(holds(isEthernet, ifCtx(iface(0, 'mtu'))));
  t.false(holds(isEthernet, ifCtx(iface(1, 'mtu'))));
  t.true(holds(bin('=', lit('ianaift:ethernetCsmacd'), loc('../type')), ifCtx(iface(0, 'mtu'))), 'literal on the left');
  t.true(holds(bin('=', loc('../type'), lit('iana-if-type:ethernetCsmacd')), ifCtx(iface(0, 'mtu'))), 'module name as written');
  t.false(holds(bin('!=', loc('../type'), lit('ianaift:ethernetCsmacd')), ifCtx(iface(0, 'mtu'))));
  t.true(holds(bin('!=', loc('../type'), lit('ianaift:ethernetCsmacd')), ifCtx(iface(1, 'mtu'))));
});

test('must: count(/ex:top/ex:item[ex:name = current()/../ex:ref]) = 1', (t) => {
  const refOk = bin('=', call('count', path(true,
    st('ex:top'),
    st('ex:item', bin('=', loc('ex:name'), filter(call('current'), [], [st('..'), st('ex:ref')]))),
  )), num(1));
  const ref = sel('top', 'ref');
  t.true(holds(refOk, ctx(ref, { current: ref })));
  const dangling = jsonXNode({ 'example:top': { item: [{ name: 'a' }], ref: 'z' } });
  const danglingRef = [...([...dangling.children()][0] as XNode).children()][1] as XNode;
  t.is(danglingRef.name, 'ref');
  t.false(holds(refOk, ctx(danglingRef, { current: danglingRef })));
});

test('leafref existence: the path with a predicate on current()', (t) => {
  const target = path(true, st('if:interfaces'), st('if:interface', bin('=', loc('if:name'), call('current'))), st('if:name'));
  const lower = iface(2, 'lower-layer-if');
  t.true(holds(target, ifCtx(lower, { current: lower })));
  const c = compileXPath(target, { prefixes: new Map([['if', 'ietf-interfaces']]), defaultModule: 'ietf-interfaces' });
  if (!c.ok) return t.fail(c.message);
  const r = c.value.evaluateBoolean({ node: iface(0, 'name'), current: iface(0, 'type') });
  t.deepEqual(r, { ok: true, value: false });
});

const event = jsonXNode({
  'example:car-event': {
    status: 'stopped',
    tire: [{ pos: 'fl', wear: 15 }, { pos: 'fr', wear: 40 }],
    'other:driver': { name: 'kim' },
  },
});
const eventNode = [...event.children()][0] as XNode;
const filterCtx = (node: XNode) => ({ node, prefixes: new Map<string, string>(), defaultModule: undefined });

test("filter: status = 'stopped', tire/wear < 20, unprefixed names match any module", (t) => {
  t.true(holds(bin('=', loc('status'), lit('stopped')), filterCtx(eventNode)));
  t.false(holds(bin('=', loc('status'), lit('running')), filterCtx(eventNode)));
  t.true(holds(bin('<', loc('tire/wear'), num(20)), filterCtx(eventNode)));
  t.false(holds(bin('<', loc('tire/wear'), num(10)), filterCtx(eventNode)));
  t.true(holds(bin('=', loc('driver/name'), lit('kim')), filterCtx(eventNode)));
  t.true(holds(loc('/car-event'), filterCtx(event)));
  t.true(holds(bin('and', loc('//status'), bin('>', call('count', loc('//tire')), num(1))), filterCtx(event)));
});

test('with a default module, unprefixed names only match that module', (t) => {
  t.deepEqual(holds(loc('driver'), { ...filterCtx(eventNode), defaultModule: 'example' }), false);
  t.deepEqual(holds(loc('status'), { ...filterCtx(eventNode), defaultModule: 'example' }), true);
  t.deepEqual(holds(loc('driver'), { ...filterCtx(eventNode), defaultModule: 'other' }), true);
});
