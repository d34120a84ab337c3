/**
 * A leafref path written in a grouping is resolved at each use of the
 * grouping in the schema tree (RFC 7950 §7.13, §9.9): valid where the
 * grouping is used, whatever it would mean where it is written; not checked
 * at all for groupings never used in the tree, nor for nodes a refine
 * if-feature or a deviate not-supported took out.
 */
import test from 'ava';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import type { ContainerMeta, LeafMeta, ModuleMeta, OperationMeta, SchemaNode } from '../../src/meta/meta.ts';
import { schemaChild, type SchemaHolder } from '../../src/meta/navigate.ts';
import { formatDiagnostic } from '../../src/parser/statement.ts';
import { yanglint, yanglintTest } from '../helpers/yanglint.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'yang', 'grouping-leafrefs');
const compile = (files: readonly string[], features?: ReadonlyMap<string, ReadonlySet<string>>) =>
  compileSchema({ searchPath: [dir], modules: files.map((f) => ({ file: join(dir, f) })), ...(features === undefined ? {} : { features }) });
const errors = (r: ReturnType<typeof compile>): string[] => r.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
const at = (m: SchemaHolder, ...names: string[]): SchemaNode | undefined => {
  let n: SchemaHolder | undefined = m;
  for (const name of names) n = n === undefined ? undefined : schemaChild(n, undefined, name);
  return n as SchemaNode | undefined;
};

test('each use resolves the path where the grouping is used', (t) => {
  const r = compile(['gl-refs.yang']);
  t.deepEqual(errors(r), []);
  const m = r.context.modules.get('gl-refs') as ModuleMeta;
  const target = (...path: string[]): SchemaNode | undefined => (at(m, ...path) as LeafMeta).type.target;
  t.is(target('a', 'ref'), at(m, 'a', 'name'));
  t.is(target('a', 'sub', 'up'), at(m, 'a', 'name'));
  t.is(target('b', 'ref'), at(m, 'b', 'name'));
  t.is(target('b', 'deeper', 'ref'), at(m, 'b', 'deeper', 'name'), 'the second use finds its own "name"');
  t.is((at(m, 'b', 'deeper', 'ref') as LeafMeta).type.target?.type.base, 'int8');
  const op = at(m, 'op') as OperationMeta;
  t.is((at(op.input, 'ref') as LeafMeta).type.target, at(op.input, 'name') as LeafMeta);
});

test('a leafref the tree no longer holds is not checked (refine if-feature, deviate not-supported)', (t) => {
  const r = compile(['gl-refs.yang', 'gl-dev.yang']);
  t.deepEqual(errors(r), []);
  const m = r.context.modules.get('gl-refs') as ModuleMeta;
  t.is(at(m, 'c1'), undefined, 'refine if-feature "not f" removed c1');
  t.is(at(m, 'c2', 'l2', 'ref'), undefined, '... and the leafref to it');
  t.deepEqual((at(m, 'removed') as ContainerMeta).children, []);
});

test('with the refine if-features true, the same leafref resolves', (t) => {
  const r = compile(['gl-refs.yang'], new Map([['gl-refs', new Set<string>()]]));
  t.deepEqual(errors(r), []);
  const m = r.context.modules.get('gl-refs') as ModuleMeta;
  t.is((at(m, 'c2', 'l2', 'ref') as LeafMeta).type.target, at(m, 'c1', 'l1', 'k1') as LeafMeta);
});

test('a use where the path leads nowhere is an error at that use, named in the message', (t) => {
  const e = errors(compile(['gl-bad.yang']));
  t.is(e.length, 1, e.join('\n'));
  t.regex(e[0] ?? '', /gl-refs\.yang:10:\d+: error: bad leafref path "\.\.\/name" \(used by leaf "ref" at .*gl-refs\.yang:10:5\): no node "name" in "nameless"/);
});

yanglintTest('yanglint agrees on every fixture', (t) => {
  t.true(yanglint(['-p', dir, join(dir, 'gl-refs.yang')]).ok);
  t.true(yanglint(['-p', dir, '-F', 'gl-refs:', join(dir, 'gl-refs.yang')]).ok);
  t.true(yanglint(['-p', dir, join(dir, 'gl-refs.yang'), join(dir, 'gl-dev.yang')]).ok);
  t.false(yanglint(['-p', dir, join(dir, 'gl-bad.yang')]).ok);
});

test('a path that climbs exactly to the root with ../ resolves, also through a chain of uses at the top level', (t) => {
  const r = compile(['gl-root-climb.yang']);
  t.deepEqual(errors(r), []);
  const m = r.context.modules.get('gl-root-climb') as ModuleMeta;
  const name = at(m, 'organizations', 'organization', 'name');
  t.truthy(name);
  t.is((at(m, 'organizations', 'organization', 'members', 'member', 'module') as LeafMeta).type.target, name as LeafMeta);
  t.is((at(m, 'plain', 'ref') as LeafMeta).type.target, at(m, 'plain', 'name') as LeafMeta);
});

test('a path that climbs above the root is an error', (t) => {
  const e = errors(compile(['gl-above-root.yang']));
  t.is(e.length, 1, e.join('\n'));
  t.regex(e[0] ?? '', /bad leafref path "\.\.\/\.\.\/\.\.\/plain\/name".*: it goes above the root/);
});

yanglintTest('yanglint agrees on climbing to the root and above it', (t) => {
  t.true(yanglint(['-p', dir, join(dir, 'gl-root-climb.yang')]).ok);
  t.false(yanglint(['-p', dir, join(dir, 'gl-above-root.yang')]).ok);
});
