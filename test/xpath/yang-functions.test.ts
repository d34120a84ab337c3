import test from 'ava';
import { evaluateXPath, type XNode, type XPathContext, type XPathValue } from '../../src/xpath/index.ts';
import type { XPathExpr } from '../../src/parser/expr/ast.ts';
import { bin, call, filter, lit, loc, num, st } from './build.ts';
import { labels } from './fixture.ts';
import { iface, ifCtx } from './yang-fixture.ts';

function ev(expr: XPathExpr, node: XNode, extra: Partial<XPathContext> = {}): XPathValue {
  const r = evaluateXPath(expr, ifCtx(node, extra));
  if (!r.ok) throw new Error(r.message);
  return r.value;
}
function fails(expr: XPathExpr, node: XNode, extra: Partial<XPathContext> = {}): string {
  const r = evaluateXPath(expr, ifCtx(node, extra));
  if (r.ok) throw new Error(`expected an error, got ${String(r.value)}`);
  return r.message;
}

test('current() is the node given as current, else the context node', (t) => {
  const mtu = iface(0, 'mtu');
  t.deepEqual(ev(call('current'), iface(0)), [iface(0)]);
  t.deepEqual(ev(call('current'), iface(0), { current: mtu }), [mtu]);
  // Inside a predicate the context node moves; current() does not.
  const sameName = bin('=', loc('name'), filter(call('current'), [], [st('..'), st('name')]));
  t.deepEqual(labels(ev(loc('/if:interfaces/if:interface', sameName), mtu)), ['interface#eth0']);
});

test('derived-from and derived-from-or-self resolve the identity through the prefixes', (t) => {
  const type = loc('type');
  t.is(ev(call('derived-from', type, lit('if:interface-type')), iface(0)), true, 'transitively');
  t.is(ev(call('derived-from', type, lit('ianaift:iana-interface-type')), iface(0)), true);
  t.is(ev(call('derived-from', type, lit('ianaift:ethernetCsmacd')), iface(0)), false, 'not from itself');
  t.is(ev(call('derived-from-or-self', type, lit('ianaift:ethernetCsmacd')), iface(0)), true);
  t.is(ev(call('derived-from-or-self', type, lit('ianaift:ethernetCsmacd')), iface(1)), false);
  t.is(ev(call('derived-from', type, lit('interface-type')), iface(0)), true, 'unprefixed: the default module');
  t.is(ev(call('derived-from', loc('nothing'), lit('if:interface-type')), iface(0)), false);
  const anyType = loc('/if:interfaces/if:interface/if:type');
  t.is(ev(call('derived-from-or-self', anyType, lit('ianaift:l2vlan')), iface(0)), true, 'any node of the set');
  t.is(ev(call('derived-from', type, call('concat', lit('if:'), lit('interface-type'))), iface(0)), true);
});

test('derived-from errors: unknown prefix (at compile time or at run time), missing hook', (t) => {
  t.regex(fails(call('derived-from', loc('type'), lit('nope:x')), iface(0)), /prefix.*nope:x/);
  t.regex(fails(call('derived-from', loc('type'), call('concat', lit('nope:'), lit('x'))), iface(0)), /prefix/);
  t.regex(fails(call('derived-from', loc('type'), lit('x')), iface(0), { defaultModule: undefined }), /prefix/);
  t.regex(fails(call('derived-from', loc('type'), lit('if:interface-type')), iface(0), { functions: {} }), /derivedFrom hook/);
  t.regex(fails(call('derived-from', lit('x'), lit('if:interface-type')), iface(0)), /node-set/);
});

test('enum-value through the hook; NaN for nothing or a non-enum', (t) => {
  t.is(ev(call('enum-value', loc('speed')), iface(0)), 5);
  t.is(ev(call('enum-value', loc('speed')), iface(1)), 0);
  t.true(Number.isNaN(ev(call('enum-value', loc('speed')), iface(2)) as number));
  t.true(Number.isNaN(ev(call('enum-value', loc('nothing')), iface(0)) as number));
  t.is(ev(bin('>', call('enum-value', loc('speed')), num(1)), iface(0)), true);
  t.regex(fails(call('enum-value', loc('speed')), iface(0), { functions: {} }), /enumValue hook/);
});

test('bit-is-set reads the space-separated bit list of the first node', (t) => {
  t.is(ev(call('bit-is-set', loc('flags'), lit('up')), iface(0)), true);
  t.is(ev(call('bit-is-set', loc('flags'), lit('running')), iface(0)), true);
  t.is(ev(call('bit-is-set', loc('flags'), lit('down')), iface(0)), false);
  t.is(ev(call('bit-is-set', loc('flags'), lit('')), iface(1)), false);
  t.is(ev(call('bit-is-set', loc('nothing'), lit('up')), iface(0)), false);
});

test('re-match uses XSD regular expressions, anchored', (t) => {
  const m = (s: string, p: string) => ev(call('re-match', lit(s), lit(p)), iface(0));
  t.is(m('1.22.333', '\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}'), true);
  t.is(m('abc', 'b'), false, 'the whole string must match');
  t.is(m('a$', 'a$'), true, '$ is an ordinary character');
  t.is(m('x', '[a-z-[aeiou]]'), true, 'class subtraction');
  t.is(m('e', '[a-z-[aeiou]]'), false);
  t.is(ev(call('re-match', loc('name'), lit('eth[0-9]+')), iface(0)), true, 'a node-set argument is converted with string()');
  t.regex(fails(call('re-match', lit('a'), lit('(')), iface(0)), /regular expression/);
});

test('deref follows the reference of the first node', (t) => {
  const lower = loc('lower-layer-if');
  t.deepEqual(labels(ev(call('deref', lower), iface(2))), ['name=eth0']);
  t.deepEqual(labels(ev(filter(call('deref', lower), [], [st('..'), st('mtu')]), iface(2))), ['mtu=1500']);
  t.is(ev(bin('=', filter(call('deref', lower), [], [st('..'), st('mtu')]), num(1500)), iface(2)), true);
  t.deepEqual(ev(call('deref', loc('nothing')), iface(2)), []);
  t.regex(fails(call('deref', lower), iface(2), { functions: {} }), /deref hook/);
});
