/**
 * The read fast path over in-memory data (src/actors/read/write-data.ts)
 * writes what the node-by-node walk writes: for random trees and random
 * selections (targets, depth, content, with-defaults, fields, rx.xfields,
 * rx.range, rx.max-node-count, both JSON forms), a plain data-tree node and
 * the same data behind a wrapper (read node by node) give the same text or
 * the same error. And a long list streams in bounded chunks.
 */
import test from 'ava';
import fc from 'fast-check';
import { Browser } from '../../src/actors/browser.ts';
import type { TargetStep } from '../../src/actors/navigate.ts';
import type { Node } from '../../src/actors/node.ts';
import { Datastore, DataContainerNode, traceNode, wrapDeep } from '../../src/actors/nodes/index.ts';
import { CHUNK_BYTES, chunkBytesCounts } from '../../src/base/chunk-bytes.ts';
import { resolveFields, type FieldSelection } from '../../src/actors/read/field-selection.ts';
import { plainData } from '../../src/actors/read/plain-data.ts';
import { read, readChunks } from '../../src/actors/read/read.ts';
import { readText } from '../helpers/read-text.ts';
import { defaultReadOptions, type ReadOptions } from '../../src/actors/read/read-options.ts';
import type { WithDefaults } from '../../src/actors/read/with-defaults.ts';
import { DataContainer } from '../../src/data/data-container.ts';
import { encodeData } from '../../src/data/json/index.ts';
import type { ContainerMeta, LeafListMeta, LeafMeta, ListMeta, ModuleMeta, SchemaContext } from '../../src/meta/meta.ts';
import { parseFields } from '../../src/parser/expr/index.ts';
import type { YangValue } from '../../src/types/value.ts';
import { containerArb } from '../data/json/arbitrary-tree.ts';
import { dxSchema, moduleOf } from '../data/json/fixtures.ts';
import { loadFixture, metaAt } from '../helpers/runtime.ts';

/** The text of a read, or its error message. */
const outcome = async (node: Node, module: ModuleMeta, schema: SchemaContext, steps: readonly TargetStep[], options: ReadOptions, flushAt: number): Promise<string> => {
  const browser = new Browser(module, schema, () => node);
  try {
    const body = await read([browser.root()], steps, options, flushAt);
    if (body.kind === 'whole') return body.text;
    let text = body.first;
    for await (const chunk of body.rest) text += chunk;
    return text;
  } catch (e) {
    return `error: ${e instanceof Error ? e.message : String(e)}`;
  }
};

/** The same data, read node by node: a wrapper changes the read methods, so the fast path does not apply. */
const walked = (data: DataContainer): Node => wrapDeep(new DataContainerNode(data), (n) => n);

interface Target {
  readonly steps: (tree: DataContainer) => TargetStep[] | undefined;
  /** Fields expressions valid at this target. */
  readonly fields: readonly string[];
}

const fieldsAt = (text: string, at: ModuleMeta | ContainerMeta | ListMeta): FieldSelection => {
  const p = parseFields(text);
  if (!p.ok) throw new Error(p.message);
  const r = resolveFields(p.value, at);
  if (typeof r === 'string') throw new Error(r);
  return r;
};

const optionsArb = (lists: readonly ListMeta[]): fc.Arbitrary<Omit<ReadOptions, 'fields' | 'xfields'> & { fieldsText: string | undefined; xfieldsText: string | undefined; flushAt: number }> =>
  fc.record({
    depth: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
    content: fc.constantFrom('all' as const, 'config' as const, 'nonconfig' as const),
    withDefaults: fc.constantFrom<WithDefaults>('report-all', 'trim', 'explicit', 'report-all-tagged'),
    range: fc.option(fc.record({ list: fc.constantFrom(...lists), from: fc.integer({ min: 0, max: 3 }), to: fc.integer({ min: 0, max: 6 }) }), { nil: undefined }),
    maxNodes: fc.oneof(fc.constant(1_000_000), fc.integer({ min: 1, max: 40 })),
    strict: fc.boolean(),
    fieldsText: fc.constant(undefined),
    xfieldsText: fc.constant(undefined),
    flushAt: fc.constantFrom(64 * 1024, 1, 50),
  });

