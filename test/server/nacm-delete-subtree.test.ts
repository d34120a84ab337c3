/**
 * A delete removes its target's descendants, and NACM judges them too
 * (RFC 8341 §3.4.5): DELETE, a replace that drops data (PUT) and a YANG
 * Patch remove are refused 403 access-denied, naming the first existing
 * descendant the user may not delete, in the dry run (no BeginEdit), and
 * nothing changes. The rxconf-server `authentication` subtree is
 * default-deny-write: an ordinary user's DELETE of the whole `server` no
 * longer wipes it (it locked everyone out). Over real sockets, both
 * transports, both compliance modes.
 */
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extendNode, wrapDeep } from '../../src/actors/nodes/index.ts';
import type { Node } from '../../src/actors/node.ts';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';
import { modal, type Mode } from '../helpers/compliance-mode.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'create-server');

/** write-default permit; bob (ops) may not delete an interface's secret; alice (admin) may do anything. */
const RULES = {
  'write-default': 'permit',
  groups: { group: [{ name: 'admin', 'user-name': ['alice'] }, { name: 'ops', 'user-name': ['bob'] }] },
  'rule-list': [
    { name: 'admin', group: ['admin'], rule: [{ name: 'all', 'module-name': '*', 'access-operations': '*', action: 'permit' }] },
    {
      name: 'ops', group: ['ops'], rule: [
        { name: 'keep-secret', 'module-name': 'cs-nacm', path: '/cs-nacm:interfaces/interface/secret', 'access-operations': 'delete', action: 'deny' },
      ],
    },
  ],
};

const DATA = {
  'ietf-netconf-acm:nacm': RULES,
  'cs-nacm:interfaces': { interface: [{ name: 'eth0', mtu: 1500, secret: 's0' }, { name: 'eth1', mtu: 9000 }] },
  // no root-password (default-deny-all) nor location (default-deny-write): nothing bob may not delete
  'cs-nacm:system': { hostname: 'box' },
};

interface Answer { readonly status: number; readonly text: string }

const errorOf = (a: Answer): { tag: string; path: string | undefined } => {
  const body = JSON.parse(a.text) as Record<string, { error: { 'error-tag': string; 'error-path'?: string }[] }>;
  const e = (body['ietf-restconf:errors'] ?? body.errors)?.error[0];
  return { tag: e?.['error-tag'] ?? '', path: e?.['error-path'] };
};

