/**
 * Reads of targets the user may read all of are served as without NACM
 * (the module's node unguarded: nacm-read-target.test.ts says when), and
 * everything else is still pruned: over real sockets, uWS and node:http,
 * both compliance modes, each answer compared with a server without NACM
 * holding the same data. Rule changes made over RESTCONF apply to the next
 * request in both directions.
 */
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'create-server');

const rule = (name: string, what: Record<string, string>, ops: string, action: 'permit' | 'deny', module = 'cs-nacm') =>
  ({ name, 'module-name': module, ...what, 'access-operations': ops, action });

const RULES = {
  groups: { group: [{ name: 'ops', 'user-name': ['bob'] }, { name: 'guest', 'user-name': ['carol'] }] },
  'rule-list': [
    { name: 'ops', group: ['ops'], rule: [rule('no-secret', { path: '/cs-nacm:interfaces/interface/secret' }, 'read', 'deny')] },
    { name: 'guest', group: ['guest'], rule: [rule('no-eth1', { path: "/cs-nacm:interfaces/interface[name='eth1']" }, 'read', 'deny')] },
    { name: 'everyone', group: ['*'], rule: [rule('no-location', { path: '/cs-nacm:system/location' }, 'read', 'deny', '*')] },
  ],
};

const DATA = {
  'cs-nacm:interfaces': { interface: [{ name: 'eth0', mtu: 1500, secret: 's0' }, { name: 'eth1', mtu: 9000, secret: 's1' }, { name: 'eth2', secret: 's2' }] },
  'cs-nacm:system': { hostname: 'box', 'root-password': 'hunter2', location: 'lab' },
};

interface Answer { readonly status: number; readonly text: string }

const start = async (transport: 'uws' | 'http1', nacm: boolean): Promise<{ server: RxconfServer; url: string }> => {
  const data = join(mkdtempSync(join(tmpdir(), 'rxconf-nacm-fast-')), 'data.json');
  writeFileSync(data, JSON.stringify(nacm ? { ...DATA, 'ietf-netconf-acm:nacm': RULES } : DATA));
  const server = createServer({
    searchPath: [yang], modules: ['cs-nacm'], host: '127.0.0.1', port: 0, logger: false, transport, data,
    auth: { proxy: { trusted: ['127.0.0.1'] }, anonymous: true },
    ...(nacm ? { nacm: { recoveryUser: 'root' } } : {}),
  });
  const { url } = await server.listen();
  return { server, url };
};

const get = async (url: string, path: string, user: string | undefined, strict: boolean, method = 'GET'): Promise<Answer> => {
  const r = await fetch(`${url}/restconf/data/${path}`, {
    method,
    headers: { ...(user === undefined ? {} : { 'x-remote-user': user }), accept: strict ? 'application/yang-data+json' : 'application/json' },
  });
  return { status: r.status, text: await r.text() };
};

