/**
 * NACM (RFC 8341) over real sockets: a matrix of users × rules (defaults,
 * a module rule, path rules with and without keys, rpc rules, the
 * default-deny extensions) for read, create, update, delete and exec, in
 * both compliance modes; denied subtrees never read from the nodes; rule
 * changes applying to the next request; the recovery user.
 */
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extendNode, wrapDeep } from '../../src/actors/nodes/index.ts';
import type { Node } from '../../src/actors/node.ts';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';
import { Subject } from 'rxjs';
import { SseClient } from '../helpers/sse-client.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'create-server');

const RULES = {
  'ietf-netconf-acm:nacm': {
    'write-default': 'deny',
    groups: { group: [{ name: 'admin', 'user-name': ['alice'] }, { name: 'ops', 'user-name': ['bob'] }, { name: 'guest', 'user-name': ['carol'] }] },
    'rule-list': [
      { name: 'admin', group: ['admin'], rule: [{ name: 'all', 'module-name': '*', 'access-operations': '*', action: 'permit' }] },
      {
        name: 'ops', group: ['ops'], rule: [
          { name: 'no-secret', 'module-name': 'cs-nacm', path: '/cs-nacm:interfaces/interface/secret', 'access-operations': '*', action: 'deny' },
          { name: 'ifaces', 'module-name': 'cs-nacm', path: '/cs-nacm:interfaces', 'access-operations': 'create update delete', action: 'permit' },
          { name: 'no-reboot', 'module-name': 'cs-nacm', 'rpc-name': 'reboot', 'access-operations': 'exec', action: 'deny' },
          { name: 'no-alarm-text', 'module-name': 'cs-nacm', path: '/cs-nacm:alarm/text', 'access-operations': 'read', action: 'deny' },
        ],
      },
      {
        name: 'guest', group: ['guest'], rule: [
          { name: 'no-eth1', 'module-name': 'cs-nacm', path: "/cs-nacm:interfaces/interface[name='eth1']", 'access-operations': 'read', action: 'deny' },
          { name: 'no-audit', 'module-name': 'cs-nacm', 'notification-name': 'audit', 'access-operations': 'read', action: 'deny' },
          { name: 'read-module', 'module-name': 'cs-nacm', 'access-operations': 'read', action: 'permit' },
        ],
      },
    ],
  },
  'cs-nacm:interfaces': { interface: [{ name: 'eth0', mtu: 1500, secret: 's0' }, { name: 'eth1', mtu: 9000, secret: 's1' }] },
  'cs-nacm:system': { hostname: 'box', 'root-password': 'hunter2', location: 'lab' },
};

let secretReads = 0;
const alarms = new Subject<{ text: string; severity: number }>();
const audits = new Subject<{ who: string }>();

const serve = async (): Promise<{ server: RxconfServer; url: string }> => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-nacm-'));
  const data = join(dir, 'data.json');
  writeFileSync(data, JSON.stringify(RULES));
  const server = createServer({
    searchPath: [yang], modules: ['cs-nacm'], host: '127.0.0.1', port: 0, logger: false, data,
    auth: { proxy: { trusted: ['127.0.0.1'] }, anonymous: true },
    nacm: { recoveryUser: 'root' },
    nodes: {
      'cs-nacm': (_ctx, stored) => wrapDeep(stored, (n: Node) => extendNode(n, {
        field: (base, r) => {
          if (r.meta.name === 'secret' && !r.write) secretReads += 1;
          return base.field?.(r);
        },
      })),
    },
    app: (app) => {
      app.operation('cs-nacm:reboot', () => ({ ok: true }));
      app.operation('cs-nacm:ping', () => ({ ok: true }));
      app.notification('cs-nacm:alarm', alarms);
      app.notification('cs-nacm:audit', audits);
    },
  });
  const { url } = await server.listen();
  return { server, url };
};

const as = (user: string | undefined, strict = false): Record<string, string> => ({
  ...(user === undefined ? {} : { 'x-remote-user': user }),
  ...(strict ? { accept: 'application/yang-data+json', 'content-type': 'application/yang-data+json' } : { 'content-type': 'application/json' }),
});

