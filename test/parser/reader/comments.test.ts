/**
 * Comments (RFC 7950 §6.1.1) separate tokens and vanish; inside quoted
 * strings they are text.
 */
import test from 'ava';
import { argIn, outline, tree } from './read.ts';

test('line and block comments are skipped', (t) => {
  const text = '// head\nmodule m { // after brace\n  /* before */ leaf /* between */ x /* before ; */ ; /* multi\n  line */\n}\n// tail';
  t.deepEqual(outline(tree(text)), ['module@2:1', 'leaf@3:16']);
  t.is(tree(text).substatements[0]?.arg, 'x');
});

test('a comment directly after an unquoted argument ends it', (t) => {
  t.is(argIn('  leaf x//c\n  ;', 'leaf'), 'x');
  t.is(argIn('  leaf x/*c*/;', 'leaf'), 'x');
});

test('a comment may stand between a keyword and its argument', (t) => {
  t.is(argIn('  description/* c */"x";', 'description'), 'x');
});

test('comment markers inside quoted strings are text', (t) => {
  t.is(argIn('  description "a // b /* c */";', 'description'), 'a // b /* c */');
  t.is(argIn("  pattern '/*.*//';", 'pattern'), '/*.*//');
});

test('slashes and stars in unquoted strings are not comments', (t) => {
  t.is(argIn('  path ../../if:name;', 'path'), '../../if:name');
  t.is(argIn('  default a*b/c;', 'default'), 'a*b/c');
  t.is(argIn('  default /;', 'default'), '/');
});

test('a comment at the end of the file without a line break', (t) => {
  t.deepEqual(outline(tree('module m {} // end')), ['module@1:1']);
});

test('an empty block comment and a comment with stars', (t) => {
  t.deepEqual(outline(tree('module m {/**/ /***/ /* * / ** */ leaf x;}')), ['module@1:1', 'leaf@1:35']);
});