const checkSame = async (
  t: import('ava').ExecutionContext, schema: SchemaContext, module: ModuleMeta, targets: readonly Target[], lists: readonly ListMeta[], numRuns: number,
  instanceIds: readonly string[] = [],
): Promise<void> => {
  const arb = fc.tuple(
    containerArb(module, { schema, configOnly: false, instanceIds })
      .map((c) => Object.defineProperty(c, fc.toStringMethod, { value: () => JSON.stringify(encodeData(c, { strict: true })), configurable: true })),
    fc.integer({ min: 0, max: targets.length - 1 }),
    optionsArb(lists).map((o) => Object.defineProperty(o, fc.toStringMethod, { value: () => JSON.stringify({ ...o, range: o.range === undefined ? undefined : { ...o.range, list: o.range.list.name } }), configurable: true })),
    fc.nat(),
    fc.nat(),
  );
  const details = await fc.check(fc.asyncProperty(arb, async ([tree, which, o, fi, xi]) => {
    const target = targets[which] as Target;
    const steps = target.steps(tree);
    if (steps === undefined) return;
    const at = (steps.length === 0 ? module : steps[steps.length - 1]?.meta) as ModuleMeta | ContainerMeta | ListMeta;
    const fieldsText = target.fields.length > 0 && fi % 2 === 0 ? target.fields[fi % target.fields.length] : undefined;
    const xfieldsText = target.fields.length > 0 && xi % 3 === 0 ? target.fields[xi % target.fields.length] : undefined;
    const options: ReadOptions = {
      ...defaultReadOptions,
      depth: o.depth, content: o.content, withDefaults: o.withDefaults, range: o.range, maxNodes: o.maxNodes, strict: o.strict,
      fields: fieldsText === undefined ? undefined : fieldsAt(fieldsText, at),
      xfields: xfieldsText === undefined ? undefined : fieldsAt(xfieldsText, at),
    };
    const fast = await outcome(new DataContainerNode(tree), module, schema, steps, options, o.flushAt);
    const slow = await outcome(walked(tree), module, schema, steps, options, o.flushAt);
    if (fast !== slow) throw new Error(`fast path:\n${fast}\nnode by node:\n${slow}`);
  }), { numRuns });
  if (details.failed) {
    const why = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    t.fail(`seed ${details.seed}, counterexample ${fc.stringify(details.counterexample)}\n${why}`);
  } else {
    t.is(details.numRuns, numRuns);
  }
};

const firstKey = (tree: DataContainer, path: readonly (ContainerMeta | ListMeta)[], list: ListMeta): YangValue[] | undefined => {
  let at: DataContainer | undefined = tree;
  for (const m of path) at = at?.get(m) as DataContainer | undefined;
  const entries = at?.get(list) as readonly DataContainer[] | undefined;
  const e = entries?.[entries.length > 1 ? 1 : 0];
  return e === undefined ? undefined : list.keys.map((k) => e.get(k) as YangValue);
};

