/**
 * invoke hands the node that runs an operation its input as the server uses
 * it (RFC 7950 §7.14.2): defaults filled in where they are in use, checked
 * against the input's constraints, also when the request had no input.
 */
import test from 'ava';
import { Browser } from '../../../src/actors/browser.ts';
import { invoke } from '../../../src/actors/operations/index.ts';
import type { Node } from '../../../src/actors/node.ts';
import { DataContainerNode } from '../../../src/actors/nodes/data-node.ts';
import type { TargetStep } from '../../../src/actors/navigate.ts';
import { DataContainer } from '../../../src/data/data-container.ts';
import { decodeData, encodeData } from '../../../src/data/json/index.ts';
import { RestconfFailure } from '../../../src/errors/index.ts';
import type { OperationMeta } from '../../../src/meta/meta.ts';
import { loadFixture } from '../../helpers/runtime.ts';

const { schema, module } = loadFixture('conformance', 'cf-ops.yang');
const run = module.rpcs.find((r) => r.name === 'run') as OperationMeta;
const bare = module.rpcs.find((r) => r.name === 'bare') as OperationMeta;

/** A module root whose operations record the input node they are handed, as JSON. */
const recording = () => {
  const seen: unknown[] = [];
  const root: Node = Object.assign(Object.create(new DataContainerNode(new DataContainer(module))) as Node, {
    action: (r: Parameters<NonNullable<Node['action']>>[0]) => {
      const data = r.input?.node.peek?.();
      seen.push(data instanceof DataContainer ? encodeData(data, { strict: false, schema }) : r.input);
      return undefined;
    },
  });
  return { seen, browser: new Browser(module, schema, () => root) };
};

const inputOf = (json: Record<string, unknown>): DataContainer => {
  const r = decodeData(json, run.input, { strict: false, content: 'all', schema });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};

const call = (input: DataContainer | undefined, op: OperationMeta = run) => {
  const { seen, browser } = recording();
  const steps: TargetStep[] = [{ meta: op }];
  return { seen, done: invoke(browser, { steps, input, context: {} }) };
};

test('defaults in use are filled in: top level, the default case down through non-presence containers', async (t) => {
  const { seen, done } = call(inputOf({ needed: 'n' }));
  await done;
  t.deepEqual(seen, [{ mode: 'a', deep: { deeper: { x: 1 } }, needed: 'n' }]);
});

test('a when that holds brings its defaults (container and leaf-list); the case with data takes its own defaults', async (t) => {
  const { seen, done } = call(inputOf({ needed: 'n', mode: 'b', y: 3 }));
  await done;
  t.deepEqual(seen, [{ mode: 'b', extra: { level: 2 }, ll: [4, 5], y: 3, z: 9, needed: 'n' }]);
});

test('no input at all is checked like an empty one: the mandatory leaf is missing, the node is not asked', async (t) => {
  const { seen, done } = call(undefined);
  const e = await t.throwsAsync(done, { instanceOf: RestconfFailure });
  t.deepEqual((e as RestconfFailure).errors.map((x) => [x.tag, x.path]), [['data-missing', '/cf-ops:run/needed']]);
  t.deepEqual(seen, []);
});

test('data under a false when is still refused; only filled defaults are taken back', async (t) => {
  const { seen, done } = call(inputOf({ needed: 'n', extra: { level: 3 } }));
  const e = await t.throwsAsync(done, { instanceOf: RestconfFailure });
  t.deepEqual((e as RestconfFailure).errors.map((x) => [x.tag, x.path]), [['unknown-element', '/cf-ops:run/extra']]);
  t.deepEqual(seen, []);
});

test('an operation without an input statement gets no input', async (t) => {
  const { seen, done } = call(undefined, bare);
  await done;
  t.deepEqual(seen, [undefined]);
});
