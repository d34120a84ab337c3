/**
 * Edits of the embedded datastore's own nodes are applied once and
 * validated in place (validate-in-place.ts); edits of a wrapped datastore
 * go the candidate's way (validated on a candidate, then applied). Both
 * must agree on every edit: accepted or rejected with the same errors, the
 * same data after it; a rejected edit changes nothing, in memory or on
 * disk; constraints reading a module served by application nodes that
 * answer late are checked once they have answered.
 */
import test from 'ava';
import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Browser } from '../../src/actors/browser.ts';
import { Device } from '../../src/actors/device.ts';
import { commitEdit, type EditCommand } from '../../src/actors/edit/commit-edit.ts';
import type { Node } from '../../src/actors/node.ts';
import { Datastore } from '../../src/actors/nodes/datastore.ts';
import { reflectNode } from '../../src/actors/nodes/reflect-node.ts';
import { emptyContext } from '../../src/actors/request-context.ts';
import { DataContainer } from '../../src/data/data-container.ts';
import { decodeData } from '../../src/data/json/index.ts';
import { RestconfFailure } from '../../src/errors/index.ts';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import type { ModuleMeta, SchemaContext } from '../../src/meta/meta.ts';
import { encodeDataFile } from '../../src/store/index.ts';
import { stepsTo } from '../helpers/runtime.ts';
import { crashImage, loadState, tempDataFile } from '../store/helpers.ts';
import { datastore, fixtureDir, schemaOf } from '../validate/helpers.ts';
import { editFor, editSeed, ValuePool, type Edit } from '../validate/random-edits.ts';
import { vcEditsTop } from '../helpers/vc-edits-top.ts';
import { late } from '../helpers/late-node.ts';

/** What an edit came to: `ok`, or its errors (tag, app-tag, path, message). */
const outcome = async (run: () => Promise<unknown>): Promise<string> => {
  try {
    await run();
    return 'ok';
  } catch (e) {
    if (e instanceof RestconfFailure) return e.errors.map((x) => `${x.tag} ${x.appTag ?? '-'} ${x.path ?? '-'} ${x.message} ${x.status ?? '-'}`).sort().join('; ');
    return String(e);
  }
};

/** A datastore holding `start` (in `file` when given), its modules served by its own root nodes, or by wrapped ones (the candidate's way). */
const serveStore = (schema: SchemaContext, start: ReadonlyMap<string, DataContainer>, own: boolean, file?: string) => {
  if (file !== undefined) writeFileSync(file, encodeDataFile(start, schema));
  const store = Datastore.load(schema, file);
  if (file === undefined) {
    for (const [name, tree] of start) {
      const root = store.root(schema.modules.get(name) as ModuleMeta);
      for (const [m, v] of tree.clone().values) root.set(m, v);
    }
  }
  const device = new Device(schema);
  const browsers = new Map<string, Browser>();
  for (const m of schema.modules.values()) {
    if (!m.implemented) continue;
    const b = new Browser(m, schema, () => (own ? store.node(m) : Object.create(store.node(m)) as Node));
    browsers.set(m.name, b);
    device.add(b);
  }
  const edit = (e: Edit): Promise<unknown> => {
    const input = e.input instanceof DataContainer ? e.input.clone() : e.input;
    return commitEdit(device, browsers.get(e.module.name) as Browser, { steps: e.steps, operation: e.operation, input, context: emptyContext });
  };
  return { store, edit, state: (): unknown => JSON.parse(encodeDataFile(store.all, schema)) };
};

const vcDoc = { 'vc-edits:top': vcEditsTop() };

