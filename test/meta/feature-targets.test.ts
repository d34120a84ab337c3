/**
 * Nodes removed by if-feature stay valid targets of refine, augment and
 * deviation: those vanish with the node (RFC 7950 §7.20.2; libyang does the
 * same). A target that never existed is still an error.
 */
import test from 'ava';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import type { ContainerMeta, LeafMeta, ModuleMeta, OperationMeta, SchemaNode } from '../../src/meta/meta.ts';
import { schemaChild, schemaChildren, type SchemaHolder } from '../../src/meta/navigate.ts';
import { formatDiagnostic } from '../../src/parser/statement.ts';
import { corpusPublic, sharedTest } from '../helpers/shared.ts';
import { yanglint, yanglintTest } from '../helpers/yanglint.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'yang', 'feature-targets');
const OFF = new Map([['ft-base', new Set<string>()]]);

const compile = (files: readonly string[], features?: ReadonlyMap<string, ReadonlySet<string>>) =>
  compileSchema({ searchPath: [dir], modules: files.map((f) => ({ file: join(dir, f) })), ...(features === undefined ? {} : { features }) });
const errors = (r: ReturnType<typeof compile>): string[] => r.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);

/** The node at a path of schema node names from a module (choice and case included). */
const at = (m: ModuleMeta, ...names: string[]): SchemaNode | undefined => {
  let n: SchemaHolder | undefined = m;
  for (const name of names) n = n === undefined ? undefined : schemaChild(n, undefined, name);
  return n as SchemaNode | undefined;
};
const childNames = (n: SchemaHolder | undefined): string[] => (n === undefined ? [] : schemaChildren(n).map((c) => c.name));
const base = (r: ReturnType<typeof compile>): ModuleMeta => r.context.modules.get('ft-base') as ModuleMeta;

test('with the feature off, refine, augment and deviation of removed nodes vanish with them', (t) => {
  const r = compile(['ft-base.yang', 'ft-user.yang'], OFF);
  t.deepEqual(errors(r), []);
  const m = base(r);
  t.deepEqual(childNames(at(m, 'top')), ['mode', 'name']);
  t.deepEqual(childNames(at(m, 'top', 'mode')), ['basic', 'extra-case']);
  t.deepEqual(childNames(at(m, 'kept')), [], 'refine if-feature removes a node of a uses inside a container');
});

test('with the feature on, the same refines, augments and deviations apply', (t) => {
  const r = compile(['ft-base.yang', 'ft-user.yang']);
  t.deepEqual(errors(r), []);
  const m = base(r);
  t.deepEqual(childNames(at(m, 'top')), ['gone', 'mode', 'transport', 'name', 'more-settings', 'reset']);
  t.is((at(m, 'top', 'transport') as ContainerMeta).description, 'refined');
  t.deepEqual(childNames(at(m, 'top', 'transport')), ['port', 'tls', 'proxy']);
  t.is((at(m, 'top', 'transport', 'port') as LeafMeta).default, '830');
  const level = at(m, 'top', 'more-settings', 'level') as LeafMeta;
  t.is(level.default, '3');
  t.is(level.type.base, 'uint16');
  t.deepEqual(childNames(at(m, 'top', 'more-settings')), ['level', 'colour']);
  t.deepEqual(childNames(at(m, 'top', 'gone', 'deep')), ['y'], 'x deviated away, y augmented');
  t.deepEqual(childNames(at(m, 'top', 'mode')), ['fancy', 'plain', 'basic', 'extra-case']);
  t.deepEqual(childNames(at(m, 'top', 'mode', 'fancy')), ['fancy-level', 'more-fancy']);
  t.is((at(m, 'top', 'mode', 'plain', 'plain') as LeafMeta).type.base, 'int8');
  t.deepEqual(childNames((at(m, 'top', 'reset') as OperationMeta).input), ['hard']);
  t.is((at(m, 'kept', 'name') as LeafMeta).default, 'n');
});

test('a target that never existed is still an error, with the feature on or off', (t) => {
  const on = errors(compile(['ft-base.yang', 'ft-typo.yang']));
  t.true(on.some((e) => /augment target "\/ftb:top\/ftb:gone\/ftb:deeep" not found: no node "deeep"/.test(e)), on.join('\n'));
  t.true(on.some((e) => /deviation target "\/ftb:top\/ftb:tarnsport" not found/.test(e)), on.join('\n'));
  const off = errors(compile(['ft-base.yang', 'ft-typo.yang'], OFF));
  t.true(off.some((e) => /deviation target "\/ftb:top\/ftb:tarnsport" not found/.test(e)), off.join('\n'));
});

yanglintTest('yanglint accepts the fixture with the feature on and off', (t) => {
  t.true(yanglint(['-p', dir, join(dir, 'ft-base.yang'), join(dir, 'ft-user.yang')]).ok);
  t.true(yanglint(['-p', dir, '-F', 'ft-base:', join(dir, 'ft-base.yang'), join(dir, 'ft-user.yang')]).ok);
  t.false(yanglint(['-p', dir, join(dir, 'ft-base.yang'), join(dir, 'ft-typo.yang')]).ok);
});

const corpusModule = (file: string, features: ReadonlyMap<string, ReadonlySet<string>>) =>
  compileSchema({ searchPath: [corpusPublic], modules: [{ file: join(corpusPublic, file) }], features });

sharedTest('ietf-subscribed-notifications compiles with its feature "configured" off (refine "transport" vanishes)', (t) => {
  const features = new Map([['ietf-subscribed-notifications', new Set(['dscp', 'encode-json', 'encode-xml', 'interface-designation', 'qos', 'replay', 'subtree', 'supports-vrf', 'xpath'])]]);
  const r = corpusModule('ietf-subscribed-notifications@2019-09-09.yang', features);
  t.deepEqual(errors(r), []);
});

sharedTest('ietf-yang-push compiles with all its features off (augment "update-trigger/on-change/on-change" vanishes)', (t) => {
  const r = corpusModule('ietf-yang-push@2019-09-09.yang', new Map([['ietf-yang-push', new Set<string>()]]));
  t.deepEqual(errors(r), []);
});
