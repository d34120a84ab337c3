import test from 'ava';
import { evaluateXPath, formatNumber, parseNumber, xpathBoolean, xpathNumber, xpathString } from '../../src/xpath/index.ts';
import { bin, call, lit, loc, neg, num } from './build.ts';
import { ctx, ev, sel } from './fixture.ts';

test('string(number) per §4.2: no exponent, integers without .0, NaN, Infinity, -0', (t) => {
  t.is(formatNumber(1), '1');
  t.is(formatNumber(-2), '-2');
  t.is(formatNumber(1.5), '1.5');
  t.is(formatNumber(-0), '0');
  t.is(formatNumber(NaN), 'NaN');
  t.is(formatNumber(Infinity), 'Infinity');
  t.is(formatNumber(-Infinity), '-Infinity');
  t.is(formatNumber(1e21), '1000000000000000000000');
  t.is(formatNumber(-1.25e22), '-12500000000000000000000');
  t.is(formatNumber(1e-7), '0.0000001');
  t.is(formatNumber(-1.5e-9), '-0.0000000015');
  t.is(formatNumber(0.1 + 0.2), '0.30000000000000004');
  t.is(ev(call('string', bin('div', num(1), num(0)))), 'Infinity');
  t.is(ev(call('string', bin('div', num(-1), num(0)))), '-Infinity');
  t.is(ev(call('string', bin('div', num(0), num(0)))), 'NaN');
  t.is(ev(call('string', neg(num(0)))), '0');
});

test('number(string) per §4.4: whitespace, optional minus, no exponent, no plus', (t) => {
  t.is(parseNumber('  12  '), 12);
  t.is(parseNumber('\t-3.5\n'), -3.5);
  t.is(parseNumber('.5'), 0.5);
  t.is(parseNumber('5.'), 5);
  t.true(Object.is(parseNumber('-0'), -0));
  for (const bad of ['', ' ', '+1', '1e3', '0x10', 'Infinity', '1 2', '--1', '-', '.']) {
    t.true(Number.isNaN(parseNumber(bad)), bad);
  }
  t.is(ev(call('number', lit('  12  '))), 12);
});

test('conversions of the four types', (t) => {
  const top = sel('top');
  t.is(xpathString(true), 'true');
  t.is(xpathString(false), 'false');
  t.is(xpathString([]), '');
  t.is(xpathString([sel('top', 'item', 0)]), 'a1xy');
  t.is(xpathNumber(true), 1);
  t.is(xpathNumber(false), 0);
  t.is(xpathNumber([sel('top', 'item', 1, 'value')]), 2);
  t.true(Number.isNaN(xpathNumber([])));
  t.false(xpathBoolean(0));
  t.false(xpathBoolean(-0));
  t.false(xpathBoolean(NaN));
  t.true(xpathBoolean(-1));
  t.false(xpathBoolean(''));
  t.true(xpathBoolean('false'));
  t.false(xpathBoolean([]));
  t.true(xpathBoolean([top]));
  // string() of a node-set is the string-value of its first node in document order.
  t.is(ev(call('string', loc('item/name')), top), 'a');
  t.is(ev(call('string'), sel('top', 'ref')), 'b');
  t.is(ev(call('number'), sel('top', 'item', 2, 'value')), 3);
  t.is(ev(call('boolean', loc('nothing')), top), false);
});

test('arithmetic: IEEE div and mod, unary minus', (t) => {
  t.is(ev(bin('div', num(1), num(0))), Infinity);
  t.true(Number.isNaN(ev(bin('div', num(0), num(0))) as number));
  t.is(ev(bin('mod', num(5), num(2))), 1);
  t.is(ev(bin('mod', num(5), num(-2))), 1);
  t.is(ev(bin('mod', num(-5), num(2))), -1);
  t.is(ev(bin('mod', num(-5), num(-2))), -1);
  t.true(Number.isNaN(ev(bin('mod', num(1), num(0))) as number));
  t.is(ev(bin('+', lit('2'), bin('*', num(3), lit(' 4 ')))), 14);
  t.is(ev(bin('-', num(1), lit('x'))), NaN);
  t.is(ev(neg(lit('3'))), -3);
  t.is(ev(bin('+', loc('item/value'), num(10)), sel('top')), 11);
});

test('and/or short-circuit and convert with boolean()', (t) => {
  t.is(ev(bin('or', lit(''), num(1))), true);
  t.is(ev(bin('and', num(1), loc('nothing'))), false);
  // count('x') is a type error when evaluated: short-circuiting never evaluates it.
  const failing = call('count', lit('x'));
  t.is(ev(bin('or', call('true'), failing)), true);
  t.is(ev(bin('and', call('false'), failing)), false);
  t.false(evaluateXPath(bin('or', call('false'), failing), ctx()).ok);
});
