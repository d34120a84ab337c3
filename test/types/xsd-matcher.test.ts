/**
 * The linear-time matcher: patterns that make a backtracking engine take
 * exponential time cost it work linear in the length of the value (counted
 * through its WorkMeter, never timed); oversized patterns are refused; its
 * bounded cache gives the same answers as the RegExp translation when it
 * overflows; lone surrogates are characters, as with the `u` flag.
 */
import test from 'ava';
import fc from 'fast-check';
import { compileXsdMatcher, compileXsdRegex, type XsdMatcher } from '../../src/types/index.ts';

const matcher = (pattern: string): XsdMatcher => {
  const c = compileXsdMatcher(pattern);
  if (!c.ok) throw new Error(c.message);
  return c.matcher;
};

const regex = (pattern: string): RegExp => {
  const c = compileXsdRegex(pattern);
  if (!c.ok) throw new Error(c.message);
  return c.regex;
};

/** The result and the units of work the matcher reported. */
const measured = (m: XsdMatcher, text: string): { matched: boolean; work: number } => {
  let work = 0;
  const matched = m.test(text, { spend: (units) => { work += units; } });
  return { matched, work };
};

const catastrophic: [pattern: string, value: (n: number) => string, matches: boolean][] = [
  ['(a+)+', (n) => `${'a'.repeat(n)}!`, false],
  ['(a+)+b', (n) => 'a'.repeat(n), false],
  ['(a|a)*b', (n) => 'a'.repeat(n), false],
  ['(a|aa)+c', (n) => 'a'.repeat(n), false],
  ['(.*a){12}', (n) => 'a'.repeat(n), true],
  ['(\\w+\\s?)*$', (n) => `${'word '.repeat(n / 5)}!`, false],
  ['([a-z0-9]+([\\-.][a-z0-9]+)*)+@x', (n) => 'a-'.repeat(n / 2), false],
  ['(\\d+)*\\.(\\d+)*\\.(\\d+)*\\.(\\d+)*x', (n) => `${'1'.repeat(n)}.1.1.1`, false],
];

for (const [pattern, value, matches] of catastrophic) {
  test(`${pattern} costs work linear in the length of the value`, (t) => {
    const m = matcher(pattern);
    const short = measured(m, value(1_000));
    const long = measured(m, value(100_000));
    t.is(short.matched, matches);
    t.is(long.matched, matches);
    // 100 times the value, about 100 times the work: at most a few units per character
    t.true(long.work <= 4 * 100_000 + 10_000, `work ${long.work} for 100,000 characters`);
    t.true(long.work >= 100_000 - 10, 'every character is counted');
  });
}

test('a value that cannot match any more is left at once', (t) => {
  const { matched, work } = measured(matcher('[0-9]+'), `x${'1'.repeat(10_000)}`);
  t.false(matched);
  t.true(work < 10);
});

test('a pattern that expands to too many states is refused, not built', (t) => {
  const c = compileXsdMatcher('((a{100}){100}){100}');
  t.false(c.ok);
  if (!c.ok) t.regex(c.message, /^invalid pattern "\(\(a\{100\}\)\{100\}\)\{100\}": the pattern expands to more than 100000 automaton states/);
  t.true(compileXsdMatcher('[a-z]{1,63}(\\.[a-z]{1,63}){0,126}').ok);
  t.false(compileXsdMatcher(`a{0,${2 ** 40}}`).ok);
  const capped = compileXsdMatcher('a{0,20000}', { maxStates: 10_000 });
  t.true(!capped.ok && /more than 10000 automaton states/.test(capped.message));
  t.true(compileXsdMatcher('a{0,20000}').ok);
});

test('with a cache overflowing (2^13 DFA states), the answers are those of the RegExp', (t) => {
  const pattern = '(a|b)*a(a|b){12}';
  const m = matcher(pattern);
  const re = regex(pattern);
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom('a', 'b'), minLength: 200, maxLength: 3_000 }), (s) => m.test(s) === re.test(s)),
    { numRuns: 60 },
  );
  t.pass();
});

test('lone surrogates are characters, as with the u flag; pairs are one character', (t) => {
  for (const [pattern, value] of [['.', '\uD800'], ['.', '\uDC00'], ['..', '\uDC00\uD800'], ['.', '😀'], ['..', '😀'], ['\\P{L}', '\uD83D'], ['[^a]b', '\uD83Db']]) {
    t.is(matcher(pattern as string).test(value as string), regex(pattern as string).test(value as string), `${pattern} on ${JSON.stringify(value)}`);
  }
});

test('agrees with the RegExp on random values over each pattern\'s own characters', (t) => {
  const patterns = ['[a-z-[aeiou]]+', '\\i\\c*', '[\\S ]+', '(ab|cd){2,3}x?', '\\p{Lu}\\p{Ll}*', '[^\\P{IsGreek}]+', '\\d{1,3}(\\.\\d{1,3}){3}', 'a{0}b|c{2,}', '(a*)*b?'];
  const alphabet = fc.constantFrom(...Array.from('abcdexyzABEX ._-0159\t\nαΩé١😀'));
  for (const pattern of patterns) {
    const m = matcher(pattern);
    const re = regex(pattern);
    fc.assert(fc.property(fc.string({ unit: alphabet, maxLength: 16 }), (s) => m.test(s) === re.test(s)), { numRuns: 300 });
  }
  t.pass();
});
