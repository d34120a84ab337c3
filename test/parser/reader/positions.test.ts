/**
 * Every statement carries the file, line and column of its keyword.
 * Columns count characters: a tab is one column here (unlike in §6.1.3
 * indentation stripping, where it counts 8).
 */
import test from 'ava';
import { FILE, outline, read, tree } from './read.ts';

test('nested statements', (t) => {
  const text = ['module m {', '  container c {', '    leaf x { type string; }', '  }', '}'].join('\n');
  t.deepEqual(outline(tree(text)), ['module@1:1', 'container@2:3', 'leaf@3:5', 'type@3:14']);
});

test('the location names the file', (t) => {
  t.deepEqual(tree('module m {}').loc, { file: FILE, line: 1, col: 1 });
});

test('after a multi-line double-quoted string and a multi-line single-quoted string', (t) => {
  const text = ['module m {', '  description "one', '    two', '    three"; leaf a;', "  reference 'x", "y'; leaf b;", '}'].join('\n');
  t.deepEqual(outline(tree(text)), ['module@1:1', 'description@2:3', 'leaf@4:13', 'reference@5:3', 'leaf@6:5']);
});

test('after tabs', (t) => {
  const text = 'module m {\n\tleaf a;\n\t\tleaf b; \tleaf c;\n}';
  t.deepEqual(outline(tree(text)), ['module@1:1', 'leaf@2:2', 'leaf@3:3', 'leaf@3:12']);
});

test('after comments', (t) => {
  const text = 'module m { /* a\n block */ leaf a; // to the end\n  /**/leaf b;\n}';
  t.deepEqual(outline(tree(text)), ['module@1:1', 'leaf@2:11', 'leaf@3:7']);
});

test('after a concatenation over several lines', (t) => {
  const text = 'module m {\n  description "a"\n    + "b"\n    + "c"; leaf x;\n}';
  t.deepEqual(outline(tree(text)), ['module@1:1', 'description@2:3', 'leaf@4:12']);
});

test('with CRLF line endings', (t) => {
  const text = 'module m {\r\n  leaf a;\r\n  description "x\r\n   y";\r\n  leaf b;\r\n}\r\n';
  t.deepEqual(outline(tree(text)), ['module@1:1', 'leaf@2:3', 'description@3:3', 'leaf@5:3']);
});

test('an error position inside a string points at the backslash', (t) => {
  const text = 'module m {\n  yang-version 1.1;\n  description "line one\n     and \\q";\n}';
  t.deepEqual(read(text).diagnostics.map((d) => `${d.loc.line}:${d.loc.col}`), ['4:10']);
});

test('non-ASCII characters count one column each', (t) => {
  t.deepEqual(outline(tree('module m { description "é ü"; leaf x; }')), ['module@1:1', 'description@1:12', 'leaf@1:31']);
});

test('a leading byte order mark is skipped and not counted', (t) => {
  t.deepEqual(outline(tree('\uFEFFmodule m { leaf x; }')), ['module@1:1', 'leaf@1:12']);
});
