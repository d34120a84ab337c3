/**
 * NACM is decided before any node hears of an edit: a write NACM denies
 * (anywhere in its body, not only at its target) calls no node's BeginEdit
 * or EndEdit and changes nothing; a permitted one goes through its hooks as
 * usual. Over real sockets, both transports.
 */
import test from 'ava';
import { extendNode, wrapDeep } from '../../src/actors/nodes/index.ts';
import type { Node } from '../../src/actors/node.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'create-server');

const RULES = {
  'write-default': 'deny',
  groups: { group: [{ name: 'ops', 'user-name': ['bob'] }, { name: 'guest', 'user-name': ['carol'] }] },
  'rule-list': [{
    name: 'ops', group: ['ops'], rule: [
      { name: 'no-secret', 'module-name': 'cs-nacm', path: '/cs-nacm:interfaces/interface/secret', 'access-operations': '*', action: 'deny' },
      { name: 'ifaces', 'module-name': 'cs-nacm', path: '/cs-nacm:interfaces', 'access-operations': 'create update delete', action: 'permit' },
    ],
  }],
};

const DATA = {
  'ietf-netconf-acm:nacm': RULES,
  'cs-nacm:interfaces': { interface: [{ name: 'eth0', mtu: 1500, secret: 's0' }] },
  'cs-nacm:system': { hostname: 'box' },
};

for (const transport of ['uws', 'http1'] as const) {
  test.serial(`${transport}: a denied write calls no BeginEdit and changes nothing; a permitted one runs its hooks`, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'rxconf-nacm-hooks-'));
    const data = join(dir, 'data.json');
    writeFileSync(data, JSON.stringify(DATA));
    const hooks: string[] = [];
    const where = (r: { path: { segments: readonly { meta: { name: string } }[] } }): string => r.path.segments.map((x) => x.meta.name).join('/');
    const server: RxconfServer = createServer({
      searchPath: [yang], modules: ['cs-nacm'], host: '127.0.0.1', port: 0, logger: false, transport, data,
      auth: { proxy: { trusted: ['127.0.0.1'] } },
      nacm: true,
      nodes: {
        'cs-nacm': (_ctx, stored) => wrapDeep(stored, (n: Node) => extendNode(n, {
          beginEdit: (base, r) => {
            hooks.push(`begin ${where(r)}`);
            return base.beginEdit?.(r);
          },
          endEdit: (base, r) => {
            hooks.push(`end ${where(r)}`);
            return base.endEdit?.(r);
          },
        })),
      },
    });
    try {
      const { url } = await server.listen();
      const send = async (user: string, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> => {
        const r = await fetch(`${url}/restconf/data/${path}`, {
          method, headers: { 'x-remote-user': user, 'content-type': 'application/yang-data+json', accept: 'application/yang-data+json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: r.status, text: await r.text() };
      };
      // the denial is deep in the body: the target (interfaces) and mtu are writable, secret is not
      const deep = await send('bob', 'PATCH', 'cs-nacm:interfaces', { 'cs-nacm:interfaces': { interface: [{ name: 'eth0', mtu: 1400, secret: 'x' }] } });
      t.is(deep.status, 403);
      t.regex(deep.text, /access-denied/);
      t.regex(deep.text, /secret/, 'the error-path names the denied node');
      t.deepEqual(hooks, [], 'no node heard of the denied edit');
      const created = await send('bob', 'POST', 'cs-nacm:interfaces', { 'cs-nacm:interface': [{ name: 'eth9', secret: 'x' }] });
      t.is(created.status, 403);
      t.deepEqual(hooks, [], 'nor of a denied creation');
      const carol = await send('carol', 'PUT', 'cs-nacm:system/hostname', { 'cs-nacm:hostname': 'mine' });
      t.is(carol.status, 403, 'write-default deny');
      t.deepEqual(hooks, []);
      const read = await send('bob', 'GET', 'cs-nacm:interfaces/interface=eth0/mtu');
      t.deepEqual(JSON.parse(read.text), { 'cs-nacm:mtu': 1500 }, 'nothing changed');
      const ok = await send('bob', 'PATCH', 'cs-nacm:interfaces', { 'cs-nacm:interfaces': { interface: [{ name: 'eth0', mtu: 1400 }] } });
      t.is(ok.status, 204);
      t.true(hooks.includes('begin interfaces'), 'a permitted edit runs its hooks');
      t.true(hooks.includes('end interfaces'));
      t.deepEqual(JSON.parse((await send('bob', 'GET', 'cs-nacm:interfaces/interface=eth0/mtu')).text), { 'cs-nacm:mtu': 1400 });
    } finally {
      await server.close();
    }
  });
}
