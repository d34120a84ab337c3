import test from 'ava';
import { bin, call, lit, loc, neg, num } from './build.ts';
import { ev, sel } from './fixture.ts';

const s = (...args: Parameters<typeof call>) => ev(call(...args));
const inf = bin('div', num(1), num(0));
const nan = bin('div', num(0), num(0));

test('substring with the §4.2 rounding rules and NaN/Infinity cases', (t) => {
  t.is(s('substring', lit('12345'), num(2), num(3)), '234');
  t.is(s('substring', lit('12345'), num(2)), '2345');
  t.is(s('substring', lit('12345'), num(1.5), num(2.6)), '234');
  t.is(s('substring', lit('12345'), num(0), num(3)), '12');
  t.is(s('substring', lit('12345'), nan, num(3)), '');
  t.is(s('substring', lit('12345'), num(1), nan), '');
  t.is(s('substring', lit('12345'), num(-42), inf), '12345');
  t.is(s('substring', lit('12345'), neg(inf), inf), '');
  t.is(s('substring', lit('12345'), num(6)), '');
  t.is(s('substring', lit('12345'), num(-1), num(3)), '1');
  t.is(s('substring', lit('12345'), num(2.5)), '345');
  t.is(s('substring', lit('a😀b'), num(2), num(1)), '😀', 'counts code points, not UTF-16 units');
});

test('string-length and normalize-space, with and without an argument', (t) => {
  t.is(s('string-length', lit('')), 0);
  t.is(s('string-length', lit('a😀b')), 3);
  t.is(ev(call('string-length'), sel('top', 'extra', 'note')), 2);
  t.is(s('normalize-space', lit('  a \t\n b  c ')), 'a b c');
  t.is(s('normalize-space', lit('\u00a0x')), '\u00a0x', 'only XML whitespace is stripped');
  t.is(ev(call('normalize-space'), sel('top', 'item', 0)), 'a1xy');
});

test('concat, starts-with, contains', (t) => {
  t.is(s('concat', lit('a'), num(1), call('true')), 'a1true');
  t.is(s('concat', lit('a'), loc('nothing')), 'a');
  t.is(s('starts-with', lit('abc'), lit('ab')), true);
  t.is(s('starts-with', lit('abc'), lit('')), true);
  t.is(s('starts-with', lit('abc'), lit('b')), false);
  t.is(s('contains', lit('abc'), lit('bc')), true);
  t.is(s('contains', lit('abc'), lit('cb')), false);
});

test('substring-before and substring-after', (t) => {
  t.is(s('substring-before', lit('1999/04/01'), lit('/')), '1999');
  t.is(s('substring-after', lit('1999/04/01'), lit('/')), '04/01');
  t.is(s('substring-after', lit('1999/04/01'), lit('19')), '99/04/01');
  t.is(s('substring-before', lit('abc'), lit('x')), '');
  t.is(s('substring-after', lit('abc'), lit('x')), '');
  t.is(s('substring-before', lit('abc'), lit('')), '');
  t.is(s('substring-after', lit('abc'), lit('')), 'abc');
});

test('translate', (t) => {
  t.is(s('translate', lit('bar'), lit('abc'), lit('ABC')), 'BAr');
  t.is(s('translate', lit('--aaa--'), lit('abc-'), lit('ABC')), 'AAA');
  t.is(s('translate', lit('aba'), lit('aa'), lit('xy')), 'xbx', 'the first occurrence in from wins');
  t.is(s('translate', lit('a😀b'), lit('😀'), lit('é')), 'aéb');
});

test('string() with a node-set uses the first node in document order', (t) => {
  t.is(ev(call('string', bin('|', loc('/ex:cars'), loc('/ex:top/ex:ref')))), 'b');
});