const call = async (url: string, method: string, path: string, user: string | undefined, body?: unknown, strict = false, base = 'data'): Promise<{ status: number; json: unknown; text: string }> => {
  const r = await fetch(`${url}/restconf/${base}/${path}`, { method, headers: as(user, strict), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await r.text();
  return { status: r.status, text, json: text === '' ? undefined : JSON.parse(text) };
};

let s: { server: RxconfServer; url: string };
test.before(async () => {
  s = await serve();
});
test.after.always(async () => {
  await s.server.close();
});

for (const strict of [false, true]) {
  const mode = strict ? 'strict' : 'plain';
  const name = (n: string): string => (strict ? `cs-nacm:${n}` : n);

  test.serial(`${mode}: reads are pruned per user; keys stay; denied targets are absent`, async (t) => {
    const iface = (r: { json: unknown }): Record<string, unknown>[] => ((r.json as Record<string, Record<string, Record<string, unknown>[]>>)[name('interfaces')]?.interface ?? []);
    const admin = await call(s.url, 'GET', 'cs-nacm:interfaces', 'alice', undefined, strict);
    t.deepEqual(iface(admin).map((e) => e.secret), ['s0', 's1']);
    const before = secretReads;
    const ops = await call(s.url, 'GET', 'cs-nacm:interfaces', 'bob', undefined, strict);
    t.deepEqual(iface(ops).map((e) => [e.name, e.mtu, e.secret]), [['eth0', 1500, undefined], ['eth1', 9000, undefined]]);
    t.is(secretReads, before, 'a denied leaf is never read from the node');
    const guest = await call(s.url, 'GET', 'cs-nacm:interfaces', 'carol', undefined, strict);
    t.deepEqual(iface(guest).map((e) => e.name), ['eth0'], 'the entry a key predicate denies is left out');
    t.is((await call(s.url, 'GET', 'cs-nacm:interfaces/interface=eth1', 'carol', undefined, strict)).status, 404);
    t.is((await call(s.url, 'GET', 'cs-nacm:interfaces/interface=eth0/secret', 'bob', undefined, strict)).status, 404);
    const depth = await call(s.url, 'GET', 'cs-nacm:interfaces?depth=3', 'carol', undefined, strict);
    t.deepEqual(iface(depth).map((e) => e.name), ['eth0'], 'pruned under depth too');
    const fields = await call(s.url, 'GET', 'cs-nacm:interfaces?fields=interface(name;secret)', 'bob', undefined, strict);
    t.deepEqual(iface(fields), [{ name: 'eth0' }, { name: 'eth1' }], 'and under fields');
    const system = await call(s.url, 'GET', 'cs-nacm:system', 'bob', undefined, strict);
    t.deepEqual(system.json, { [name('system')]: { hostname: 'box', location: 'lab' } }, 'default-deny-all hides the password');
    t.is((await call(s.url, 'GET', 'ietf-netconf-acm:nacm', 'bob', undefined, strict)).status, 404, 'the rules themselves are default-deny-all');
    t.is((await call(s.url, 'GET', 'ietf-netconf-acm:nacm/write-default', 'alice', undefined, strict)).status, 200);
  });

  test.serial(`${mode}: create, update and delete are checked per node; denials are 403 access-denied with the path, and change nothing`, async (t) => {
    const body = (o: Record<string, unknown>): Record<string, unknown> => (strict ? Object.fromEntries(Object.entries(o).map(([k, v]) => [`cs-nacm:${k}`, v])) : o);
    // bob: interfaces writable by a path rule, the secret not, the rest by write-default deny
    t.is((await call(s.url, 'PATCH', 'cs-nacm:interfaces', 'bob', body({ interfaces: { interface: [{ name: 'eth0', mtu: 1400 }] } }), strict)).status, 204, 'update');
    t.is((await call(s.url, 'POST', 'cs-nacm:interfaces', 'bob', body({ interface: [{ name: `eth-${mode}`, mtu: 1280 }] }), strict)).status, 201, 'create');
    t.is((await call(s.url, 'DELETE', `cs-nacm:interfaces/interface=eth-${mode}`, 'bob', undefined, strict)).status, 204, 'delete');
    const secret = await call(s.url, 'PATCH', 'cs-nacm:interfaces', 'bob', body({ interfaces: { interface: [{ name: 'eth0', secret: 'x' }] } }), strict);
    t.is(secret.status, 403);
    t.regex(secret.text, /"error-tag":"access-denied"/);
    t.regex(secret.text, /interface\[name='eth0'\]\/secret/);
    t.is((await call(s.url, 'PATCH', 'cs-nacm:system', 'bob', body({ system: { hostname: 'evil' } }), strict)).status, 403, 'write-default deny');
    t.is((await call(s.url, 'PATCH', 'cs-nacm:system', 'alice', body({ system: { location: 'moved' } }), strict)).status, 204, 'an explicit permit beats default-deny-write');
    t.is((await call(s.url, 'PATCH', 'cs-nacm:system', 'carol', body({ system: { location: 'x' } }), strict)).status, 403);
    t.is((await call(s.url, 'DELETE', 'cs-nacm:interfaces/interface=eth1', 'carol', undefined, strict)).status, 403, 'guest deletes nothing');
    t.is((await call(s.url, 'PATCH', 'cs-nacm:interfaces', undefined, body({ interfaces: { interface: [{ name: 'eth0', mtu: 1 }] } }), strict)).status, 403, 'anonymous');
    const after = await call(s.url, 'GET', 'cs-nacm:interfaces/interface=eth0', 'alice', undefined, strict);
    t.like((after.json as Record<string, Record<string, unknown>[]>)[name('interface')]?.[0], { mtu: 1400, secret: 's0' }, 'refused edits changed nothing');
    t.is((await call(s.url, 'PATCH', 'cs-nacm:interfaces', 'alice', body({ interfaces: { interface: [{ name: 'eth0', mtu: 1500 }] } }), strict)).status, 204);
    t.is((await call(s.url, 'PATCH', 'cs-nacm:system', 'alice', body({ system: { location: 'lab' } }), strict)).status, 204);
  });

  test.serial(`${mode}: exec is checked per operation`, async (t) => {
    t.is((await call(s.url, 'POST', 'cs-nacm:reboot', 'bob', undefined, strict, strict ? 'operations' : 'data')).status, 403);
    t.is((await call(s.url, 'POST', 'cs-nacm:ping', 'bob', undefined, strict, strict ? 'operations' : 'data')).status, 200, 'exec-default permit');
    t.is((await call(s.url, 'POST', 'cs-nacm:reboot', 'alice', undefined, strict, strict ? 'operations' : 'data')).status, 200);
    t.is((await call(s.url, 'POST', 'cs-nacm:reboot', 'carol', undefined, strict, strict ? 'operations' : 'data')).status, 200);
  });
}

test.serial('rule changes apply to the next request; only permitted users and the recovery user may change them', async (t) => {
  const rule = { rule: [{ name: 'no-mtu', 'module-name': 'cs-nacm', path: '/cs-nacm:interfaces/interface/mtu', 'access-operations': 'read', action: 'deny' }] };
  t.is((await call(s.url, 'POST', 'ietf-netconf-acm:nacm/rule-list=ops', 'bob', rule)).status, 403, 'bob may not edit the rules');
  t.is((await call(s.url, 'POST', 'ietf-netconf-acm:nacm/rule-list=ops', 'root', rule)).status, 201, 'the recovery user may');
  const ops = await call(s.url, 'GET', 'cs-nacm:interfaces/interface=eth0', 'bob');
  t.deepEqual(ops.json, { interface: [{ name: 'eth0' }] });
  t.is((await call(s.url, 'DELETE', 'ietf-netconf-acm:nacm/rule-list=ops/rule=no-mtu', 'alice')).status, 204, 'an admin the rules permit may too');
  const again = await call(s.url, 'GET', 'cs-nacm:interfaces/interface=eth0', 'bob');
  t.deepEqual(again.json, { interface: [{ name: 'eth0', mtu: 1500 }] });
});

test.serial('event streams: subscribers get only what they may read, sharing a source per access class', async (t) => {
  const open = (path: string, user: string): Promise<SseClient> => SseClient.open(`${s.url}/restconf/${path}`, { 'x-remote-user': user });
  const alice = await open('data/cs-nacm:alarm', 'alice');
  const bob = await open('data/cs-nacm:alarm', 'bob');
  const carol = await open('data/cs-nacm:alarm', 'carol');
  const deniedAudit = await open('data/cs-nacm:audit', 'carol');
  t.is(deniedAudit.status, 403, 'a notification the user may not read cannot be subscribed to');
  try {
    alarms.next({ text: 'disk full', severity: 3 });
    t.deepEqual((await alice.waitFor(1)).map((m) => JSON.parse(m.data)), [{ text: 'disk full', severity: 3 }]);
    t.deepEqual((await bob.waitFor(1)).map((m) => JSON.parse(m.data)), [{ severity: 3 }], 'leaves the user may not read are left out');
    t.deepEqual((await carol.waitFor(1)).map((m) => JSON.parse(m.data)), [{ text: 'disk full', severity: 3 }]);
    const stats = await call(s.url, 'GET', 'rxconf-server:server/stats/streams', 'alice');
    t.is((stats.json as { streams: { sources: number } }).streams.sources, 2, 'alice and carol share a source; bob is another access class');
  } finally {
    for (const c of [alice, bob, carol, deniedAudit]) c.close();
  }
  const changes = await open('streams/cs-nacm/changes', 'carol');
  const bobChanges = await open('streams/cs-nacm/changes', 'bob');
  try {
    t.is((await call(s.url, 'PATCH', 'cs-nacm:interfaces/interface=eth1', 'alice', { interface: [{ name: 'eth1', mtu: 9001 }] })).status, 204);
    t.is((await call(s.url, 'PATCH', 'cs-nacm:interfaces/interface=eth0', 'alice', { interface: [{ name: 'eth0', mtu: 1501 }] })).status, 204);
    const [seen] = await changes.waitFor(1);
    t.regex(seen?.data ?? '', /eth0/, 'a change to data the user may not read is not sent');
    await new Promise((r) => setTimeout(r, 200));
    t.is(changes.messages.length, 1);
    const bobs = (await bobChanges.waitFor(2)).map((m) => JSON.parse(m.data) as Record<string, unknown>);
    t.regex(seen?.data ?? '', /1501/, 'carol may read all of the entry: the value is sent');
    t.true(bobs.every((e) => JSON.stringify(e).includes('interface')), 'bob sees both changes');
    t.false(bobs.some((e) => /1501|9001/.test(JSON.stringify(e))), 'but not their values: the entries hold a leaf bob may not read');
  } finally {
    changes.close();
    bobChanges.close();
  }
});

test.serial('OPTIONS lists only the methods the user may use on the path', async (t) => {
  const allow = async (path: string, user: string): Promise<string[]> => {
    const r = await fetch(`${s.url}/restconf/data/${path}`, { method: 'OPTIONS', headers: { 'x-remote-user': user } });
    t.is(r.status, 204);
    return (r.headers.get('allow') ?? '').split(', ').sort();
  };
  t.deepEqual(await allow('cs-nacm:interfaces/interface=eth0/mtu', 'alice'), ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'PUT']);
  t.deepEqual(await allow('cs-nacm:interfaces/interface=eth0/mtu', 'bob'), ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'PUT']);
  t.deepEqual(await allow('cs-nacm:interfaces/interface=eth0/secret', 'bob'), ['OPTIONS']);
  t.deepEqual(await allow('cs-nacm:system/hostname', 'bob'), ['GET', 'HEAD', 'OPTIONS']);
  t.deepEqual(await allow('cs-nacm:reboot', 'bob'), ['OPTIONS']);
  t.deepEqual(await allow('cs-nacm:reboot', 'carol'), ['OPTIONS', 'POST']);
});
