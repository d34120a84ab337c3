import test from 'ava';
import { bin, call, lit, loc, neg, num } from './build.ts';
import { ev, sel } from './fixture.ts';

const n = (name: string, x: number) => ev(call(name, num(x))) as number;
const inf = bin('div', num(1), num(0));

test('round: half up toward +Infinity, -0 for [-0.5, -0]', (t) => {
  t.is(n('round', 2.5), 3);
  t.is(n('round', -2.5), -2);
  t.is(n('round', 2.4999), 2);
  t.true(Object.is(n('round', -0.5), -0));
  t.true(Object.is(n('round', -0.2), -0));
  t.is(n('round', 0.49999999999999994), 0);
  t.true(Number.isNaN(ev(call('round', lit('x'))) as number));
  t.is(ev(call('round', inf)), Infinity);
  t.is(ev(call('string', call('round', num(-0.5)))), '0');
});

test('floor and ceiling', (t) => {
  t.is(n('floor', 2.7), 2);
  t.is(n('floor', -2.1), -3);
  t.is(n('ceiling', 2.1), 3);
  t.is(n('ceiling', -2.7), -2);
  t.true(Object.is(n('ceiling', -0.5), -0));
  t.is(ev(call('floor', neg(inf))), -Infinity);
});

test('sum over node-sets; over nothing it is 0', (t) => {
  t.is(ev(call('sum', loc('item/value')), sel('top')), 6);
  t.is(ev(call('sum', loc('nothing')), sel('top')), 0);
  t.true(Number.isNaN(ev(call('sum', loc('item/name')), sel('top')) as number));
});

test('number() with and without an argument', (t) => {
  t.is(ev(call('number'), sel('top', 'extra', 'n')), 5);
  t.is(ev(call('number', call('true'))), 1);
  t.true(Number.isNaN(ev(call('number', lit('1e3'))) as number));
});
