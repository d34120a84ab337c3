/** Compiler behaviour that golden files cannot show: choices, laziness, identity of resolved links. */
import test from 'ava';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import type { ContainerMeta, LeafMeta, ListMeta, ModuleMeta } from '../../src/meta/meta.ts';
import { findDataChild, schemaChild } from '../../src/meta/navigate.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'yang', 'features');
const load = (file: string, features?: ReadonlyMap<string, ReadonlySet<string>>) => {
  const r = compileSchema({ searchPath: [dir], modules: [{ file: join(dir, file) }], ...(features === undefined ? {} : { features }) });
  return r;
};
const mod = (r: ReturnType<typeof load>, name: string): ModuleMeta => {
  const m = r.context.modules.get(name);
  if (m === undefined) throw new Error(`no module ${name}`);
  return m;
};
const names = (c: { children: readonly { name: string }[] }): string[] => c.children.map((x) => x.name);

test('features: only the chosen ones are enabled, and if-feature expressions follow', (t) => {
  const r = load('fx-features.yang', new Map([['fx-features', new Set(['alpha'])]]));
  t.true(r.ok);
  const m = mod(r, 'fx-features');
  t.deepEqual([...m.features.values()].map((f) => [f.name, f.enabled]), [['alpha', true], ['beta', false], ['gamma', false]]);
  t.deepEqual(names(m.children[0] as ContainerMeta), ['a', 'a-or-b', 'kind']);
  t.false(m.identities.has('gated'));
});

test('features: none chosen leaves the "not" branch', (t) => {
  const m = mod(load('fx-features.yang', new Map([['fx-features', new Set<string>()]])), 'fx-features');
  t.deepEqual(names(m.children[0] as ContainerMeta), ['not-a', 'kind']);
});

test('features: all enabled by default; gamma needs alpha and beta', (t) => {
  const m = mod(load('fx-features.yang'), 'fx-features');
  t.deepEqual(names(m.children[0] as ContainerMeta), ['a', 'a-or-b', 'g', 'kind']);
  t.true(m.identities.has('gated'));
  const both = m.identities.get('both');
  t.deepEqual(both?.bases.map((b) => b.name), ['base-a', 'base-b']);
  t.true(m.identities.get('base-a')?.derived.includes(both as never));
});

test('recursive groupings compile lazily, one level per access, and are flagged', (t) => {
  const r = load('fx-recursive.yang');
  t.true(r.ok);
  const tree = mod(r, 'fx-recursive').children[0] as ContainerMeta;
  t.false(tree.recursive);
  const child = findDataChild(tree, undefined, 'child') as ListMeta;
  t.true(child.recursive);
  t.deepEqual(child.keys.map((k) => k.name), ['name']);
  const grandchild = findDataChild(child, undefined, 'child') as ListMeta;
  t.true(grandchild.recursive);
  t.not(grandchild, child);
  t.is(grandchild.parent, child);
  t.deepEqual(names(grandchild), ['name', 'child']);
});

test('a refine changes only the uses it is written in', (t) => {
  const m = mod(load('fx-groupings.yang'), 'fx-groupings');
  const [server, client] = m.children as ContainerMeta[];
  const port = (c: ContainerMeta) => findDataChild(c, undefined, 'port') as LeafMeta;
  t.is(port(server!).default, '443');
  t.is(port(client!).default, '80');
  t.not(port(server!), port(client!));
  t.is(port(server!).parent, server);
  t.deepEqual(port(client!).when.map((w) => [w.text, w.context]), [['../server/port = 443', 'parent']]);
  t.deepEqual(port(server!).when, []);
});

test('a leafref knows its target node', (t) => {
  const m = mod(load('fx-types.yang'), 'fx-types');
  const types = m.children[0] as ContainerMeta;
  const id = findDataChild(findDataChild(types, undefined, 'item') as ListMeta, undefined, 'id');
  const ref = findDataChild(types, undefined, 'ref') as LeafMeta;
  t.is(ref.type.target, id as LeafMeta);
});

test('augments from another module land in the target with their own namespace', (t) => {
  const r = load('fx-augment-ext.yang');
  t.true(r.ok);
  const base = mod(r, 'fx-augment-base');
  const iface = schemaChild(schemaChild(base, 'fx-augment-base', 'interfaces')!, undefined, 'interface') as ListMeta;
  const mtu = findDataChild(iface, 'fx-augment-ext', 'mtu');
  t.is(mtu?.module.name, 'fx-augment-ext');
  t.deepEqual(mtu?.when.map((w) => [w.text, w.context]), [["b:name != 'lo'", 'parent']]);
  const stats = findDataChild(iface, 'fx-augment-ext', 'stats') as ContainerMeta;
  t.false(stats.config);
  t.deepEqual(names(stats), ['in-octets', 'out-octets']);
  t.false((stats.children[1] as LeafMeta).config, 'config false is inherited by nodes augmented later');
  t.deepEqual(base.augmentedBy, ['fx-augment-ext']);
  t.is(findDataChild(iface, 'fx-augment-base', 'mtu'), undefined, 'the namespace is part of the name');
});

test('a submodule contributes definitions and typedefs to its module', (t) => {
  const r = load('fx-submodule.yang');
  t.true(r.ok);
  const m = mod(r, 'fx-submodule');
  t.deepEqual(m.children.map((c) => c.name), ['whole', 'part']);
  t.deepEqual(m.submodules.map((s) => `${s.name}@${s.revision ?? ''}`), ['fx-submodule-part@2024-01-01']);
  t.is(m.revision, '2024-03-01');
  const lvl = findDataChild(m.children[0] as ContainerMeta, undefined, 'lvl') as LeafMeta;
  t.deepEqual(lvl.type.typedef, { module: 'fx-submodule', name: 'level' });
});
