/**
 * Quoting, RFC 7950 §6.1.3: each rule, with the RFC's own examples.
 */
import test from 'ava';
import { doubleQuoted, quoteIndent, singleQuoted } from '../../../src/parser/yang-string.ts';
import type { EscapeIssue } from '../../../src/parser/yang-string.ts';
import { argIn, find, inModule, problems, read, tree } from './read.ts';

const lines = (...ls: string[]): string => ls.join('\n');

test('the RFC strings that are equivalent to hello', (t) => {
  for (const written of ['hello', '"hello"', "'hello'", '"hel" + "lo"', `'hel' + "lo"`]) {
    t.is(argIn(`  description ${written};`, 'description'), 'hello', written);
  }
});

test('the RFC special strings', (t) => {
  t.is(argIn(String.raw`  description "\"";`, 'description'), '"');
  t.is(argIn(`  description '"';`, 'description'), '"');
  t.is(argIn(String.raw`  description "\n";`, 'description'), '\n');
  t.is(argIn(String.raw`  description '\n';`, 'description'), '\\n');
});

test('the RFC example of indentation stripping: up to and including the column of the opening quote', (t) => {
  // RFC 7950 §6.1.3, with the RFC's page margin of 3 columns kept:
  //          "first line
  //             second line"
  // is equivalent to "first line\n" + "  second line"
  const rfc = lines('  description', '         "first line', '            second line";');
  t.is(argIn(rfc, 'description'), 'first line\n  second line');
  t.is(argIn(String.raw`  description "first line\n" + "  second line";`, 'description'), 'first line\n  second line');
});

test('leading whitespace is stripped only up to the first non-whitespace character', (t) => {
  t.is(argIn(lines('  description "a', ' b', '  c', 'd";'), 'description'), 'a\nb\nc\nd');
});

test('trailing spaces and tabs before a line break are removed, but not before the closing quote', (t) => {
  t.is(argIn(lines('  description "a  \t', '               b \t ";'), 'description'), 'a\nb \t ');
});

test('whitespace-only lines become empty lines', (t) => {
  t.is(argIn(lines('  description "a', '       ', '', '   b";'), 'description'), 'a\n\n\nb');
});

test('a tab in a continuation line counts as 8 columns, not as a tab stop', (t) => {
  // the opening quote is at column 11, so 11 columns are stripped; space + tab + 3 spaces is 12
  t.is(argIn(lines('  default "a', ' \t   b";'), 'default'), 'a\n b');
});

test('a tab that straddles the strip column leaves its remainder as spaces', (t) => {
  // the opening quote is at column 3: 3 of the tab's 8 columns are stripped, 5 remain
  t.is(argIn(lines('  description', '  "a', '\tb";'), 'description'), 'a\n     b');
  t.is(doubleQuoted('"x\n\t\ty"', 4, []), 'x\n    \ty');
});

test('a tab before the opening quote counts as 8 columns', (t) => {
  const text = `module m {\n\tdescription "a\n${' '.repeat(22)}b";\n}`;
  t.is(quoteIndent(text, text.indexOf('"')), 21);
  t.is(find(tree(text), 'description')?.arg, 'a\n b');
});

test('escapes \\n \\t \\" \\\\ are replaced', (t) => {
  t.is(argIn(String.raw`  description "a\nb\tc\"d\\e";`, 'description'), 'a\nb\tc"d\\e');
  t.is(argIn(String.raw`  description "\\n";`, 'description'), '\\n');
});

test('trimming happens before escapes: an escaped newline is not followed by stripping', (t) => {
  t.is(argIn(String.raw`  description "a\n      b";`, 'description'), 'a\n      b');
  // and an escaped tab before a line break is not trailing whitespace
  t.is(argIn(lines(String.raw`  description "a\t`, '               b";'), 'description'), 'a\t\nb');
});

test('single-quoted strings are literal: no escapes, no trimming', (t) => {
  t.is(argIn(lines(`  pattern '\\d+  `, `     \\s';`), 'pattern'), '\\d+  \n     \\s');
  t.is(singleQuoted(`'a\\'`), 'a\\');
});

test('unquoted strings are taken as written', (t) => {
  t.is(argIn('  path /if:interfaces/if:interface/if:name;', 'path'), '/if:interfaces/if:interface/if:name');
  t.is(argIn('  revision 2018-02-20;', 'revision'), '2018-02-20');
  t.is(argIn('  range 1..max;', 'range'), '1..max');
  t.is(argIn('  default +5;', 'default'), '+5');
  t.is(argIn('  default a+b*c/d;', 'default'), 'a+b*c/d');
  t.is(argIn('  default +;', 'default'), '+');
});

test('concatenation joins each part after its own processing, across lines and comments', (t) => {
  const body = lines(
    '  description "a\\t"  // first part',
    '    + \'\\t\' /* second */ +',
    '    "c',
    '     d";',
  );
  t.is(argIn(body, 'description'), 'a\t\\tc\nd');
  t.is(argIn(`  description "a"+'b'+"c";`, 'description'), 'abc');
});

test('a 1.1 module rejects other escapes; a 1.0 module keeps them with a warning', (t) => {
  const body = String.raw`  description "a\d";`;
  t.deepEqual(problems(inModule(body, '1.1')), [
    String.raw`5:17: error: invalid escape: backslash followed by 'd' (YANG 1.1 allows only \n, \t, \" and \\)`,
  ]);
  t.deepEqual(problems(inModule(body, '1')), [
    `5:17: warning: backslash followed by 'd' is kept as written (YANG 1.0; YANG 1.1 rejects it)`,
  ]);
  const { statement } = read(inModule(body, '1'));
  t.is(statement && find(statement, 'description')?.arg, 'a\\d');
  // with no yang-version statement the module is YANG 1
  t.deepEqual(problems('module m { description "\\x"; }').map((p) => p.slice(0, 15)), ['1:25: warning: ']);
});

test('the yang-version decides even when it comes after the bad escape', (t) => {
  t.deepEqual(problems('module m {\n  namespace "urn:\\m";\n  yang-version 1.1;\n}'), [
    `2:18: error: invalid escape: backslash followed by 'm' (YANG 1.1 allows only \\n, \\t, \\" and \\\\)`,
  ]);
});

test('a backslash left last on its line by trimming is reported', (t) => {
  const issues: EscapeIssue[] = [];
  t.is(doubleQuoted('"a\\ \n b"', 1, issues), 'a\\\nb');
  t.deepEqual(issues, [{ index: 2, char: '\n' }]);
});

test('CRLF line breaks: trailing whitespace before them is removed and the break kept', (t) => {
  t.is(doubleQuoted('"a \r\n b"', 1, []), 'a\r\nb');
});