test('rt-reads: the fast path writes what the walk writes, for every target and selection', async (t) => {
  const { schema, module } = loadFixture('runtime', 'rt-reads.yang');
  const settings = metaAt(module, 'settings') as ContainerMeta;
  const table = metaAt(module, 'table') as ContainerMeta;
  const row = metaAt(module, 'table/row') as ListMeta;
  const cell = metaAt(module, 'table/row/cell') as ListMeta;
  const log = metaAt(module, 'table/log') as ListMeta;
  const targets: Target[] = [
    { steps: () => [], fields: [] },
    { steps: () => [{ meta: settings }], fields: ['name;limits', 'limits/inner', 'port;tls-port;certs', 'tags;extra', 'optional(size);gated'] },
    { steps: () => [{ meta: table }], fields: ['row(id;cell/value)', 'row/meta', 'log', 'row(label;weight)'] },
    { steps: () => [{ meta: table }, { meta: row, key: undefined }], fields: ['id;cell', 'meta/owner', 'enabled;label', 'color;shade;meta'] },
    { steps: (tree) => { const k = firstKey(tree, [table], row); return k === undefined ? undefined : [{ meta: table }, { meta: row, key: k }]; }, fields: ['id;cell', 'cell/col', 'meta'] },
    { steps: () => [{ meta: settings }, { meta: metaAt(module, 'settings/limits') as ContainerMeta }], fields: ['inner', 'max'] },
    { steps: () => [{ meta: settings }, { meta: metaAt(module, 'settings/name') as LeafMeta }], fields: [] },
    { steps: () => [{ meta: settings }, { meta: metaAt(module, 'settings/big') as LeafMeta }], fields: [] },
    { steps: () => [{ meta: table }, { meta: row, key: [4_000_000_000] }, { meta: metaAt(module, 'table/row/label') as LeafMeta }], fields: [] },
    { steps: (tree) => { const k = firstKey(tree, [table], row); return k === undefined ? undefined : [{ meta: table }, { meta: row, key: k }, { meta: metaAt(module, 'table/row/meta') as ContainerMeta }]; }, fields: ['owner'] },
    { steps: (tree) => { const k = firstKey(tree, [table], row); return k === undefined ? undefined : [{ meta: table }, { meta: row, key: k }, { meta: cell, key: undefined }]; }, fields: ['value'] },
    { steps: () => [{ meta: table }, { meta: row, key: [7] }], fields: [] },
    { steps: () => [{ meta: settings }, { meta: metaAt(module, 'settings/tags') as LeafListMeta, value: 'a' }], fields: [] },
    { steps: () => [{ meta: settings }, { meta: metaAt(module, 'settings/tags') as LeafListMeta }], fields: [] },
    { steps: () => [{ meta: metaAt(module, 'state') as ContainerMeta }, { meta: metaAt(module, 'state/uptime') as LeafMeta }], fields: [] },
  ];
  await checkSame(t, schema, module, targets, [row, cell, log], 800);
});

test('dx-data with its augment (every type, nested choices, names that need qualifying): fast path and walk agree', async (t) => {
  const schema = dxSchema();
  const module = moduleOf(schema, 'dx-data');
  const top = metaAt(module, 'top') as ContainerMeta;
  const entry = metaAt(module, 'top/entry') as ListMeta;
  const targets: Target[] = [
    { steps: () => [], fields: [] },
    { steps: () => [{ meta: top }], fields: ['entry(name;a;b)', 'flag;i64;u64;pets', 'stats;inner/deeper', 'dx-augment:flag;by-id'] },
    { steps: () => [{ meta: top }, { meta: entry, key: undefined }], fields: ['name;index;z', 'simple;c'] },
  ];
  const instanceIds = ['/dx-data:top/i8', "/dx-data:top/entry[name='a'][index='1']/weight", '/dx-data:top/dx-augment:more/level'];
  await checkSame(t, schema, module, targets, [entry, metaAt(module, 'top/by-id') as ListMeta], 300, instanceIds);
});

test('the fast path applies to plain data-tree nodes and the datastore, never to a wrapped or traced node', (t) => {
  const { schema, module } = loadFixture('runtime', 'rt-reads.yang');
  const data = new DataContainer(module);
  t.is(plainData(new DataContainerNode(data)), data);
  const store = new Datastore(schema);
  t.is(plainData(store.node(module)), store.root(module));
  t.is(plainData(traceNode(new DataContainerNode(data), [])), undefined);
  t.is(plainData(walked(data)), undefined);
});

