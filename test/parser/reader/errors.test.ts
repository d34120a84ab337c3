/**
 * Every error the reader reports, with its exact position, and how it
 * recovers to report the next one.
 */
import test from 'ava';
import { formatDiagnostic } from '../../../src/parser/index.ts';
import { find, outline, problems, read } from './read.ts';

const check = test.macro((t, text: string, expected: string[]) => {
  t.deepEqual(problems(text), expected);
});

test('unterminated double-quoted string', check, 'module m {\n  description "abc;\n}\n', [
  '2:15: error: unterminated double-quoted string',
]);

test('unterminated single-quoted string', check, "module m {\n  description 'abc;\n}\n", [
  '2:15: error: unterminated single-quoted string',
]);

test('unterminated string after +', check, 'module m {\n  description "a" + "b', [
  '2:21: error: unterminated double-quoted string',
]);

test('unterminated block comment', check, 'module m {\n  /* never closed\n}\n', [
  '2:3: error: unterminated block comment: "/*" has no closing "*/"',
]);

test('"*/" inside an unquoted string', check, 'module m {\n  leaf a*/b;\n}\n', [
  '2:9: error: "*/" outside a comment (an unquoted string may not contain "*/")',
  "2:11: error: expected ';' or '{' after the argument of 'leaf', found 'b'",
]);

test("unexpected '}' before the module", check, '}\nmodule m {\n}\n', ["1:1: error: unexpected '}'"]);

test("an extra '}' after the module", check, 'module m {\n}\n}\n', ["3:1: error: unexpected '}' after the end of 'module'"]);

test('end of file inside a block', check, 'module m {\n  container c {\n    leaf x;\n', [
  "4:1: error: unexpected end of file: '{' of 'container' at 2:3 is not closed",
]);

test('end of file inside a block skipped after a bad keyword', check, 'module m {\n  "x" {\n', [
  '2:3: error: expected a statement keyword, found a double-quoted string',
  "3:1: error: unexpected end of file: '{' of a double-quoted string at 2:3 is not closed",
]);

test('end of file after an argument', check, 'module m {\n  leaf x', [
  "2:9: error: expected ';' or '{' after 'leaf', found end of file",
]);

test("missing ';' before '}'", check, 'module m {\n  leaf x { type string }\n}\n', [
  "2:24: error: expected ';' or '{' after the argument of 'type', found '}'",
]);

test("missing ';' at the end of a line: the next line is read as the next statement", (t) => {
  const text = 'module m {\n  leaf x {\n    type string\n    default y;\n  }\n}\n';
  t.deepEqual(problems(text), ["4:5: error: expected ';' or '{' after the argument of 'type', found 'default'"]);
  const module = read(text).statement;
  const leaf = module && find(module, 'leaf');
  t.deepEqual(leaf && outline(leaf), ['leaf@2:3', 'type@3:5', 'default@4:5']);
});

test('extra tokens on the same line are skipped to the end of the statement', check, 'module m {\n  leaf x y z;\n  leaf w { type "a" "b"; }\n}\n', [
  "2:10: error: expected ';' or '{' after the argument of 'leaf', found 'y'",
  "3:21: error: expected ';' or '{' after the argument of 'type', found a double-quoted string",
]);

test('bad keywords', check, 'module m {\n  "leaf" x;\n  1abc x;\n  a:b:c x;\n  leaf ok;\n  -x;\n}\n', [
  '2:3: error: expected a statement keyword, found a double-quoted string',
  "3:3: error: expected a statement keyword, found '1abc'",
  "4:3: error: expected a statement keyword, found 'a:b:c'",
  "6:3: error: expected a statement keyword, found '-x'",
]);

test("a stray ';' or '{' where a keyword should be", (t) => {
  const text = 'module m {\n  ; leaf a;\n  { leaf inner; }\n  leaf b;\n}\n';
  t.deepEqual(problems(text), [
    "2:3: error: expected a statement keyword, found ';'",
    "3:3: error: expected a statement keyword, found '{'",
  ]);
  const module = read(text).statement;
  t.deepEqual(module && outline(module), ['module@1:1', 'leaf@2:5', 'leaf@4:3']);
});

