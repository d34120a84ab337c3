import test from 'ava';
import { bin, call, lit, loc, num, path, st } from './build.ts';
import { ev, sel } from './fixture.ts';

const top = () => sel('top');
const values = loc('item/value'); // 1, 2, 3
const tags = loc('item/tag'); // x, y, y
const none = loc('nothing');

test('node-set vs number: some node whose number compares', (t) => {
  t.is(ev(bin('=', values, num(2)), top()), true);
  t.is(ev(bin('=', values, num(4)), top()), false);
  t.is(ev(bin('!=', values, num(2)), top()), true);
  t.is(ev(bin('<', values, num(2)), top()), true);
  t.is(ev(bin('<', values, num(1)), top()), false);
  t.is(ev(bin('>=', values, num(3)), top()), true);
  t.is(ev(bin('>', num(2), values), top()), true, 'operand order matters for relations');
  t.is(ev(bin('<', num(3), values), top()), false);
  t.is(ev(bin('=', none, num(0)), top()), false);
  t.is(ev(bin('!=', none, num(0)), top()), false);
});

test('node-set vs string: = and != compare strings, relations compare numbers', (t) => {
  t.is(ev(bin('=', tags, lit('y')), top()), true);
  t.is(ev(bin('=', tags, lit('z')), top()), false);
  t.is(ev(bin('!=', tags, lit('y')), top()), true);
  t.is(ev(bin('=', values, lit('2.0')), top()), false, 'strings, not numbers');
  t.is(ev(bin('<', values, lit(' 1.5 ')), top()), true);
  t.is(ev(bin('=', lit('x'), tags), top()), true);
});

test('node-set vs boolean: the node-set is converted with boolean()', (t) => {
  t.is(ev(bin('=', values, call('true')), top()), true);
  t.is(ev(bin('=', none, call('false')), top()), true);
  t.is(ev(bin('!=', none, call('true')), top()), true);
  t.is(ev(bin('<', none, call('true')), top()), true, '0 < 1');
  t.is(ev(bin('=', call('false'), tags), top()), false);
});

test('node-set vs node-set: some pair of nodes', (t) => {
  t.is(ev(bin('=', tags, loc('ref')), top()), false);
  t.is(ev(bin('=', loc('item/name'), loc('ref')), top()), true);
  t.is(ev(bin('!=', loc('item/name'), loc('ref')), top()), true);
  t.is(ev(bin('!=', loc('ref'), loc('ref')), top()), false);
  const tagOfB = path(false, st('item', num(2)), st('tag')); // y
  t.is(ev(bin('!=', tagOfB, tagOfB), top()), false);
  t.is(ev(bin('!=', tagOfB, tags), top()), true, 'y != x');
  t.is(ev(bin('!=', tags, tagOfB), top()), true);
  t.is(ev(bin('=', loc('item/tag'), none), top()), false);
  t.is(ev(bin('!=', loc('item/tag'), none), top()), false);
  t.is(ev(bin('<', values, values), top()), true, '1 < 3');
  t.is(ev(bin('>', values, values), top()), true, '3 > 1');
  const three = path(false, st('item', num(3)), st('value'));
  t.is(ev(bin('<', three, values), top()), false);
  t.is(ev(bin('<=', three, values), top()), true);
  t.is(ev(bin('<', loc('item/name'), values), top()), false, 'NaN never compares');
});

test('values that are not node-sets: boolean, then number, then string', (t) => {
  t.is(ev(bin('=', call('true'), lit('x'))), true);
  t.is(ev(bin('=', call('true'), num(0))), false);
  t.is(ev(bin('=', num(1), lit(' 1 '))), true);
  t.is(ev(bin('=', lit('1'), lit(' 1 '))), false);
  t.is(ev(bin('!=', lit('a'), lit('b'))), true);
  const nan = bin('div', num(0), num(0));
  t.is(ev(bin('=', nan, nan)), false);
  t.is(ev(bin('!=', nan, nan)), true);
  t.is(ev(bin('<', lit('a'), num(1))), false);
  t.is(ev(bin('<=', call('false'), call('true'))), true);
  t.is(ev(bin('>', lit('10'), lit('9'))), true, 'relations compare numbers, not strings');
});
