/**
 * Property: an edit that spans modules is never half applied. Random edit
 * sets over two modules (oc-alpha refers into oc-zulu; either may break a
 * must), sent as a datastore PATCH, a datastore PUT or a YANG Patch in
 * either module order: each is answered 2xx and then shows every module's
 * change, or is refused and leaves every module as it was. An edit set
 * that breaks a must is always refused.
 */
import test from 'ava';
import fc from 'fast-check';
import { join } from 'node:path';
import { createServer, type RxconfServer } from '../../../src/server/create-server.ts';

const YANG = join(import.meta.dirname, '..', '..', 'fixtures', 'yang', 'one-commit');
const JSON_TYPE = 'application/yang-data+json';

interface Port { readonly name: string; readonly speed?: number }
interface Settings { readonly mtu?: number; readonly uplink?: string }
interface EditSet {
  readonly ports: readonly Port[] | undefined;
  readonly settings: Settings | undefined;
  readonly how: 'patch' | 'put' | 'yang-patch';
  readonly zuluFirst: boolean;
}

const NAMES = ['eth0', 'eth1', 'eth2'];
const port: fc.Arbitrary<Port> = fc.record({ name: fc.constantFrom(...NAMES), speed: fc.constantFrom(10, 1000, 400000, 400001, 900000) }, { requiredKeys: ['name'] });
const editSet: fc.Arbitrary<EditSet> = fc.record({
  ports: fc.option(fc.uniqueArray(port, { selector: (p) => p.name, minLength: 1, maxLength: 3 }), { nil: undefined }),
  settings: fc.option(fc.record({ mtu: fc.constantFrom(1, 67, 68, 1500, 9000), uplink: fc.constantFrom(...NAMES, 'eth9') }, { requiredKeys: [] }), { nil: undefined }),
  how: fc.constantFrom('patch' as const, 'put' as const, 'yang-patch' as const),
  zuluFirst: fc.boolean(),
});

const SEED = { 'oc-zulu:ports': { port: [{ name: 'eth0', speed: 1000 }] }, 'oc-alpha:settings': { mtu: 1500, uplink: 'eth0' } };

const breaksMust = (e: EditSet): boolean => (e.settings?.mtu ?? 68) < 68 || (e.ports ?? []).some((p) => (p.speed ?? 0) > 400000);

let server: RxconfServer | undefined;
test.before(() => {
  server = createServer({ searchPath: [YANG], modules: ['oc-alpha', 'oc-zulu', 'oc-state'], data: false, logger: false, accessLog: false });
});
test.after.always(async () => {
  await server?.close();
});

const send = async (method: string, path: string, body: unknown, type = JSON_TYPE) =>
  (server as RxconfServer).inject({ method, path: `/restconf/data${path}`, headers: { 'content-type': type, accept: JSON_TYPE }, body: JSON.stringify(body) });

const state = async (): Promise<unknown> => {
  const read = async (path: string) => {
    const r = await (server as RxconfServer).inject({ path: `/restconf/data/${path}?content=config`, headers: { accept: JSON_TYPE } });
    return r.status === 404 ? {} : r.json();
  };
  return { alpha: await read('oc-alpha:settings'), zulu: await read('oc-zulu:ports') };
};

const members = (e: EditSet): [string, unknown][] => {
  const zulu: [string, unknown][] = e.ports === undefined ? [] : [['oc-zulu:ports', { port: e.ports }]];
  const alpha: [string, unknown][] = e.settings === undefined ? [] : [['oc-alpha:settings', e.settings]];
  return e.zuluFirst ? [...zulu, ...alpha] : [...alpha, ...zulu];
};

const request = (e: EditSet) => {
  const m = members(e);
  if (e.how !== 'yang-patch') return send(e.how === 'put' ? 'PUT' : 'PATCH', '', Object.fromEntries(m));
  const edit = m.map(([name, value], i) => ({ 'edit-id': `e${i}`, operation: 'merge', target: `/${name}`, value: { [name]: value } }));
  return send('PATCH', '', { 'ietf-yang-patch:yang-patch': { 'patch-id': 'p', edit } }, 'application/yang-patch+json');
};

test('a multi-module edit is applied whole or not at all', async (t) => {
  await fc.assert(fc.asyncProperty(editSet, async (e) => {
    const reset = await send('PUT', '', SEED);
    if (reset.status !== 204) throw new Error(`reset: ${reset.status} ${reset.body}`);
    const before = await state();
    const r = await request(e);
    const after = await state();
    if (r.status >= 300) {
      t.deepEqual(after, before, `refused (${r.status} ${r.body}) yet changed`);
      return;
    }
    t.false(breaksMust(e), `a must was broken, yet answered ${r.status}`);
    const a = (after as { alpha: { 'oc-alpha:settings'?: Settings } }).alpha['oc-alpha:settings'] ?? {};
    const z = (after as { zulu: { 'oc-zulu:ports'?: { port: Port[] } } }).zulu['oc-zulu:ports']?.port ?? [];
    for (const [k, v] of Object.entries(e.settings ?? {})) t.is(a[k as keyof Settings], v, `oc-alpha ${k}`);
    for (const p of e.ports ?? []) {
      const q = z.find((x) => x.name === p.name);
      t.truthy(q, `oc-zulu port ${p.name}`);
      if (p.speed !== undefined) t.is(q?.speed, p.speed, `oc-zulu port ${p.name} speed`);
    }
  }), { numRuns: 60 });
});
