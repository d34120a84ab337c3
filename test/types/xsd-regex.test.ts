/**
 * XSD regular expressions, through both interpreters of the one parser:
 * the translation to a JavaScript RegExp and the linear-time matcher.
 */
import test from 'ava';
import { compileXsdMatcher, compileXsdRegex, translateXsdRegex } from '../../src/types/index.ts';

interface Engine { test(text: string): boolean }

const engines: Record<string, (pattern: string) => Engine> = {
  RegExp: (pattern) => {
    const r = compileXsdRegex(pattern);
    if (!r.ok) throw new Error(r.message);
    return r.regex;
  },
  matcher: (pattern) => {
    const r = compileXsdMatcher(pattern);
    if (!r.ok) throw new Error(r.message);
    return r.matcher;
  },
};

// [pattern, matching values, non-matching values]
const cases: [string, string[], string[]][] = [
  ['abc', ['abc'], ['xabc', 'abcx', 'ab', '']],
  ['^abc$', ['^abc$'], ['abc']],
  ['$0$.*', ['$0$secret', '$0$'], ['0secret', '$1$x']],
  ['.', ['a', '😀', '\u2028', ' '], ['\n', '\r', 'ab', '']],
  ['\\d+', ['123', '١٢٣'], ['12a', '', '½']],
  ['\\D', ['a', '½'], ['1']],
  ['\\w+', ['abc', 'é', '日本', '½', '+'], ['a b', 'a-b', 'a.b', 'a\u0000']],
  ['\\W', ['-', ' ', '.'], ['a', '1']],
  ['\\s*', [' \t\n\r', ''], ['\u00a0', '\u2003', 'a']],
  ['\\S+', ['a\u00a0b'], ['a b', 'a\tb']],
  ['\\i\\c*', ['xml:name-1.2', '_a', 'éa·'], ['1abc', '-a', '.a', 'a b']],
  ['\\I\\C', ['1 ', '- '], ['a ', '1a']],
  ['[a-z-[aeiou]]+', ['bcd', 'xyz'], ['bad', 'B']],
  ['[^a-z-[0-9]]', ['A', '-'], ['a', '5']],
  ['[a-z-[b-y-[m]]]+', ['azm', 'm'], ['b', 'n']],
  ['[\\S ]+', ['a b', 'x'], ['a\tb', '\n']],
  ['[^\\s]', ['a'], [' ', '\t']],
  ['[^\\S]', [' ', '\t'], ['a']],
  ['[\\d\\s]+', ['1 2', '٣'], ['a']],
  ['[\\w-]+', ['a-b'], ['a.b']],
  ['\\p{Lu}\\p{Ll}*', ['Hello', 'Élan'], ['hello', 'HELLO']],
  ['\\P{L}+', ['123', '-'], ['a1']],
  ['\\p{N}', ['5', '½', 'Ⅻ'], ['a']],
  ['[\\p{L}\\p{Nd}]+', ['abc123'], ['a-1']],
  ['\\p{IsBasicLatin}+', ['abc~', '\u0000'], ['é']],
  ['\\P{IsBasicLatin}', ['é'], ['e']],
  ['\\p{IsGreek}+', ['αβγ'], ['abc']],
  ['\\p{IsLatin-1Supplement}', ['é'], ['e']],
  ['[\\p{IsBasicLatin}-[a-z]]+', ['ABC'], ['abc', 'é']],
  ['[^\\P{IsGreek}]', ['α'], ['a']],
  ['a{2,3}', ['aa', 'aaa'], ['a', 'aaaa']],
  ['a{2,}', ['aa', 'aaaaa'], ['a']],
  ['a{2}', ['aa'], ['a', 'aaa']],
  ['a{0}b', ['b'], ['ab']],
  ['(ab|cd)+', ['abcdab'], ['abc', '']],
  ['a|', ['a', ''], ['b']],
  ['|', [''], ['a']],
  ['', [''], ['a']],
  ['[\\-\\[\\]\\\\]+', ['-[]\\'], ['a']],
  ['[a-]+', ['a-'], ['b']],
  ['[-a]+', ['-a'], ['b']],
  ['[^-a]', ['b'], ['-', 'a']],
  ['[+.-]+', ['+.-'], ['a']],
  ['[\\^a]+', ['^a'], ['b']],
  ['[a^]+', ['^a'], ['b']],
  ['\\.\\*\\+\\?\\(\\)\\{\\}\\|\\^', ['.*+?(){}|^'], ['a']],
  ['\\n\\t\\r', ['\n\t\r'], ['ntr']],
  ['[ -@\\[-\\^_-~]*', ['earth', 'wgs-84 [x]^_~', ''], ['Earth', '\u007f', 'é']],
  ['a/b', ['a/b'], ['ab']],
  ['😀+', ['😀😀'], ['😀a']],
  ['[😀-😂]', ['😁'], ['😃']],
  ['[1|2]', ['1', '|', '2'], ['3']],
];