/** rt-reads' table holding 20,000 rows labelled by `text`. */
const longTable = (text: (i: number) => string) => {
  const { schema, module } = loadFixture('runtime', 'rt-reads.yang');
  const table = metaAt(module, 'table') as ContainerMeta;
  const row = metaAt(module, 'table/row') as ListMeta;
  const id = metaAt(module, 'table/row/id') as LeafMeta;
  const label = metaAt(module, 'table/row/label') as LeafMeta;
  const tree = new DataContainer(module);
  const rows = Array.from({ length: 20_000 }, (_, i) => new DataContainer(row).set(id, i).set(label, text(i)));
  tree.set(table, new DataContainer(table).set(row, rows));
  return { schema, module, table, row, tree };
};

test('a long list streams in chunks of about the flush size, each whole UTF-8, and the chunks make the whole list', async (t) => {
  const text = (i: number): string => `row "${i}" « ligne » ✓ 🙂`;
  const { schema, module, table, row, tree } = longTable(text);
  const browser = new Browser(module, schema, () => new DataContainerNode(tree));
  const flushAt = 16 * 1024;
  const body = await readChunks([browser.root()], [{ meta: table }, { meta: row, key: undefined }], { ...defaultReadOptions, withDefaults: 'explicit', maxNodes: 1_000_000 }, flushAt);
  t.is(body.kind, 'stream');
  if (body.kind !== 'stream') return;
  const chunks = [body.first];
  for await (const c of body.rest) chunks.push(c);
  t.true(chunks.length > 20);
  const strict = new TextDecoder('utf-8', { fatal: true });
  const texts = chunks.map((c) => (typeof c === 'string' ? c : strict.decode(c)));
  // a chunk is about the flush size; output held while a bounded read is counted goes out two to a chunk buffer
  for (const c of chunks) t.true(c.length <= CHUNK_BYTES, `a chunk of ${c.length}`);
  const doc = JSON.parse(texts.join('')) as { row: { id: number; label: string }[] };
  t.is(doc.row.length, 20_000);
  t.deepEqual(doc.row[12_345], { id: 12_345, label: text(12_345) });
  t.is(await readText(browser.root(), [{ meta: table }, { meta: row, key: undefined }], { withDefaults: 'explicit', maxNodes: 1_000_000 }, flushAt), texts.join(''));
});

test.serial('a long read whose node fails mid-stream: the rest rejects with the node\'s error, ends, and gives back the buffer it was filling', async (t) => {
  const { schema, module, table, row, tree } = longTable((i) => `row ${i}`.padEnd(40, '.'));
  // node by node (not the fast path); the list fails at row 15,000, well past the first chunks
  const failing = wrapDeep(new DataContainerNode(tree), (n) => {
    const next = n.next?.bind(n);
    if (next === undefined) return n;
    n.next = (r) => {
      if (r.row === 15_000) throw new Error('row 15000 is gone');
      return next(r);
    };
    return n;
  });
  const browser = new Browser(module, schema, () => failing);
  const before = chunkBytesCounts();
  const body = await readChunks([browser.root()], [{ meta: table }, { meta: row, key: undefined }], { ...defaultReadOptions, maxNodes: Number.POSITIVE_INFINITY }, 16 * 1024);
  t.is(body.kind, 'stream');
  if (body.kind !== 'stream') return;
  const it = body.rest[Symbol.asyncIterator]();
  let received = typeof body.first === 'string' ? 0 : 1;
  const failure = await (async (): Promise<unknown> => {
    for (;;) {
      try {
        const r = await it.next();
        if (r.done === true) return undefined;
        if (typeof r.value !== 'string') received += 1;
      } catch (e) {
        return e;
      }
    }
  })();
  t.regex(failure instanceof Error ? failure.message : String(failure), /row 15000 is gone/);
  t.true(received > 20, `${received} chunks before the failure`);
  t.deepEqual(await it.next(), { done: true, value: undefined });
  // every buffer lent for this read is one the test received, or was given back
  const after = chunkBytesCounts();
  t.is((after.lent - before.lent) - (after.given - before.given), received);
});
