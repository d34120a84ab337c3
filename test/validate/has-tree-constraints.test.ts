import test from 'ava';
import type { ModuleMeta, SchemaContext } from '../../src/meta/meta.ts';
import { hasTreeConstraints } from '../../src/validate/index.ts';
import { schemaOf } from './helpers.ts';

const module = (schema: SchemaContext, name: string): ModuleMeta => {
  const m = schema.modules.get(name);
  if (m === undefined) throw new Error(name);
  return m;
};

test('a module with no tree-level constraint can be skipped (operations and require-instance false do not count)', (t) => {
  t.false(hasTreeConstraints(module(schemaOf('vt-plain'), 'vt-plain')));
});

test('a constraint augmented into the tree counts for the augmented module', (t) => {
  t.true(hasTreeConstraints(module(schemaOf('vt-plain', 'vt-plain-ext'), 'vt-plain')));
  t.false(hasTreeConstraints(module(schemaOf('vt-plain', 'vt-plain-ext'), 'vt-plain-ext')), 'no top-level nodes of its own');
});

test('each kind of constraint is found', (t) => {
  t.true(hasTreeConstraints(module(schemaOf('vt-card'), 'vt-card')), 'mandatory, min/max-elements, unique, choice');
  t.true(hasTreeConstraints(module(schemaOf('vt-top'), 'vt-top')), 'min-elements at top level');
  t.true(hasTreeConstraints(module(schemaOf('vt-xpath'), 'vt-xpath')), 'must, when, leafref');
  t.true(hasTreeConstraints(module(schemaOf('vt-base'), 'vt-base')), 'when on uses, choice and case');
  t.false(hasTreeConstraints(module(schemaOf('vt-ops'), 'vt-ops')), 'only operations and notifications have constraints');
});
