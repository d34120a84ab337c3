/** The same evaluator driven through the real parser (src/parser/expr). */
import test from 'ava';
import { parseXPath } from '../../src/parser/expr/index.ts';
import { evaluateXPath, type XNode, type XPathContext, type XPathValue } from '../../src/xpath/index.ts';
import { ctx, labels, root, sel } from './fixture.ts';
import { iface, ifCtx } from './yang-fixture.ts';

function run(text: string, c: XPathContext): XPathValue {
  const p = parseXPath(text);
  if (!p.ok) throw new Error(`parse error in ${text}: ${p.message}`);
  const r = evaluateXPath(p.value, c);
  if (!r.ok) throw new Error(`${text}: ${r.message}`);
  return r.value;
}
const at = (text: string, node: XNode = root, extra: Partial<XPathContext> = {}) => run(text, ctx(node, extra));

test('spec edge cases, written as text', (t) => {
  t.is(at('substring("12345", 1.5, 2.6)'), '234');
  t.is(at('substring("12345", 0, 3)'), '12');
  t.is(at('substring("12345", 0 div 0, 3)'), '');
  t.is(at('substring("12345", -42, 1 div 0)'), '12345');
  t.is(at('substring("12345", -1 div 0, 1 div 0)'), '');
  t.true(Object.is(at('round(-0.5)'), -0));
  t.is(at('string(1 div 0)'), 'Infinity');
  t.is(at('string(-0)'), '0');
  t.is(at('number("  12  ")'), 12);
  t.is(at('sum(/nothing)'), 0);
  t.is(at('5 mod -2'), 1);
  t.is(at('-5 mod 2'), -1);
  t.is(at('- - 3'), 3);
  t.is(at('string(0.1 + 0.2)'), '0.30000000000000004');
  t.is(at('translate("--aaa--", "abc-", "ABC")'), 'AAA');
});

test('abbreviated paths', (t) => {
  const top = sel('top');
  t.deepEqual(labels(at('//ex:item[2]/ex:name')), ['name=b']);
  t.deepEqual(labels(at('item[last()]/tag', top)), []);
  t.deepEqual(labels(at('item[tag = "y"][2]', top)), ['item#b']);
  t.deepEqual(labels(at('(//ex:tag)[last()]')), ['tag=y']);
  t.deepEqual(labels(at('(//ex:tag)[last()]/..')), ['item#b']);
  t.deepEqual(labels(at('//ex:tag[1]')), ['tag=x', 'tag=y']);
  t.deepEqual(labels(at('.//name', top)), ['name=a', 'name=b', 'name=c']);
  t.deepEqual(labels(at('../ex:ref | ../ex:item[1]', sel('top', 'flag'))), ['item#a', 'ref=b']);
  t.deepEqual(labels(at('ancestor::*[1]', sel('top', 'item', 1, 'name'))), ['item#b']);
  t.deepEqual(labels(at('preceding-sibling::*[1]', sel('top', 'ref'))), ['item#c']);
  t.deepEqual(labels(at('o:extra/*', top)), ['note=hi', 'n=5']);
  t.deepEqual(labels(at('o:*', top)), ['extra']);
  t.deepEqual(labels(at('@*', top)), []);
  t.is(at('count(//*)'), 34);
  t.is(at('count(/descendant::node())'), 34);
  t.is(at('count(//node())'), 34, '//x is a child step: never the root');
  t.is(at('count(/descendant-or-self::node())'), 35, 'the root too');
});

test('comparisons as text', (t) => {
  const top = sel('top');
  t.is(at('item/value > 2', top), true);
  t.is(at('item/value > 3', top), false);
  t.is(at('item/name = ref', top), true);
  t.is(at('not(item/name != ref)', top), false);
  t.is(at('flag = ""', top), true, 'an empty leaf has the empty string value');
  t.is(at('boolean(flag)', top), true);
  t.is(at('"10" > "9"'), true);
  t.is(at('true() = "x"'), true);
});

test('typical YANG expressions as text', (t) => {
  const y = (text: string, node: XNode, extra: Partial<XPathContext> = {}) => run(text, ifCtx(node, extra));
  t.is(y("../type = 'ianaift:ethernetCsmacd'", iface(0, 'mtu')), true);
  t.is(y("derived-from-or-self(../type, 'ianaift:ethernetCsmacd')", iface(0, 'mtu')), true);
  t.is(y("derived-from(type, 'if:interface-type')", iface(1)), true);
  t.is(y("count(/if:interfaces/if:interface[if:name = current()]) = 1", iface(2, 'lower-layer-if')), true);
  t.deepEqual(y('deref(.)/../mtu', iface(2, 'lower-layer-if')), [iface(0, 'mtu')]);
  t.is(y('deref(.)/../mtu >= 1500', iface(2, 'lower-layer-if')), true);
  t.is(y("enum-value(speed) > 1 and bit-is-set(flags, 'up')", iface(0)), true);
  t.is(y("re-match(name, 'eth\\d+')", iface(0)), true);
  t.is(y("not(re-match(name, 'eth\\d+'))", iface(1)), true);
  t.is(y('mtu <= 9000 or not(type = "ianaift:softwareLoopback")', iface(1)), false);
});

test('text with errors is reported as data', (t) => {
  for (const [text, re] of [
    ['foo(1)', /unknown function/],
    ['count()', /count\(\) takes 1 argument/],
    ['zz:a', /unknown prefix 'zz'/],
    ['$x = 1', /variable/],
    ['count("a")', /node-set/],
  ] as const) {
    const p = parseXPath(text);
    if (!p.ok) return t.fail(`parse error in ${text}: ${p.message}`);
    const r = evaluateXPath(p.value, ctx());
    t.false(r.ok, text);
    if (!r.ok) t.regex(r.message, re);
  }
});
