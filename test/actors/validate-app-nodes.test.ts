/**
 * Edits of a module served by application nodes are validated against what
 * the nodes answer where the edit and its constraints look — an edit of one
 * entry of a 1,000-entry list reads that entry and the entries its
 * references name, never the list — and the same whether the nodes answer
 * at once or with Promises.
 */
import test from 'ava';
import { Browser } from '../../src/actors/browser.ts';
import { Device } from '../../src/actors/device.ts';
import { commitEdit } from '../../src/actors/edit/commit-edit.ts';
import type { EditOperation } from '../../src/actors/edit/apply-edit.ts';
import type { FieldValue } from '../../src/data/field-value.ts';
import { reflectNode } from '../../src/actors/nodes/reflect-node.ts';
import { traceNode, type TraceEntry } from '../../src/actors/nodes/trace-node.ts';
import { emptyContext } from '../../src/actors/request-context.ts';
import type { DataContainer, HolderMeta } from '../../src/data/data-container.ts';
import { decodeData } from '../../src/data/json/index.ts';
import { RestconfFailure } from '../../src/errors/index.ts';
import type { YangValue } from '../../src/types/value.ts';
import { loadFixture, stepsTo } from '../helpers/runtime.ts';
import { late } from '../helpers/late-node.ts';

const { schema, module } = loadFixture('runtime', 'rt-app-scale.yang');

interface Shop { limit?: number; featured?: string; product: { id: string; price?: number; related?: string }[]; tag: { name: string; code?: string }[] }

const shop = (n: number): Shop => ({
  featured: 'p0',
  product: Array.from({ length: n }, (_, i) => ({ id: `p${i}`, price: i % 50, related: `p${(i + 1) % n}` })),
  tag: Array.from({ length: 20 }, (_, i) => ({ name: `t${i}`, code: `c${i}` })),
});


const serve = (data: Shop, async = false) => {
  const log: TraceEntry[] = [];
  const browser = new Browser(module, schema, () => {
    const root = traceNode(reflectNode({ shop: data }), log);
    return async ? late(root) : root;
  });
  return { log, browser, device: new Device(schema).add(browser) };
};

const input = (json: unknown, holder: HolderMeta): DataContainer => {
  const r = decodeData(json, holder, { strict: false, content: 'config', schema });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};

const edit = (s: ReturnType<typeof serve>, path: string, operation: EditOperation, json: unknown, keys: Record<string, readonly YangValue[]> = {}) => {
  const steps = stepsTo(module, path, keys);
  const last = steps[steps.length - 1]?.meta;
  const value = operation === 'delete' ? undefined : last?.kind === 'list' || last?.kind === 'container' ? input(json, last) : (json as FieldValue);
  return commitEdit(s.device, s.browser, { steps, operation, input: value, context: emptyContext });
};

/** Rows of the product list read by position beyond the first. */
const productRows = (log: readonly TraceEntry[]): number =>
  log.filter((e) => e.call === 'next' && /product$/.test(e.path) && /row=[1-9]/.test(e.detail)).length;

for (const async of [false, true]) {
  const how = async ? 'nodes answering with Promises' : 'nodes answering at once';

  test(`${how}: an edit of one entry reads that entry and the one it refers to, not the list`, async (t) => {
    const data = shop(1000);
    const s = serve(data, async);
    await edit(s, 'shop/product', 'merge', { id: 'p500', price: 7, related: 'p900' }, { product: ['p500'] });
    t.like(data.product[500], { id: 'p500', price: 7, related: 'p900' });
    t.is(productRows(s.log), 0, 'no entry of the list read by position');
    t.true(s.log.filter((e) => e.call === 'next').length < 50, `${s.log.filter((e) => e.call === 'next').length} list lookups`);
  });

  test(`${how}: a must reading a leaf beside the list rejects the edit, and nothing is written`, async (t) => {
    const data = shop(1000);
    const s = serve(data, async);
    const err = await t.throwsAsync(edit(s, 'shop/product', 'merge', { id: 'p3', price: 101 }, { product: ['p3'] }), { instanceOf: RestconfFailure });
    t.like((err as RestconfFailure).errors[0], { tag: 'operation-failed', message: 'price above the limit', path: "/rt-app-scale:shop/product[id='p3']" });
    t.is(data.product[3]?.price, 3);
    t.is(productRows(s.log), 0);
  });

  test(`${how}: a reference to an entry that does not exist is rejected; to one that does, accepted`, async (t) => {
    const data = shop(1000);
    const s = serve(data, async);
    const err = await t.throwsAsync(edit(s, 'shop/featured', 'merge', 'nope'), { instanceOf: RestconfFailure });
    t.like((err as RestconfFailure).errors[0], { tag: 'data-missing', appTag: 'instance-required', path: '/rt-app-scale:shop/featured' });
    await edit(s, 'shop/featured', 'merge', 'p999');
    t.is(data.featured, 'p999');
    t.is(productRows(s.log), 0);
  });

  test(`${how}: deleting an entry another refers to is rejected (the referrers are read, as they must be)`, async (t) => {
    const data = shop(30);
    const s = serve(data, async);
    const err = await t.throwsAsync(edit(s, 'shop/product', 'delete', undefined, { product: ['p7'] }), { instanceOf: RestconfFailure });
    t.like((err as RestconfFailure).errors[0], { tag: 'data-missing', appTag: 'instance-required', path: "/rt-app-scale:shop/product[id='p6']/related" });
    t.is(data.product.length, 30);
  });

  test(`${how}: unique is checked over the whole list (read in full for it)`, async (t) => {
    const data = shop(10);
    const s = serve(data, async);
    const err = await t.throwsAsync(edit(s, 'shop/tag', 'merge', { name: 't3', code: 'c12' }, { tag: ['t3'] }), { instanceOf: RestconfFailure });
    t.like((err as RestconfFailure).errors[0], { appTag: 'data-not-unique' });
    await edit(s, 'shop/tag', 'merge', { name: 't3', code: 'c99' }, { tag: ['t3'] });
    t.is(data.tag[3]?.code, 'c99');
  });
}
