/**
 * The same random edits through commitEdit on the embedded datastore and on
 * application nodes over plain objects (answering at once, and with
 * Promises): each edit is accepted by all three or rejected by all three
 * with the same errors, and the data read back is the same. The datastore's
 * validation is checked against validation of the whole tree by
 * test/validate/validate-change.test.ts; this carries that over to
 * validation through application nodes, which reads only what it looks at.
 */
import test from 'ava';
import fc from 'fast-check';
import { Browser } from '../../src/actors/browser.ts';
import { Device } from '../../src/actors/device.ts';
import { commitEdit } from '../../src/actors/edit/commit-edit.ts';
import type { Node } from '../../src/actors/node.ts';
import { Datastore } from '../../src/actors/nodes/datastore.ts';
import { reflectNode } from '../../src/actors/nodes/reflect-node.ts';
import { emptyContext } from '../../src/actors/request-context.ts';
import { decodeDatastore } from '../../src/data/json/index.ts';
import { RestconfFailure } from '../../src/errors/index.ts';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import type { ModuleMeta } from '../../src/meta/meta.ts';
import { fixtureDir, fixtureFile } from '../validate/helpers.ts';
import { editFor, editSeed, ValuePool } from '../validate/random-edits.ts';
import { readText } from '../helpers/read-text.ts';
import { vcEditsTop } from '../helpers/vc-edits-top.ts';
import { late } from '../helpers/late-node.ts';

const compiled = compileSchema({ searchPath: [fixtureDir], modules: [{ file: fixtureFile('vc-edits') }] });
if (!compiled.ok) throw new Error('vc-edits does not compile');
const schema = compiled.context;
const module = schema.modules.get('vc-edits') as ModuleMeta;

const top = vcEditsTop;

const served = (root: () => Node) => {
  const browser = new Browser(module, schema, root);
  return { browser, device: new Device(schema).add(browser) };
};

const outcome = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
    return 'accepted';
  } catch (e) {
    if (!(e instanceof RestconfFailure)) return `failed: ${(e as Error).message}`;
    return e.errors.map((x) => `${x.tag} ${x.appTag ?? '-'} ${x.path ?? '-'} ${x.message}`).sort().join('\n');
  }
};

test('the datastore and application nodes (at once, with Promises) accept and reject the same random edits alike', async (t) => {
  let accepted = 0;
  let rejected = 0;
  const r = await fc.check(fc.asyncProperty(fc.array(editSeed, { minLength: 1, maxLength: 10 }), async (seeds) => {
    const doc = { 'vc-edits:top': top() };
    const decoded = decodeDatastore(doc, schema, { strict: true, content: 'config' });
    if (!decoded.ok) throw new Error('the document does not decode');
    const store = new Datastore(schema);
    for (const [m, c] of decoded.value) for (const [k, v] of c.values) store.root(schema.modules.get(m) as ModuleMeta).values.set(k, v);
    const ds = served(() => store.node(module));
    const plain = { top: top() };
    const now = served(() => reflectNode(plain));
    const objects = { top: top() };
    const later = served(() => late(reflectNode(objects)));
    const pool = new ValuePool(schema, store.all);
    for (const seed of seeds) {
      const edit = editFor(seed, store.all, schema, pool);
      if (edit === undefined) continue;
      const cmd = { steps: edit.steps, operation: edit.operation, input: edit.input, context: emptyContext };
      const a = await outcome(commitEdit(ds.device, ds.browser, cmd));
      const b = await outcome(commitEdit(now.device, now.browser, cmd));
      const c = await outcome(commitEdit(later.device, later.browser, cmd));
      if (a !== b || a !== c) throw new Error(`${edit.describe}:\n  datastore: ${a}\n  nodes at once: ${b}\n  nodes with Promises: ${c}`);
      if (a === 'accepted') accepted++;
      else rejected++;
    }
    const read = async (s: ReturnType<typeof served>) => JSON.parse(await readText(s.browser.root(), []));
    const [x, y, z] = [await read(ds), await read(now), await read(later)];
    if (JSON.stringify(x) !== JSON.stringify(y) || JSON.stringify(x) !== JSON.stringify(z)) throw new Error(`the data differ after ${seeds.length} edits:\n${JSON.stringify(x)}\n${JSON.stringify(y)}\n${JSON.stringify(z)}`);
  }), { numRuns: 60, seed: 14 });
  t.is(r.failed ? `${JSON.stringify(r.counterexample)}: ${(r.errorInstance as Error).message}` : undefined, undefined);
  t.log(`${accepted} edits accepted, ${rejected} rejected by all three`);
  t.true(accepted > 20 && rejected > 20);
});
