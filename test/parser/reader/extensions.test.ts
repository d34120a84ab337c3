/**
 * Extension statements: `prefix:keyword`, with the prefix kept apart.
 */
import test from 'ava';
import { find, inModule, tree } from './read.ts';

test('an OpenConfig version statement', (t) => {
  const stmt = find(tree(inModule('  oc-ext:openconfig-version "1.0";')), 'openconfig-version');
  t.deepEqual(stmt && { keyword: stmt.keyword, prefix: stmt.prefix, arg: stmt.arg }, {
    keyword: 'openconfig-version',
    prefix: 'oc-ext',
    arg: '1.0',
  });
});

test('an extension with substatements', (t) => {
  const stmt = find(tree(inModule('  md:annotation last-modified {\n    type yang:date-and-time;\n  }')), 'annotation');
  t.is(stmt?.prefix, 'md');
  t.is(stmt?.arg, 'last-modified');
  t.deepEqual(stmt?.substatements.map((s) => [s.keyword, s.arg]), [['type', 'yang:date-and-time']]);
});

test('an extension without an argument', (t) => {
  const stmt = find(tree(inModule('  nacm:default-deny-all;')), 'default-deny-all');
  t.deepEqual(stmt && [stmt.prefix, stmt.arg, stmt.substatements.length], ['nacm', undefined, 0]);
});

test('built-in keywords have no prefix, and names may contain dots, dashes and underscores', (t) => {
  const root = tree(inModule('  x_y.z-1 a;'));
  t.is(root.prefix, undefined);
  const stmt = find(root, 'x_y.z-1');
  t.deepEqual(stmt && [stmt.prefix, stmt.arg], [undefined, 'a']);
});