const setup = async (transport: 'uws' | 'http1', mode: Mode) => {
  const data = join(mkdtempSync(join(tmpdir(), 'rxconf-nacm-delete-')), 'data.json');
  writeFileSync(data, JSON.stringify(DATA));
  const hooks: string[] = [];
  const server: RxconfServer = createServer({
    searchPath: [yang], modules: ['cs-nacm'], host: '127.0.0.1', port: 0, logger: false, transport, data,
    auth: { proxy: { trusted: ['127.0.0.1'] } },
    nacm: { recoveryUser: 'root' },
    nodes: {
      'cs-nacm': (_ctx, stored) => wrapDeep(stored, (n: Node) => extendNode(n, {
        beginEdit: (base, r) => {
          hooks.push(r.path.segments.map((x) => x.meta.name).join('/'));
          return base.beginEdit?.(r);
        },
      })),
    },
  });
  const { url } = await server.listen();
  const m = modal(mode, 'cs-nacm');
  const send = async (user: string, method: string, path: string, body?: unknown, type?: string): Promise<Answer> => {
    const headers = { 'x-remote-user': user, ...(body === undefined ? m.get : m.send), ...(type === undefined ? {} : { 'content-type': type }) };
    const r = await fetch(`${url}/restconf/data/${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: r.status, text: await r.text() };
  };
  /** The value of a GET (its one member), or the status when not 200. */
  const read = async (user: string, path: string): Promise<unknown> => {
    const a = await send(user, 'GET', path);
    return a.status === 200 ? Object.values(JSON.parse(a.text) as Record<string, unknown>)[0] : a.status;
  };
  return { server, hooks, m, send, read };
};

const patch = (edit: Record<string, string>): unknown => ({ 'ietf-yang-patch:yang-patch': { 'patch-id': 'p', edit: [{ 'edit-id': 'e', ...edit }] } });
const YANG_PATCH = 'application/yang-patch+json';

for (const transport of ['uws', 'http1'] as const) {
  for (const mode of ['strict', 'plain'] as const) {
    test.serial(`${transport} ${mode}: a DELETE of rxconf-server:server by an ordinary user is refused; authentication is unchanged and requests still authenticate`, async (t) => {
      const { server, send, read } = await setup(transport, mode);
      try {
        const before = await read('alice', 'rxconf-server:server/authentication');
        t.like(before, { 'trusted-proxy': ['127.0.0.1'] }, 'the trusted proxy as configured at start');
        const wipe = await send('bob', 'DELETE', 'rxconf-server:server');
        t.is(wipe.status, 403, wipe.text);
        const e = errorOf(wipe);
        t.log(`refused at ${e.path ?? ''}`);
        t.is(e.tag, 'access-denied');
        t.regex(e.path ?? '', /^\/rxconf-server:server\/(authentication|listen)\//, 'the error-path names a protected descendant');
        // the whole authentication subtree is default-deny-write: bob may not change it directly either
        const direct = await send('bob', 'PATCH', 'rxconf-server:server/authentication', { [mode === 'strict' ? 'rxconf-server:authentication' : 'authentication']: { basic: false } });
        t.is(direct.status, 403, direct.text);
        t.deepEqual(await read('alice', 'rxconf-server:server/authentication'), before, 'authentication unchanged');
        t.is((await send('bob', 'GET', 'cs-nacm:system')).status, 200, 'bob still authenticates through the trusted proxy');
        // bob may still change what write-default leaves to him
        t.is((await send('bob', 'PUT', 'rxconf-server:server/limits/max-node-count', { [mode === 'strict' ? 'rxconf-server:max-node-count' : 'max-node-count']: 500 })).status, 201);
      } finally {
        await server.close();
      }
    });

    test.serial(`${transport} ${mode}: a delete, replace or YANG Patch remove that would remove a descendant the user may not delete is refused before any BeginEdit; others pass`, async (t) => {
      const { server, hooks, m, send, read } = await setup(transport, mode);
      try {
        const ifaces = await read('alice', 'cs-nacm:interfaces');
        const secretPath = "/cs-nacm:interfaces/interface[name='eth0']/secret";

        const whole = await send('bob', 'DELETE', 'cs-nacm:interfaces');
        t.is(whole.status, 403, whole.text);
        t.deepEqual(errorOf(whole), { tag: 'access-denied', path: secretPath }, 'the error-path names the denied leaf');
        const entry = await send('bob', 'DELETE', 'cs-nacm:interfaces/interface=eth0');
        t.is(entry.status, 403, entry.text);
        t.deepEqual(errorOf(entry), { tag: 'access-denied', path: secretPath });
        const put = await send('bob', 'PUT', 'cs-nacm:interfaces', m.top('interfaces', { interface: [{ name: 'eth0', mtu: 1500 }, { name: 'eth1', mtu: 9000 }] }));
        t.is(put.status, 403, put.text);
        t.deepEqual(errorOf(put), { tag: 'access-denied', path: secretPath }, 'a replace dropping the leaf likewise');
        const remove = await send('bob', 'PATCH', 'cs-nacm:interfaces', patch({ operation: 'remove', target: '/interface=eth0' }), YANG_PATCH);
        t.is(remove.status, 403, remove.text);
        t.regex(remove.text, /access-denied/);
        t.true(remove.text.includes("interface[name='eth0']/secret"), 'a YANG Patch remove likewise');
        t.deepEqual(hooks, [], 'no node heard of a refused edit');
        t.deepEqual(await read('alice', 'cs-nacm:interfaces'), ifaces, 'nothing deleted');

        t.is((await send('bob', 'DELETE', 'cs-nacm:interfaces/interface=eth1')).status, 204, 'an entry with nothing denied below');
        // system's default-deny-all and default-deny-write leaves hold nothing: a replace or delete of system removes nothing bob may not delete
        t.is((await send('bob', 'PUT', 'cs-nacm:system', m.top('system', { hostname: 'box2' }))).status, 204, 'a replace whose protected leaves hold nothing');
        t.is((await send('alice', 'PATCH', 'cs-nacm:system', m.top('system', { location: 'lab' }))).status, 204);
        const dropsLocation = await send('bob', 'PUT', 'cs-nacm:system', m.top('system', { hostname: 'box3' }));
        t.is(dropsLocation.status, 403, dropsLocation.text);
        t.deepEqual(errorOf(dropsLocation), { tag: 'access-denied', path: '/cs-nacm:system/location' }, 'default-deny-write needs a rule that permits');
        t.is((await send('bob', 'DELETE', 'cs-nacm:system')).status, 403);
        t.deepEqual(await read('alice', 'cs-nacm:system'), { hostname: 'box2', location: 'lab' }, 'nothing deleted');
        t.is((await send('alice', 'DELETE', 'cs-nacm:system/location')).status, 204);
        const hooksBefore = hooks.length;
        t.is((await send('bob', 'DELETE', 'cs-nacm:system')).status, 204, 'a sibling subtree with nothing denied below');
        t.true(hooks.length > hooksBefore, 'a permitted delete runs its hooks');
        t.is(await read('alice', 'cs-nacm:system'), 404);

        t.is((await send('alice', 'DELETE', 'cs-nacm:interfaces')).status, 204, 'the admin, permitted explicitly, may delete it all');
        t.is(await read('alice', 'cs-nacm:interfaces'), 404);
      } finally {
        await server.close();
      }
    });
  }
}

test.serial('a default-deny-write descendant needs a rule that permits: the recovery user and a permitted admin may delete the whole server subtree parts', async (t) => {
  const { server, send, read } = await setup('http1', 'strict');
  try {
    t.is((await send('bob', 'DELETE', 'rxconf-server:server/authentication')).status, 403);
    t.is((await send('alice', 'PATCH', 'rxconf-server:server/authentication', { 'rxconf-server:authentication': { realm: 'ops' } })).status, 204, 'alice is permitted by a rule');
    t.like(await read('root', 'rxconf-server:server/authentication'), { realm: 'ops' });
  } finally {
    await server.close();
  }
});