const send = async (url: string, method: string, path: string, body?: unknown): Promise<number> => {
  const r = await fetch(`${url}/restconf/data/${path}`, {
    method, headers: { 'x-remote-user': 'root', 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await r.text();
  return r.status;
};

for (const transport of ['uws', 'http1'] as const) {
  test.serial(`${transport}: readable targets answer as without NACM; partly denied ones are pruned; denied ones are 404; rule changes apply to the next request`, async (t) => {
    const on = await start(transport, true);
    const off = await start(transport, false);
    try {
      for (const strict of [false, true]) {
        const mode = strict ? 'strict' : 'plain';
        const same = async (user: string | undefined, path: string, method = 'GET'): Promise<void> => {
          const [a, b] = [await get(on.url, path, user, strict, method), await get(off.url, path, undefined, strict, method)];
          t.is(a.status, 200, `${mode} ${user ?? 'anonymous'} ${method} ${path}: ${a.text}`);
          t.deepEqual(a, b, `${mode} ${user ?? 'anonymous'} ${method} ${path} as without NACM`);
        };
        const json = async (user: string, path: string): Promise<unknown> => {
          const a = await get(on.url, path, user, strict);
          t.is(a.status, 200, `${mode} ${user} ${path}: ${a.text}`);
          return JSON.parse(a.text);
        };
        const n = (name: string): string => (strict ? `cs-nacm:${name}` : name);
        // wholly readable targets, with and without depth and fields
        for (const path of ['cs-nacm:system/hostname', 'cs-nacm:interfaces/interface=eth0/mtu', 'cs-nacm:interfaces/interface=eth1/name']) await same('bob', path);
        await same('bob', 'cs-nacm:system/hostname', 'HEAD');
        await same('carol', 'cs-nacm:interfaces/interface=eth0?depth=1');
        await same('carol', 'cs-nacm:interfaces/interface=eth0?fields=mtu;secret');
        await same(undefined, 'cs-nacm:interfaces?depth=3');
        await same(undefined, 'cs-nacm:interfaces/interface=eth1');
        // partly denied below the target: pruned, keys kept, also under depth and fields
        t.deepEqual(await json('bob', 'cs-nacm:interfaces/interface=eth0'), { [n('interface')]: [{ name: 'eth0', mtu: 1500 }] });
        t.deepEqual(await json('bob', 'cs-nacm:interfaces?depth=3'), { [n('interfaces')]: { interface: [{ name: 'eth0', mtu: 1500 }, { name: 'eth1', mtu: 9000 }, { name: 'eth2' }] } });
        t.deepEqual(await json('bob', 'cs-nacm:interfaces?fields=interface(name;secret)'), { [n('interfaces')]: { interface: [{ name: 'eth0' }, { name: 'eth1' }, { name: 'eth2' }] } });
        t.deepEqual(await json('bob', 'cs-nacm:system'), { [n('system')]: { hostname: 'box' } }, 'the * rule and default-deny-all below the target');
        t.deepEqual(await json('carol', 'cs-nacm:interfaces?fields=interface(name)'), { [n('interfaces')]: { interface: [{ name: 'eth0' }, { name: 'eth2' }] } }, 'a key predicate below the target');
        // denied targets: as data that is not there
        for (const [user, path] of [['bob', 'cs-nacm:interfaces/interface=eth0/secret'], ['carol', 'cs-nacm:interfaces/interface=eth1/mtu'], ['bob', 'cs-nacm:system/root-password'], ['carol', 'cs-nacm:system/location']] as const) {
          t.is((await get(on.url, path, user, strict)).status, 404, `${mode} ${user} ${path}`);
        }
      }

      // a wholly readable subtree becomes partly denied, then readable again: each from the next request
      await same0(t, on.url, off.url, 'bob', 'cs-nacm:interfaces/interface=eth0/mtu');
      t.is(await send(on.url, 'POST', 'ietf-netconf-acm:nacm/rule-list=ops', { rule: [rule('no-mtu', { path: '/cs-nacm:interfaces/interface/mtu' }, 'read', 'deny')] }), 201);
      t.is((await get(on.url, 'cs-nacm:interfaces/interface=eth0/mtu', 'bob', false)).status, 404, 'denied from the next request');
      t.deepEqual(JSON.parse((await get(on.url, 'cs-nacm:interfaces/interface=eth0', 'bob', false)).text), { interface: [{ name: 'eth0' }] });
      t.is(await send(on.url, 'DELETE', 'ietf-netconf-acm:nacm/rule-list=ops/rule=no-mtu'), 204);
      await same0(t, on.url, off.url, 'bob', 'cs-nacm:interfaces/interface=eth0/mtu');

      // the other way: a permit ahead of the denial makes the entry wholly readable
      t.is(await send(on.url, 'PUT', 'ietf-netconf-acm:nacm/rule-list=ops', { 'rule-list': [{ name: 'ops', group: ['ops'], rule: [
        rule('secret-eth', { path: '/cs-nacm:interfaces/interface/secret' }, 'read', 'permit'),
        rule('no-secret', { path: '/cs-nacm:interfaces/interface/secret' }, 'read', 'deny'),
      ] }] }), 204);
      await same0(t, on.url, off.url, 'bob', 'cs-nacm:interfaces/interface=eth0');
      t.is(await send(on.url, 'DELETE', 'ietf-netconf-acm:nacm/rule-list=ops/rule=secret-eth'), 204);
      t.deepEqual(JSON.parse((await get(on.url, 'cs-nacm:interfaces/interface=eth0', 'bob', false)).text), { interface: [{ name: 'eth0', mtu: 1500 }] });

      // read-default deny with a permit rule for one subtree (it covers the default-deny-all leaf below it)
      t.is(await send(on.url, 'PUT', 'ietf-netconf-acm:nacm/read-default', { 'read-default': 'deny' }), 201);
      t.is(await send(on.url, 'PUT', 'ietf-netconf-acm:nacm/rule-list=ops', { 'rule-list': [{ name: 'ops', group: ['ops'], rule: [
        rule('system', { path: '/cs-nacm:system' }, 'read', 'permit'),
        rule('no-secret', { path: '/cs-nacm:interfaces/interface/secret' }, 'read', 'deny'),
      ] }] }), 204);
      t.is((await get(on.url, 'cs-nacm:interfaces', 'bob', false)).status, 404, 'read-default deny');
      t.is((await get(on.url, 'cs-nacm:system/hostname', 'carol', false)).status, 404, 'no rule for carol');
      await same0(t, on.url, off.url, 'bob', 'cs-nacm:system');
      await same0(t, on.url, off.url, 'bob', 'cs-nacm:system?depth=1');
      await same0(t, on.url, off.url, 'bob', 'cs-nacm:system/root-password');
    } finally {
      await on.server.close();
      await off.server.close();
    }
  });
}

/** The answer of the NACM server to `user` is the no-NACM server's (plain mode). */
const same0 = async (t: { deepEqual: (a: unknown, b: unknown, m?: string) => void; is: (a: unknown, b: unknown, m?: string) => void }, on: string, off: string, user: string, path: string): Promise<void> => {
  const [a, b] = [await get(on, path, user, false), await get(off, path, undefined, false)];
  t.is(a.status, 200, `${user} ${path}: ${a.text}`);
  t.deepEqual(a, b, `${user} ${path} as without NACM`);
};
