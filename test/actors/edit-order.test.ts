/** The spec's edit hook tables, reproduced call for call (and rollback when a node fails). */
import test from 'ava';
import { runToEnd } from '../../src/actors/co.ts';
import { applyEdit } from '../../src/actors/edit/apply-edit.ts';
import { DataContainerNode } from '../../src/actors/nodes/data-node.ts';
import { Browser } from '../../src/actors/browser.ts';
import { traceNode, type TraceEntry } from '../../src/actors/nodes/trace-node.ts';
import type { Node } from '../../src/actors/node.ts';
import { DataContainer } from '../../src/data/data-container.ts';
import type { ContainerMeta, LeafMeta } from '../../src/meta/meta.ts';
import { hooks, loadFixture, metaAt, stepsTo, tracedStore } from '../helpers/runtime.ts';

const { schema, module } = loadFixture('runtime', 'rt-edits.yang');
const P = '/rt-edits:parent';
const T = `${P}/target`;

/** parent/target/child exist; child-child does not. */
const seeded = (): DataContainer => {
  const root = new DataContainer(module);
  const parent = new DataContainer(metaAt(module, 'parent') as ContainerMeta);
  const target = new DataContainer(metaAt(module, 'parent/target') as ContainerMeta);
  const child = new DataContainer(metaAt(module, 'parent/target/child') as ContainerMeta);
  child.set(metaAt(module, 'parent/target/child/y') as LeafMeta, 'old');
  target.set(child.meta as ContainerMeta, child);
  parent.set(target.meta as ContainerMeta, target);
  root.set(parent.meta as ContainerMeta, parent);
  return root;
};

test('table 1: delete target — target (EditRoot, Delete), parent, root; descendants get nothing', async (t) => {
  const s = tracedStore(schema, module, seeded());
  const outcome = await runToEnd(applyEdit(s.browser.root(), stepsTo(module, 'parent/target'), 'delete', undefined));
  t.true(outcome.existed);
  t.deepEqual(hooks(s.log), [
    `beginEdit ${T} editRoot,delete`,
    `beginEdit ${P}`,
    'beginEdit /',
    `endEdit ${T} editRoot,delete`,
    `endEdit ${P}`,
    'endEdit /',
  ]);
  t.false((s.data.get(metaAt(module, 'parent') as ContainerMeta) as DataContainer).values.has(metaAt(module, 'parent/target') as ContainerMeta));
});

test('table 2: create a new child-child through the target', async (t) => {
  const s = tracedStore(schema, module, seeded());
  const child = new DataContainer(metaAt(module, 'parent/target/child') as ContainerMeta);
  const cc = new DataContainer(metaAt(module, 'parent/target/child/child-child') as ContainerMeta);
  cc.set(metaAt(module, 'parent/target/child/child-child/z') as LeafMeta, 'new');
  child.set(cc.meta as ContainerMeta, cc);
  const input = new DataContainer(metaAt(module, 'parent/target') as ContainerMeta).set(child.meta as ContainerMeta, child);
  await runToEnd(applyEdit(s.browser.root(), stepsTo(module, 'parent/target'), 'merge', input));
  t.deepEqual(hooks(s.log), [
    `beginEdit ${T} editRoot`,
    `beginEdit ${P}`,
    'beginEdit /',
    `beginEdit ${T}/child editRoot`,
    `beginEdit ${T}/child/child-child editRoot,new`,
    `endEdit ${T}/child/child-child editRoot,new`,
    `endEdit ${T}/child editRoot`,
    `endEdit ${T} editRoot`,
    `endEdit ${P}`,
    'endEdit /',
  ]);
});

test('table 3: edit a leaf on the target', async (t) => {
  const s = tracedStore(schema, module, seeded());
  const x = metaAt(module, 'parent/target/x') as LeafMeta;
  await runToEnd(applyEdit(s.browser.root(), [...stepsTo(module, 'parent/target'), { meta: x }], 'merge', 'v'));
  t.deepEqual(hooks(s.log), [
    `beginEdit ${T} editRoot`,
    `beginEdit ${P}`,
    'beginEdit /',
    `endEdit ${T} editRoot`,
    `endEdit ${P}`,
    'endEdit /',
  ]);
  t.true(s.log.some((e) => e.call === 'field' && e.path === `${T}/x` && e.detail === 'write'));
});

test('a failing beginEdit rolls back: every node that began gets endEdit with the failure, nothing after', async (t) => {
  const data = seeded();
  const log: TraceEntry[] = [];
  const failing = (n: Node): Node => ({
    ...n,
    child: (r) => {
      const c = n.child?.(r) as Node | undefined;
      if (c === undefined) return c;
      return r.meta.name === 'child-child' ? { ...failing(c), beginEdit: () => { throw new Error('locked'); } } : failing(c);
    },
  });
  const browser = new Browser(module, schema, () => traceNode(failing(new DataContainerNode(data)), log));
  const input = new DataContainer(metaAt(module, 'parent/target') as ContainerMeta).set(
    metaAt(module, 'parent/target/child') as ContainerMeta,
    new DataContainer(metaAt(module, 'parent/target/child') as ContainerMeta).set(
      metaAt(module, 'parent/target/child/child-child') as ContainerMeta,
      new DataContainer(metaAt(module, 'parent/target/child/child-child') as ContainerMeta),
    ),
  );
  await t.throwsAsync(runToEnd(applyEdit(browser.root(), stepsTo(module, 'parent/target'), 'merge', input)), { message: 'locked' });
  t.deepEqual(hooks(log), [
    `beginEdit ${T} editRoot`,
    `beginEdit ${P}`,
    'beginEdit /',
    `beginEdit ${T}/child editRoot`,
    `beginEdit ${T}/child/child-child editRoot,new`,
    `endEdit ${T}/child editRoot,failure`,
    `endEdit ${T} editRoot,failure`,
    `endEdit ${P} failure`,
    'endEdit / failure',
  ]);
});

test('creating a missing target creates the chain below the deepest existing node', async (t) => {
  const s = tracedStore(schema, module, new DataContainer(module));
  const x = metaAt(module, 'parent/target/x') as LeafMeta;
  const outcome = await runToEnd(applyEdit(s.browser.root(), [...stepsTo(module, 'parent/target'), { meta: x }], 'merge', 'v'));
  t.true(outcome.created);
  t.deepEqual(hooks(s.log), [
    'beginEdit / editRoot',
    `beginEdit ${P} editRoot,new`,
    `beginEdit ${T} editRoot,new`,
    `endEdit ${T} editRoot,new`,
    `endEdit ${P} editRoot,new`,
    'endEdit / editRoot',
  ]);
});

test('create of existing data is data-exists and calls no hook', async (t) => {
  const s = tracedStore(schema, module, seeded());
  const err = await t.throwsAsync(runToEnd(applyEdit(s.browser.root(), stepsTo(module, 'parent/target'), 'create', new DataContainer(metaAt(module, 'parent/target') as ContainerMeta))));
  t.regex(err?.message ?? '', /data already exists at \/rt-edits:parent\/target/);
  t.deepEqual(hooks(s.log), []);
});

test('delete of missing data changes nothing and calls no hook', async (t) => {
  const s = tracedStore(schema, module, new DataContainer(module));
  const outcome = await runToEnd(applyEdit(s.browser.root(), stepsTo(module, 'parent/target'), 'delete', undefined));
  t.false(outcome.existed);
  t.deepEqual(hooks(s.log), []);
});
