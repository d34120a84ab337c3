/**
 * An edit that only gives values to leaves no constraint involves is
 * answered without the validation walk (quiet-write.ts); every other
 * change still is walked. The random-edit tests of validate-change compare
 * both with the whole tree's validation; here, which writes are quiet.
 */
import test from 'ava';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import type { DataContainer } from '../../src/data/data-container.ts';
import type { DataPath } from '../../src/data/data-path.ts';
import type { ContainerMeta, DataNodeMeta, ListMeta } from '../../src/meta/meta.ts';
import { ChangeSet, validateChange } from '../../src/validate/index.ts';
import { onlyQuietWrites } from '../../src/validate/quiet-write.ts';
import { datastore } from './helpers.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'yang', 'quiet-write');
const { context: schema } = compileSchema({ searchPath: [dir], modules: [{ file: join(dir, 'qw.yang') }] });
const top = schema.modules.get('qw')?.children.find((c) => c.name === 'top') as ContainerMeta;
const child = (holder: { readonly children: readonly { readonly name: string; readonly kind: string }[] }, name: string): DataNodeMeta => {
  for (const c of holder.children) {
    if (c.name === name) return c as DataNodeMeta;
    if (c.kind === 'choice') for (const k of (c as unknown as { cases: { children: DataNodeMeta[] }[] }).cases) for (const m of k.children) if (m.name === name) return m;
  }
  throw new Error(`no ${name}`);
};

const doc = {
  'qw:top': { free: 'a', plain: 1, 'read-by-must': 1, limit: 2, gated: 'g', ref: 1, 'must-not-be-empty': 'm', 'in-case': 'c', item: [{ name: 'i', note: 'n' }] },
};

const write = (segments: DataPath['segments']): { path: DataPath; what: 'field'; added: boolean } => ({ path: { segments }, what: 'field', added: false });
const leaf = (name: string) => write([{ meta: top }, { meta: child(top, name) }]);

test('a leaf nothing reads, without must, when or reference, in containers only, present after the edit, is a quiet write', (t) => {
  const roots = datastore(schema, doc);
  t.true(onlyQuietWrites([leaf('free')], roots, schema));
  t.true(onlyQuietWrites([leaf('must-not-be-empty'), leaf('free')], roots, schema), 'mandatory: present, so it holds');
});

test('leaves a constraint involves, leaves in a list or a case, state, an absent leaf and no change at all are walked', (t) => {
  const roots = datastore(schema, doc);
  for (const name of ['plain', 'read-by-must', 'limit', 'gated', 'ref', 'in-case']) t.false(onlyQuietWrites([leaf(name)], roots, schema), name);
  const item = child(top, 'item') as ListMeta;
  t.false(onlyQuietWrites([write([{ meta: top }, { meta: item, key: ['i'] }, { meta: child(item, 'note') }])], roots, schema), 'in a list');
  const state = child(top, 'state') as ContainerMeta;
  t.false(onlyQuietWrites([write([{ meta: top }, { meta: state }, { meta: child(state, 'count') }])], roots, schema), 'state');
  t.false(onlyQuietWrites([leaf('free'), leaf('limit')], roots, schema), 'one walked change among quiet ones');
  t.false(onlyQuietWrites([], roots, schema), 'no change');
  const held = roots.get('qw')?.get(top) as DataContainer;
  held.delete(child(top, 'must-not-be-empty'));
  t.false(onlyQuietWrites([leaf('must-not-be-empty')], roots, schema), 'deleted: absent after the edit');
});

test('the validation of a change: a quiet write passes; the deletion of a mandatory leaf is still refused', (t) => {
  const roots = datastore(schema, doc);
  const held = roots.get('qw')?.get(top) as DataContainer;
  const quiet = new ChangeSet(roots, schema);
  const free = child(top, 'free');
  quiet.setting(held, free, leaf('free').path);
  held.set(free, 'b');
  t.deepEqual(validateChange(roots, quiet, { content: 'config', schema }).errors, []);
  const mandatory = child(top, 'must-not-be-empty');
  const removal = new ChangeSet(roots, schema);
  removal.setting(held, mandatory, leaf('must-not-be-empty').path);
  held.delete(mandatory);
  t.deepEqual(validateChange(roots, removal, { content: 'config', schema }).errors.map((e) => e.tag), ['data-missing']);
});