for (const [engine, compile] of Object.entries(engines)) {
  for (const [pattern, matching, nonMatching] of cases) {
    test(`${engine}: pattern ${JSON.stringify(pattern)}`, (t) => {
      const re = compile(pattern);
      for (const value of matching) t.true(re.test(value), `should match ${JSON.stringify(value)}`);
      for (const value of nonMatching) t.false(re.test(value), `should not match ${JSON.stringify(value)}`);
    });
  }
}

const invalid: [string, RegExp][] = [
  ['[a-', /missing "\]"/],
  ['(a', /missing "\)"/],
  ['a)', /unmatched "\)"/],
  ['[]', /empty character class/],
  ['*a', /nothing to repeat/],
  ['a**', /cannot follow a quantifier at position 2/],
  ['a*?', /cannot follow a quantifier/],
  ['a+{2}', /cannot follow a quantifier/],
  ['x{1,2}?', /cannot follow a quantifier/],
  ['a{2,1}', /maximum below its minimum/],
  ['a{,2}', /minimum count/],
  ['a{2', /unterminated quantifier/],
  ['a{x}', /minimum count/],
  ['a}', /must be escaped/],
  [']', /must be escaped/],
  ['\\$', /not an XSD escape/],
  ['\\x41', /not an XSD escape/],
  ['\\b', /not an XSD escape/],
  ['a\\', /ends with/],
  ['\\p{Foo}', /unknown Unicode category/],
  ['\\p{Cs}', /unknown Unicode category/],
  ['\\p{IsNoSuchBlock}', /unknown Unicode block/],
  ['\\pL', /needs a \{name\}/],
  ['\\p{L', /unterminated/],
  ['[a-c-e]', /"-" must be escaped/],
  ['[\\d-z]', /multi-character escape/],
  ['[a-\\d]', /multi-character escape/],
  ['[z-a]', /out of order/],
  ['[[a]]', /"\[" must be escaped/],
  ['[a-z-[aeiou]x]', /subtraction must end its class/],
  ['[a-z-[]]', /empty character class/],
];

for (const [pattern, message] of invalid) {
  test(`invalid pattern ${JSON.stringify(pattern)}`, (t) => {
    const r = translateXsdRegex(pattern);
    t.false(r.ok);
    if (!r.ok) t.regex(r.message, message);
    const c = compileXsdRegex(pattern);
    t.true(!c.ok && c.message.startsWith(`invalid pattern "${pattern}": `));
    const m = compileXsdMatcher(pattern);
    t.true(!m.ok && m.message === `invalid pattern "${pattern}": ${r.ok ? '' : r.message}`);
  });
}

test('the error position is given in characters', (t) => {
  const r = translateXsdRegex('😀😀**');
  t.deepEqual(r, { ok: false, message: '"*" cannot follow a quantifier at position 3', index: 3 });
});

test('translated source is anchored and non-capturing', (t) => {
  const r = translateXsdRegex('(a|b)c');
  t.deepEqual(r, { ok: true, source: '^(?:(?:a|b)c)$' });
});
