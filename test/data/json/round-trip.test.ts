/**
 * Property: for random valid trees, decode(encode(tree)) is the tree, in the
 * strict and the simplified form, through JSON text; and the strict
 * encoding is stable (encoding the decoded tree gives the same text).
 */
import test, { type ExecutionContext } from 'ava';
import fc from 'fast-check';
import type { DataContainer, HolderMeta } from '../../../src/data/data-container.ts';
import { decodeData, decodeDatastore, encodeData, encodeDatastore, parseJsonText } from '../../../src/data/json/index.ts';
import type { SchemaContext } from '../../../src/meta/meta.ts';
import { checkProperty } from './check-property.ts';
import { containerArb, datastoreArb, type TreeOptions } from './arbitrary-tree.ts';
import { compile, dxSchema, featuresDir, moduleOf } from './fixtures.ts';
import { treeDiff } from './tree-diff.ts';

const dx = dxSchema();
const dxInstanceIds = ['/dx-data:top/i8', "/dx-data:top/entry[name='a'][index='1']/weight", "/dx-data:top/tags[.='x']", '/dx-data:top/dx-augment:more/level'];

/** Counterexamples print as their strict JSON, not as the schema objects they hold. */
const printable = <T extends object>(value: T, print: () => unknown): T =>
  Object.defineProperty(value, fc.toStringMethod, { value: () => JSON.stringify(print()) });

const parse = (text: string) => {
  const r = parseJsonText(text);
  if (!r.ok) throw new Error(`not JSON: ${text}`);
  return r;
};

function datastoreRoundTrips(t: ExecutionContext, options: TreeOptions, numRuns: number): void {
  const content = options.configOnly ? 'config' : 'all';
  checkProperty(t,
      fc.property(datastoreArb(options).map((r) => printable(r, () => encodeDatastore(r, { strict: true }))), (roots) => {
        for (const strict of [true, false]) {
          const text = JSON.stringify(encodeDatastore(roots, { strict, schema: options.schema }));
          const parsed = parse(text);
          const back = decodeDatastore(parsed.value, options.schema, { strict, content, numbers: parsed.numbers });
          if (!back.ok) throw new Error(`${strict ? 'strict' : 'simplified'} ${text}\n${back.errors.map((e) => `${e.path}: ${e.message}`).join('\n')}`);
          if (back.value.size !== roots.size) throw new Error(`modules differ for ${text}`);
          for (const [name, root] of roots) {
            const other = back.value.get(name);
            const diff = other === undefined ? 'module missing' : treeDiff(root, other);
            if (diff !== undefined) throw new Error(`${strict ? 'strict' : 'simplified'} ${name}${diff}\n${text}`);
          }
          if (strict && JSON.stringify(encodeDatastore(back.value, { strict })) !== text) throw new Error(`unstable: ${text}`);
        }
      }),
      { numRuns });
}

function holderRoundTrips(t: ExecutionContext, holder: HolderMeta, schema: SchemaContext, options: TreeOptions): void {
  checkProperty(t,
      fc.property(containerArb(holder, options).map((c) => printable(c, () => encodeData(c, { strict: true }))), (tree: DataContainer) => {
        for (const strict of [true, false]) {
          const text = JSON.stringify(encodeData(tree, { strict }));
          const back = decodeData(parse(text).value, holder, { strict, content: 'all', schema });
          if (!back.ok) throw new Error(`${text}: ${back.errors[0]?.message}`);
          const diff = treeDiff(tree, back.value);
          if (diff !== undefined) throw new Error(`${diff} in ${text}`);
        }
      }),
      { numRuns: 100 });
}

test('dx-data + dx-augment configuration round trips', (t) => {
  datastoreRoundTrips(t, { schema: dx, configOnly: true, instanceIds: dxInstanceIds }, 300);
});

test('dx-data + dx-augment with state data round trips', (t) => {
  datastoreRoundTrips(t, { schema: dx, configOnly: false, instanceIds: dxInstanceIds }, 200);
});

test('features fixtures (types, definitions, groupings, augments) round trip', (t) => {
  const schema = compile(featuresDir, ['fx-types.yang', 'fx-definitions.yang', 'fx-groupings.yang', 'fx-augment-base.yang', 'fx-augment-ext.yang']);
  datastoreRoundTrips(t, { schema, configOnly: false, instanceIds: ['/fx-types:types/i8', "/fx-types:types/item[id='1']"] }, 200);
});

test('rpc input and output, and a notification, round trip', (t) => {
  const options = { schema: dx, configOnly: false, instanceIds: dxInstanceIds };
  const m = moduleOf(dx, 'dx-data');
  const run = m.rpcs[0];
  const event = m.notifications[0];
  if (run === undefined || event === undefined) return t.fail();
  for (const holder of [run.input, run.output, event]) holderRoundTrips(t, holder, dx, options);
});
