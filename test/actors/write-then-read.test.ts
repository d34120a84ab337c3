/**
 * Property: for random valid configuration of a fixture schema (dx-data with
 * its augment: every built-in type, one- and two-key lists, choices,
 * anydata), a replace at the module root through commitEdit, then a read of
 * the module, gives back the same tree, in both JSON forms, whether the
 * data lands in the embedded Datastore or in a reflectNode over an empty
 * object; and both give the same text.
 */
import test, { type ExecutionContext } from 'ava';
import fc from 'fast-check';
import { Browser } from '../../src/actors/browser.ts';
import { Device } from '../../src/actors/device.ts';
import { commitEdit } from '../../src/actors/edit/commit-edit.ts';
import type { Node } from '../../src/actors/node.ts';
import { Datastore, reflectNode } from '../../src/actors/nodes/index.ts';
import { read } from '../../src/actors/read/read.ts';
import { defaultReadOptions } from '../../src/actors/read/read-options.ts';
import { emptyContext } from '../../src/actors/request-context.ts';
import type { DataContainer } from '../../src/data/data-container.ts';
import { decodeData, encodeData, parseJsonText } from '../../src/data/json/index.ts';
import type { ModuleMeta, SchemaContext } from '../../src/meta/meta.ts';
import { containerArb } from '../data/json/arbitrary-tree.ts';
import { compile, dataDir, dxSchema, moduleOf } from '../data/json/fixtures.ts';
import { treeDiff } from '../data/json/tree-diff.ts';

const full = dxSchema();
/** dx-data alone: no augment reusing a sibling's name (see the failing test below). */
const alone = compile(dataDir, ['dx-data.yang']);
const instanceIds = ['/dx-data:top/i8', "/dx-data:top/entry[name='a'][index='1']/weight", "/dx-data:top/tags[.='x']"];

const readAll = async (browser: Browser, strict: boolean): Promise<string> => {
  const body = await read([browser.root()], [], { ...defaultReadOptions, strict, withDefaults: 'explicit', maxNodes: 1_000_000 });
  if (body.kind === 'whole') return body.text;
  let text = body.first;
  for await (const chunk of body.rest) text += chunk;
  return text;
};

/** Replaces the module's data with `tree` through commitEdit, then reads it all back. */
const writeThenRead = async (schema: SchemaContext, root: (m: ModuleMeta) => Node, tree: DataContainer, strict: boolean): Promise<string> => {
  const module = moduleOf(schema, 'dx-data');
  const browser = new Browser(module, schema, () => root(module));
  const device = new Device(schema).add(browser);
  await commitEdit(device, browser, { steps: [], operation: 'replace', input: tree.clone(), context: emptyContext });
  return readAll(browser, strict);
};

const decoded = (text: string, strict: boolean, schema: SchemaContext): DataContainer => {
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw new Error(`not JSON: ${text}`);
  const r = decodeData(parsed.value, moduleOf(schema, 'dx-data'), { strict, content: 'all', schema, numbers: parsed.numbers });
  if (!r.ok) throw new Error(`${r.errors.map((e) => `${e.path ?? ''} ${e.message}`).join('; ')} in ${text}`);
  return r.value;
};

/** Both stores give back `tree` in the form asked for, and the same text. */
const roundTrips = async (schema: SchemaContext, tree: DataContainer, strict: boolean): Promise<void> => {
  const store = new Datastore(schema);
  const fromStore = await writeThenRead(schema, (m) => store.node(m), tree, strict);
  const target = {};
  const fromReflect = await writeThenRead(schema, () => reflectNode(target), tree, strict);
  for (const [where, text] of [['datastore', fromStore], ['reflect', fromReflect]] as const) {
    const diff = treeDiff(tree, decoded(text, strict, schema));
    if (diff !== undefined) throw new Error(`${where}, ${strict ? 'strict' : 'plain'}: ${diff}\n${text}`);
  }
  if (fromStore !== fromReflect) throw new Error(`texts differ:\n${fromStore}\n${fromReflect}`);
};

const trees = (schema: SchemaContext) => containerArb(moduleOf(schema, 'dx-data'), { schema, configOnly: true, instanceIds: [...instanceIds, ...(schema === full ? ['/dx-data:top/dx-augment:more/level'] : [])] })
  .map((c) => Object.defineProperty(c, fc.toStringMethod, { value: () => JSON.stringify(encodeData(c, { strict: true })) }));

const check = async (t: ExecutionContext, schema: SchemaContext, forms: readonly boolean[], numRuns: number): Promise<void> => {
  const details = await fc.check(fc.asyncProperty(trees(schema), async (tree) => {
    for (const strict of forms) await roundTrips(schema, tree, strict);
  }), { numRuns });
  if (details.failed) {
    const why = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    t.fail(`seed ${details.seed}, counterexample ${fc.stringify(details.counterexample)}\n${why}`);
  } else {
    t.is(details.numRuns, numRuns);
  }
};

test('strict form, dx-data with its augment: the Datastore and reflectNode give back the tree written', async (t) => {
  await check(t, full, [true], 150);
});

test('both forms, dx-data alone: the Datastore and reflectNode give back the tree written', async (t) => {
  await check(t, alone, [true, false], 150);
});

/**
 * Known defect of the JSON writer (src/actors/nodes/json-writer.ts): its
 * plain form writes every name bare, so dx-augment's `flag` comes out as
 * `"flag"`, which means dx-data's boolean `flag`. It should qualify such
 * names as `memberLabel` (src/data/json) does. Passes while the defect lasts.
 */
test('plain form, dx-data with its augment: an augmented leaf reusing a sibling name round trips', async (t) => {
  const r = decodeData({ 'dx-data:top': { 'dx-augment:flag': 'A' } }, moduleOf(full, 'dx-data'), { strict: true, content: 'config', schema: full });
  if (!r.ok) throw new Error('fixture input does not decode');
  await roundTrips(full, r.value, false);
  t.pass();
});
