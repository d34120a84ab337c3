/**
 * The existence probe on plain data (plainTargetExists: strict PATCH, POST's
 * parent, OPTIONS) answers what a read of the target answers: found when a
 * read writes it, absent when a read answers 404, and any other error of
 * the read as its own, for random trees, targets (present, missing, below a
 * missing entry, defaults, choices, leaf-list entries, state data) and every
 * content and with-defaults mode.
 */
import test from 'ava';
import fc from 'fast-check';
import { Browser } from '../../src/actors/browser.ts';
import type { TargetStep } from '../../src/actors/navigate.ts';
import { DataContainerNode, wrapDeep } from '../../src/actors/nodes/index.ts';
import { plainTargetExists } from '../../src/actors/read/read-plain.ts';
import { read } from '../../src/actors/read/read.ts';
import { defaultReadOptions, type ReadOptions } from '../../src/actors/read/read-options.ts';
import type { WithDefaults } from '../../src/actors/read/with-defaults.ts';
import type { DataContainer } from '../../src/data/data-container.ts';
import { encodeData } from '../../src/data/json/index.ts';
import { isNotFound } from '../../src/http/core/methods/probe-target.ts';
import type { ContainerMeta, LeafListMeta, LeafMeta, ListMeta } from '../../src/meta/meta.ts';
import { containerArb } from '../data/json/arbitrary-tree.ts';
import { loadFixture, metaAt } from '../helpers/runtime.ts';

const { schema, module } = loadFixture('runtime', 'rt-reads.yang');
const at = <T>(path: string): T => metaAt(module, path) as T;
const settings = at<ContainerMeta>('settings');
const table = at<ContainerMeta>('table');
const row = at<ListMeta>('table/row');

/** What a read node by node (the data behind a wrapper) says of the target: 'found', 'absent' (404), or the error. */
const byReading = async (tree: DataContainer, steps: readonly TargetStep[], options: ReadOptions): Promise<string> => {
  const browser = new Browser(module, schema, () => wrapDeep(new DataContainerNode(tree), (n) => n));
  try {
    await read([browser.root()], steps, options);
    return 'found';
  } catch (e) {
    return isNotFound(e) ? 'absent' : `error: ${e instanceof Error ? e.message : String(e)}`;
  }
};

const byProbe = (tree: DataContainer, steps: readonly TargetStep[], options: ReadOptions): string => {
  try {
    return plainTargetExists([tree], steps, options) ? 'found' : 'absent';
  } catch (e) {
    return `error: ${e instanceof Error ? e.message : String(e)}`;
  }
};

/** The key of the tree's first row, or a key no row has. */
const someRow = (tree: DataContainer, pick: number): TargetStep => {
  const rows = (tree.get(table) as DataContainer | undefined)?.get(row) as readonly DataContainer[] | undefined;
  const e = rows?.[pick % Math.max(1, rows.length)];
  return { meta: row, key: e === undefined || pick % 3 === 0 ? [4_000_000_000] : [e.get(at<LeafMeta>('table/row/id')) as number] };
};

const targets: readonly ((tree: DataContainer, pick: number) => TargetStep[])[] = [
  () => [{ meta: settings }],
  () => [{ meta: settings }, { meta: at<LeafMeta>('settings/name') }],
  () => [{ meta: settings }, { meta: at<LeafMeta>('settings/note') }],
  () => [{ meta: settings }, { meta: at<LeafMeta>('settings/transport/tcp/port') }],
  () => [{ meta: settings }, { meta: at<LeafMeta>('settings/transport/tls/tls-port') }],
  () => [{ meta: settings }, { meta: at<ContainerMeta>('settings/optional') }],
  () => [{ meta: settings }, { meta: at<ContainerMeta>('settings/gated') }, { meta: at<LeafMeta>('settings/gated/size') }],
  () => [{ meta: settings }, { meta: at<LeafListMeta>('settings/tags') }],
  () => [{ meta: settings }, { meta: at<LeafListMeta>('settings/tags'), value: 'a' }],
  () => [{ meta: settings }, { meta: at<LeafMeta>('settings/extra') }],
  () => [{ meta: table }, { meta: row, key: undefined }],
  (tree, pick) => [{ meta: table }, someRow(tree, pick)],
  (tree, pick) => [{ meta: table }, someRow(tree, pick), { meta: at<LeafMeta>('table/row/label') }],
  (tree, pick) => [{ meta: table }, someRow(tree, pick), { meta: at<LeafMeta>('table/row/kind/plain/color') }],
  (tree, pick) => [{ meta: table }, someRow(tree, pick), { meta: at<ContainerMeta>('table/row/meta') }, { meta: at<LeafMeta>('table/row/meta/owner') }],
  (tree, pick) => [{ meta: table }, someRow(tree, pick), { meta: at<ListMeta>('table/row/cell'), key: ['a'] }],
  () => [{ meta: at<ContainerMeta>('state') }, { meta: at<LeafMeta>('state/uptime') }],
  () => [{ meta: at<LeafMeta>('top-level') }],
];

test('the probe on plain data finds a target exactly when a read of it does, and fails as the read fails', async (t) => {
  const arb = fc.tuple(
    containerArb(module, { schema, configOnly: false, instanceIds: [] })
      .map((c) => Object.defineProperty(c, fc.toStringMethod, { value: () => JSON.stringify(encodeData(c, { strict: true })), configurable: true })),
    fc.integer({ min: 0, max: targets.length - 1 }),
    fc.nat(),
    fc.constantFrom('all' as const, 'config' as const, 'nonconfig' as const),
    fc.constantFrom<WithDefaults>('report-all', 'trim', 'explicit', 'report-all-tagged'),
  );
  const seen = new Set<string>();
  const details = await fc.check(fc.asyncProperty(arb, async ([tree, which, pick, content, withDefaults]) => {
    const steps = (targets[which] as (typeof targets)[number])(tree, pick);
    const options: ReadOptions = { ...defaultReadOptions, depth: 1, maxNodes: Number.MAX_SAFE_INTEGER, content, withDefaults };
    const probed = byProbe(tree, steps, options);
    const read = await byReading(tree, steps, options);
    seen.add(probed.startsWith('error') ? 'error' : probed);
    if (probed !== read) throw new Error(`probe: ${probed}; read: ${read}`);
  }), { numRuns: 1500 });
  if (details.failed) {
    const why = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    t.fail(`seed ${details.seed}, counterexample ${fc.stringify(details.counterexample)}\n${why}`);
    return;
  }
  // the runs saw targets both found and absent
  t.true(seen.has('found') && seen.has('absent'), [...seen].join(', '));
});