test('a block after a bad keyword is skipped as a whole', (t) => {
  const text = "module m {\n  'bad' { leaf inner; }\n  leaf after;\n}\n";
  t.deepEqual(problems(text), ['2:3: error: expected a statement keyword, found a single-quoted string']);
  const module = read(text).statement;
  t.deepEqual(module && outline(module), ['module@1:1', 'leaf@3:3']);
});

test("an argument after '+' that is not a quoted string", check, 'module m {\n  description "a" + b;\n  description "a" +b;\n  description "a" + ;\n  description "a" +\n}\n', [
  "2:21: error: expected a quoted string after '+', found 'b'",
  "3:20: error: expected a quoted string after '+', found 'b'",
  "4:21: error: expected a quoted string after '+', found ';'",
  "6:1: error: expected a quoted string after '+', found '}'",
]);

test('a second module after the first', check, 'module m {\n}\nmodule n {\n}\n', [
  "3:1: error: unexpected 'module' after the end of 'module'",
]);

test('garbage after the module', check, 'module m {\n}\n  x', ["3:3: error: unexpected 'x' after the end of 'module'"]);

test('a top-level statement that is not module or submodule', check, 'container c {\n}\n', [
  "1:1: error: expected 'module' or 'submodule', found 'container'",
]);

test('an extension statement at the top level', check, 'a:module m {}', [
  "1:1: error: expected 'module' or 'submodule', found 'a:module'",
]);

test('an empty file, or one with only comments', (t) => {
  t.deepEqual(problems(''), ["1:1: error: expected a 'module' or 'submodule' statement, found end of file"]);
  t.deepEqual(problems('  // only a comment\n'), ["2:1: error: expected a 'module' or 'submodule' statement, found end of file"]);
  t.is(read('').statement, undefined);
});

test('no whitespace between a keyword and a quoted argument', check, 'module m {\n  description"x";\n}\n', [
  "2:14: error: expected whitespace between 'description' and its argument",
]);

test('a lone carriage return', check, 'module m {\r  leaf x;\n}\n', ['1:11: error: carriage return not followed by a line feed']);

test('several errors in one file, in source order', check, 'module m {\n  leaf a { type string }\n  "x";\n  leaf b*/;\n  description "a" + c;\n  leaf', [
  "2:24: error: expected ';' or '{' after the argument of 'type', found '}'",
  '3:3: error: expected a statement keyword, found a double-quoted string',
  '4:9: error: "*/" outside a comment (an unquoted string may not contain "*/")',
  "5:21: error: expected a quoted string after '+', found 'c'",
  "6:7: error: expected ';' or '{' after 'leaf', found end of file",
]);

test('every bad escape of a multi-line string at its own position', check, 'module m {\n  yang-version 1.1;\n  description "\\a\n  b \\c\n\n\\d";\n}', [
  "3:16: error: invalid escape: backslash followed by 'a' (YANG 1.1 allows only \\n, \\t, \\\" and \\\\)",
  "4:5: error: invalid escape: backslash followed by 'c' (YANG 1.1 allows only \\n, \\t, \\\" and \\\\)",
  "6:1: error: invalid escape: backslash followed by 'd' (YANG 1.1 allows only \\n, \\t, \\\" and \\\\)",
]);

test('many bad escapes in one long string take linear time', (t) => {
  const body = '\\q\n'.repeat(100_000);
  const start = performance.now();
  const { diagnostics } = read(`module m {\n  yang-version 1.1;\n  description "${body}";\n}`);
  t.is(diagnostics.length, 100_000);
  t.deepEqual(diagnostics[99_999]?.loc, { file: 'test.yang', line: 100_002, col: 1 });
  t.true(performance.now() - start < 5_000);
});

test('formatDiagnostic gives file:line:col: severity: message', (t) => {
  const [d] = read('module m {\n  leaf x').diagnostics;
  t.is(d && formatDiagnostic(d), "test.yang:2:9: error: expected ';' or '{' after 'leaf', found end of file");
});

test('a tree is still returned, best effort, when there are errors', (t) => {
  const { statement, diagnostics } = read('module m {\n  leaf x { type string }\n  leaf y;\n}\n');
  t.is(diagnostics.length, 1);
  t.deepEqual(statement && outline(statement), ['module@1:1', 'leaf@2:3', 'type@2:12', 'leaf@3:3']);
});