test('random edits: applied once in place and validated on a candidate, the same outcome, the same data, and what was acknowledged is on disk', async (t) => {
  const schema = schemaOf('vc-edits');
  const start = datastore(schema, vcDoc);
  const tally = { accepted: 0, rejected: 0 };
  const check = fc.asyncProperty(fc.array(editSeed, { minLength: 1, maxLength: 12 }), async (seeds) => {
    const file = tempDataFile();
    const inPlace = serveStore(schema, start, true, file);
    const candidate = serveStore(schema, start, false);
    const pool = new ValuePool(schema, inPlace.store.all);
    const log: string[] = [];
    for (const seed of seeds) {
      const e = editFor(seed, inPlace.store.all, schema, pool);
      if (e === undefined) continue;
      log.push(e.describe);
      const [a, b] = [await outcome(() => inPlace.edit(e)), await outcome(() => candidate.edit(e))];
      if (a !== b) throw new Error(`after ${log.join('; ')}: in place ${a}, on a candidate ${b}`);
      if (JSON.stringify(inPlace.state()) !== JSON.stringify(candidate.state())) throw new Error(`after ${log.join('; ')}: the data differ`);
      tally[a === 'ok' ? 'accepted' : 'rejected']++;
    }
    const saved = loadState(crashImage(file), schema);
    if (JSON.stringify(saved.state) !== JSON.stringify(inPlace.state())) throw new Error(`after ${log.join('; ')}: the data file and journal hold another state`);
    await inPlace.store.close();
  });
  const r = await fc.check(check, { numRuns: 120, seed: 14 });
  t.false(r.failed, r.failed ? `${JSON.stringify(r.counterexample)}: ${String(r.errorInstance)}` : '');
  t.log(`edits: ${tally.accepted} accepted, ${tally.rejected} rejected`);
  t.true(tally.accepted > 50 && tally.rejected > 50, 'both outcomes are exercised');
});

// A datastore module whose constraints read another module served by application nodes.
const compiled = compileSchema({ searchPath: [join(fixtureDir, '..', 'in-place')], modules: [{ file: join(fixtureDir, '..', 'in-place', 'ip-uses.yang') }] });
if (!compiled.ok) throw new Error(compiled.diagnostics.map((d) => d.message).join('\n'));
const ipSchema = compiled.context;
const usesModule = ipSchema.modules.get('ip-uses') as ModuleMeta;
const thingsModule = ipSchema.modules.get('ip-things') as ModuleMeta;


const serveUses = (answersLate: boolean) => {
  const file = tempDataFile();
  const store = Datastore.load(ipSchema, file);
  const things = { things: { thing: [{ name: 't1', size: 5 }, { name: 't2', size: 1 }] } };
  const uses = new Browser(usesModule, ipSchema, () => store.node(usesModule));
  const device = new Device(ipSchema).add(uses).add(new Browser(thingsModule, ipSchema, () => (answersLate ? late(reflectNode(things)) : reflectNode(things))));
  const edit = (id: number, json: unknown, operation: EditCommand['operation'] = 'merge'): Promise<unknown> => {
    const steps = stepsTo(usesModule, 'uses/use', { use: [id] });
    const list = steps[steps.length - 1]?.meta as Parameters<typeof decodeData>[1];
    const r = decodeData(json, list, { strict: false, content: 'config', schema: ipSchema });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return commitEdit(device, uses, { steps, operation, input: r.value, context: emptyContext });
  };
  return { file, store, edit, state: (): unknown => JSON.parse(encodeDataFile(store.all, ipSchema)) };
};

for (const answersLate of [false, true]) {
  const how = answersLate ? 'the other module\'s nodes answering with Promises' : 'the other module\'s nodes answering at once';
  test(`${how}: constraints across modules accept and reject in-place edits; a rejected edit changes nothing, in memory or on disk`, async (t) => {
    const s = serveUses(answersLate);
    t.is(await outcome(() => s.edit(1, { id: 1, label: 'one', thing: 't1', amount: 3 })), 'ok');
    const accepted = s.state();
    t.deepEqual(accepted, { 'ip-uses:uses': { use: [{ id: 1, label: 'one', thing: 't1', amount: 3 }] } });

    const tooMuch = await outcome(() => s.edit(1, { id: 1, amount: 9 }));
    t.regex(tooMuch, /^operation-failed must-violation .* more than the thing holds 412$/);
    const missing = await outcome(() => s.edit(2, { id: 2, thing: 'nope' }));
    t.regex(missing, /^data-missing instance-required /);
    const smaller = await outcome(() => s.edit(1, { id: 1, thing: 't2' }));
    t.regex(smaller, /more than the thing holds/, 'the must is checked again when the reference changes');
    const twice = await outcome(() => s.edit(3, { id: 3, label: 'one' }));
    t.regex(twice, /^operation-failed data-not-unique /);
    t.deepEqual(s.state(), accepted, 'rejected edits changed nothing');

    t.is(await outcome(() => s.edit(2, { id: 2, label: 'two', thing: 't2', amount: 1 })), 'ok');
    const after = s.state();
    t.deepEqual(loadState(crashImage(s.file), ipSchema).state, after, 'the data file and journal hold what was acknowledged, nothing rejected');
    await s.store.close();
  });
}
