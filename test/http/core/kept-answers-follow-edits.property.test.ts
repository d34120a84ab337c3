/**
 * Property: a GET of a module's root or of a container, whose JSON is kept
 * from one read to the next (src/actors/read/container-memo.ts), answers
 * after any sequence of edits — PATCH, PUT, POST, DELETE, YANG Patch, and
 * edits refused and rolled back — what a read that keeps nothing answers
 * (the same GET with a depth limit, which is never kept).
 */
import test from 'ava';
import fc from 'fast-check';
import { join } from 'node:path';
import { createServer, type RxconfServer } from '../../../src/server/create-server.ts';
import { soakRuns } from '../../helpers/soak.ts';

const YANG = join(import.meta.dirname, '..', '..', 'store', 'fixtures');
const JSON_TYPE = 'application/yang-data+json';
const PATCH_TYPE = 'application/yang-patch+json';

let server: RxconfServer | undefined;
test.before(() => {
  server = createServer({ searchPath: [YANG], modules: ['st-store'], data: false, logger: false, accessLog: false });
});
test.after.always(async () => {
  await server?.close();
});

const send = (method: string, path: string, body?: unknown, type = JSON_TYPE) =>
  (server as RxconfServer).inject({
    method, path: `/restconf/data/${path}`, headers: { 'content-type': type, accept: JSON_TYPE },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const ids = fc.nat({ max: 5 });
const text = fc.constantFrom('a', 'b', 'ü', 'quote "q"', '');
type Edit = readonly [string, string, unknown, string?];
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.tuple(text).map(([v]): Edit => ['PATCH', 'st-store:settings', { 'st-store:settings': { name: v } }]),
  fc.tuple(ids, text).map(([i, v]): Edit => ['PATCH', '', { 'st-store:entry': [{ id: i, v }] }]),
  fc.tuple(ids, text).map(([i, v]): Edit => ['PUT', `st-store:entry=${i}`, { 'st-store:entry': [{ id: i, v }] }]),
  fc.tuple(text).map(([v]): Edit => ['PUT', 'st-store:settings', { 'st-store:settings': { name: v, tags: [v, 'x'] } }]),
  fc.tuple(ids, text).map(([i, v]): Edit => ['POST', '', { 'st-store:entry': [{ id: i, v }] }]),
  fc.tuple(ids, text).map(([i, v]): Edit => ['POST', `st-store:item=i${i}`, { 'st-store:sub': [{ a: v, b: i }] }]),
  fc.tuple(ids).map(([i]): Edit => ['PUT', `st-store:item=i${i}`, { 'st-store:item': [{ id: `i${i}`, value: i }] }]),
  fc.tuple(ids).map(([i]): Edit => ['DELETE', `st-store:entry=${i}`, undefined]),
  fc.constant<Edit>(['DELETE', 'st-store:settings/name', undefined]),
  fc.tuple(ids).map(([i]): Edit => ['DELETE', `st-store:item=i${i}`, undefined]),
  // refused as a whole after its first edit was made: the first is rolled back
  fc.tuple(ids, text).map(([i, v]): Edit => ['PATCH', 'st-store:', {
    'ietf-yang-patch:yang-patch': {
      'patch-id': 'p',
      edit: [
        { 'edit-id': '1', operation: 'merge', target: '/settings', value: { 'st-store:settings': { name: `${v}-rolled-back` } } },
        { 'edit-id': '2', operation: 'create', target: `/entry=${i}`, value: { 'st-store:entry': [{ id: i, v }] } },
      ],
    },
  }, PATCH_TYPE]),
  fc.tuple(ids, text).map(([i, v]): Edit => ['PATCH', 'st-store:', {
    'ietf-yang-patch:yang-patch': { 'patch-id': 'p', edit: [{ 'edit-id': '1', operation: 'merge', target: `/entry=${i}`, value: { 'st-store:entry': [{ id: i, v: `${v}!` }] } }] },
  }, PATCH_TYPE]),
);

/** Each GET's text, and what a GET that keeps nothing answers. */
const reads = async (): Promise<Array<[string, string, string]>> => {
  const out: Array<[string, string, string]> = [];
  for (const path of ['st-store:', 'st-store:settings']) {
    for (const query of ['', '?with-defaults=report-all-tagged']) {
      const kept = await send('GET', `${path}${query}`);
      const fresh = await send('GET', `${path}${query === '' ? '?' : `${query}&`}depth=65535`);
      out.push([`${path}${query}`, `${kept.status} ${kept.body}`, `${fresh.status} ${fresh.body}`]);
    }
  }
  return out;
};

test('every edit method, and an edit refused and rolled back, shows in the next GET of what was kept', async (t) => {
  await fc.assert(fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 8 }), async (edits) => {
    const reset = await send('PUT', '', { 'st-store:settings': { name: 'start' }, 'st-store:entry': [{ id: 1, v: 'one' }] });
    if (reset.status !== 204) throw new Error(`reset: ${reset.status} ${reset.body}`);
    await reads();
    for (const [method, path, body, type] of edits) {
      const r = await send(method, path, body, type);
      for (let i = 0; i < 2; i++) {
        for (const [what, kept, fresh] of await reads()) {
          if (kept !== fresh) throw new Error(`GET ${what} after ${method} ${path} (${r.status}), read ${i}:\n${kept}\n!==\n${fresh}`);
        }
      }
    }
  }), { numRuns: soakRuns(200, 40) });
  t.pass();
});
