/**
 * When a read is handed the module's node unguarded (nacm.ts guardRoot,
 * read-target.ts, AccessRights.readsWhole): only a GET or HEAD of a data
 * node the user may read all of, whatever the instance, and the way to it —
 * never when anything at or below the target may be denied (a path rule,
 * key predicates, default-deny-all left to its default, read-default deny),
 * nor for writes, module roots, the datastore or unresolved paths. The
 * behaviour over sockets is in nacm-read-fast-path.test.ts.
 */
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser } from '../../src/actors/browser.ts';
import { Device } from '../../src/actors/device.ts';
import type { Node } from '../../src/actors/node.ts';
import { Datastore } from '../../src/actors/nodes/datastore.ts';
import { editAuthorizerOf, identify, isReading, readTargetOf, RequestScope } from '../../src/actors/request-scope.ts';
import type { CoreRequest } from '../../src/http/exchange.ts';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import type { ModuleMeta } from '../../src/meta/meta.ts';
import { silentLogger } from '../../src/server/logger.ts';
import { Nacm } from '../../src/server/nacm/nacm.ts';
import { ownYangDir } from '../../src/server/own-yang.ts';
import { findDataChild } from '../../src/meta/navigate.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'create-server');

const rule = (name: string, what: Record<string, string>, ops: string, action: 'permit' | 'deny', module = 'cs-nacm') =>
  ({ name, 'module-name': module, ...what, 'access-operations': ops, action });

const GROUPS = { group: [{ name: 'admin', 'user-name': ['alice'] }, { name: 'ops', 'user-name': ['bob', 'erin'] }, { name: 'guest', 'user-name': ['carol', 'erin'] }] };

/** Groups; the admin permits all; ops may not read secrets; guests not eth1 (key predicate); nobody but the admin reads the location (a `*` group with a `*` module rule). */
const RULES = {
  groups: GROUPS,
  'rule-list': [
    { name: 'admin', group: ['admin'], rule: [rule('all', {}, '*', 'permit', '*')] },
    { name: 'ops', group: ['ops'], rule: [rule('no-secret', { path: '/cs-nacm:interfaces/interface/secret' }, 'read', 'deny')] },
    { name: 'guest', group: ['guest'], rule: [rule('no-eth1', { path: "/cs-nacm:interfaces/interface[name='eth1']" }, 'read', 'deny')] },
    { name: 'everyone', group: ['*'], rule: [rule('no-location', { path: '/cs-nacm:system/location' }, 'read', 'deny', '*')] },
  ],
};

/** A request's scope as the core makes it: the identity, then NACM's decision. */
const scopeOf = (decide: ReturnType<Nacm['decisionFor']>, user: string | undefined, req: CoreRequest, roles?: string[]): RequestScope => {
  const scope = new RequestScope(req);
  if (user !== undefined) identify(scope, { user, groups: roles ?? [], method: 'basic' });
  decide(req, scope);
  return scope;
};

const setUp = (rules: unknown): { fast: (user: string | undefined, path: string, method?: string, roles?: string[]) => boolean; nacm: Nacm; module: ModuleMeta; datastore: Datastore; device: Device } => {
  const r = compileSchema({ searchPath: [yang, ownYangDir()], modules: [{ name: 'cs-nacm' }, { name: 'ietf-netconf-acm' }] });
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  const schema = r.context;
  const module = schema.modules.get('cs-nacm') as ModuleMeta;
  const acm = schema.modules.get('ietf-netconf-acm') as ModuleMeta;
  const file = join(mkdtempSync(join(tmpdir(), 'rxconf-nacm-target-')), 'data.json');
  writeFileSync(file, JSON.stringify({
    'ietf-netconf-acm:nacm': rules,
    'cs-nacm:interfaces': { interface: [{ name: 'eth0', mtu: 1500, secret: 's0' }, { name: 'eth1', mtu: 9000, secret: 's1' }] },
    'cs-nacm:system': { hostname: 'box', 'root-password': 'hunter2', location: 'lab' },
  }));
  const datastore = Datastore.load(schema, file);
  const device = new Device(schema);
  for (const m of [module, acm]) device.add(new Browser(m, schema, () => datastore.node(m)));
  const nacm = new Nacm(datastore, acm, {}, silentLogger);
  const decide = nacm.decisionFor(device);
  const fast = (user: string | undefined, path: string, method = 'GET', roles?: string[]): boolean => {
    const node: Node = datastore.node(module);
    return nacm.guardRoot(node, module, scopeOf(decide, user, { method, path: `/restconf/data/${path}` } as CoreRequest, roles)) === node;
  };
  return { fast, nacm, module, datastore, device };
};

test('a target the user may read all of, and the way to it, is read unguarded; anything that may be denied below it is guarded', (t) => {
  const { fast } = setUp(RULES);
  t.true(fast('alice', 'cs-nacm:system'), 'the admin: the whole module');
  t.true(fast('alice', 'cs-nacm:system/location'));
  t.true(fast('bob', 'cs-nacm:system/hostname'));
  t.true(fast('bob', 'cs-nacm:interfaces/interface=eth0/mtu'));
  t.true(fast('bob', 'cs-nacm:interfaces/interface=eth0/name'));
  t.true(fast('bob', 'cs-nacm:interfaces/interface=eth1/mtu'));
  t.false(fast('bob', 'cs-nacm:interfaces/interface=eth0'), 'a path rule denies a leaf below the target');
  t.false(fast('bob', 'cs-nacm:interfaces/interface'), 'below the whole list too');
  t.false(fast('bob', 'cs-nacm:interfaces'));
  t.false(fast('bob', 'cs-nacm:interfaces/interface=eth0/secret'), 'a denied target');
  t.false(fast('bob', 'cs-nacm:system'), 'the * rule-list denies the location; root-password is default-deny-all');
  t.false(fast('bob', 'cs-nacm:system/location'));
  t.false(fast('bob', 'cs-nacm:system/root-password'), 'default-deny-all with no rule for it');
  t.false(fast('bob', 'ietf-netconf-acm:nacm/read-default'), 'the rules are default-deny-all');
});

test('rules with key predicates: the decision would depend on the instance, so the read is guarded', (t) => {
  const { fast } = setUp(RULES);
  t.false(fast('carol', 'cs-nacm:interfaces/interface=eth0/mtu'), 'an ancestor is decided per entry');
  t.false(fast('carol', 'cs-nacm:interfaces/interface=eth1/mtu'));
  t.false(fast('carol', 'cs-nacm:interfaces'));
  t.true(fast('carol', 'cs-nacm:system/hostname'));
  t.false(fast('erin', 'cs-nacm:interfaces/interface=eth0/mtu'), 'a user in two groups has both lists');
  t.false(fast('erin', 'cs-nacm:interfaces/interface=eth0'));
  t.true(fast('erin', 'cs-nacm:system/hostname'));
});

test('groups from authentication, users in no group, and no user: only their rules count', (t) => {
  const { fast } = setUp(RULES);
  t.true(fast('gina', 'cs-nacm:interfaces/interface=eth0/mtu', 'GET', ['ops']));
  t.false(fast('gina', 'cs-nacm:interfaces/interface=eth0', 'GET', ['ops']), 'an external group brings its denials');
  t.true(fast('frank', 'cs-nacm:interfaces/interface=eth0'), 'read-default permit and no rule for frank below the entry');
  t.false(fast('frank', 'cs-nacm:system'), 'the * group still applies');
  t.true(fast(undefined, 'cs-nacm:interfaces'));
  t.false(fast(undefined, 'cs-nacm:system'));
});

test('only reads of a data node: writes, module roots, the datastore, unknown paths and other modules are guarded', (t) => {
  const { fast, nacm, datastore, device, module } = setUp(RULES);
  t.true(fast('bob', 'cs-nacm:system/hostname', 'HEAD'));
  for (const method of ['PUT', 'PATCH', 'POST', 'DELETE', 'OPTIONS']) t.false(fast('bob', 'cs-nacm:system/hostname', method), method);
  t.false(fast('bob', 'cs-nacm:'), 'a module root: only when the whole module is readable');
  t.false(fast('bob', ''), 'the datastore');
  t.false(fast('bob', 'cs-nacm:system/no-such-leaf'));
  t.false(fast('bob', 'cs-nacm:system/hostname/below'));
  const acm = device.browser('ietf-netconf-acm')?.module as ModuleMeta;
  const context = scopeOf(nacm.decisionFor(device), 'bob', { method: 'GET', path: '/restconf/data/cs-nacm:system/hostname' } as CoreRequest);
  const other = datastore.node(acm);
  t.not(nacm.guardRoot(other, acm, context), other, 'the target names its module: another module\'s root stays guarded');
  const node = datastore.node(module);
  t.is(nacm.guardRoot(node, module, context), node);
  const target = { meta: findDataChild(findDataChild(module, undefined, 'system') as never, undefined, 'hostname'), module };
  const forged = { ...context, 'rxconf.nacmReadTarget': target, 'rxconf.reading': true, user: 'bob', roles: ['ops'] };
  t.not(nacm.guardRoot(node, module, forged), node, 'a copy of the scope carries no decision and no identity');
  const spread = scopeOf(nacm.decisionFor(device), 'bob', { method: 'PATCH', path: '/restconf/data/cs-nacm:system/hostname' } as CoreRequest);
  t.not(nacm.guardRoot(node, module, Object.assign(spread, { 'rxconf.nacmReadTarget': target, 'rxconf.reading': true })), node, 'values named like the old keys decide nothing');
});

test('read-default deny with a permit rule for a subtree; an earlier permit of a child under a later deny of its parent', (t) => {
  const permitSystem = setUp({ 'read-default': 'deny', groups: GROUPS, 'rule-list': [{ name: 'ops', group: ['ops'], rule: [rule('system', { path: '/cs-nacm:system' }, 'read', 'permit')] }] });
  t.true(permitSystem.fast('bob', 'cs-nacm:system'), 'the permit covers the default-deny-all leaf below it');
  t.true(permitSystem.fast('bob', 'cs-nacm:system/hostname'));
  t.false(permitSystem.fast('bob', 'cs-nacm:interfaces/interface=eth0/mtu'), 'read-default deny');
  t.false(permitSystem.fast('carol', 'cs-nacm:system/hostname'), 'no rule for carol: read-default deny');
  const order = setUp({ groups: GROUPS, 'rule-list': [{ name: 'ops', group: ['ops'], rule: [
    rule('mtu', { path: '/cs-nacm:interfaces/interface/mtu' }, 'read', 'permit'),
    rule('no-interfaces', { path: '/cs-nacm:interfaces' }, 'read', 'deny'),
  ] }] });
  t.false(order.fast('bob', 'cs-nacm:interfaces/interface=eth0/mtu'), 'the way to the target is denied: the guarded read decides');
  t.true(order.fast('carol', 'cs-nacm:interfaces/interface=eth0/mtu'));
});

test('a new rule version is decided afresh: a subtree that becomes partly denied is guarded from the next request', (t) => {
  const { fast, nacm, datastore } = setUp(RULES);
  t.true(fast('bob', 'cs-nacm:system/hostname'));
  const acm = [...datastore.schema.modules.values()].find((m) => m.name === 'ietf-netconf-acm') as ModuleMeta;
  const before = JSON.stringify(RULES);
  // the rule-set's data changed in the datastore (as a committed edit would) and the server reloads it
  const edited = { ...RULES, 'rule-list': [...RULES['rule-list'], { name: 'late', group: ['ops'], rule: [rule('no-hostname', { path: '/cs-nacm:system/hostname' }, 'read', 'deny')] }] };
  replaceRules(datastore, acm, edited);
  nacm.reload();
  t.false(fast('bob', 'cs-nacm:system/hostname'));
  replaceRules(datastore, acm, JSON.parse(before));
  nacm.reload();
  t.true(fast('bob', 'cs-nacm:system/hostname'));
});

/** Puts rules into the datastore's ietf-netconf-acm data (a test's stand-in for a committed edit). */
const replaceRules = (datastore: Datastore, acm: ModuleMeta, rules: unknown): void => {
  const fresh = Datastore.load(datastore.schema, writeRules(rules));
  const root = datastore.root(acm);
  const from = fresh.root(acm);
  for (const k of [...root.values.keys()]) root.values.delete(k);
  for (const [k, v] of from.values) root.values.set(k, v);
};

const writeRules = (rules: unknown): string => {
  const file = join(mkdtempSync(join(tmpdir(), 'rxconf-nacm-target-')), 'rules.json');
  writeFileSync(file, JSON.stringify({ 'ietf-netconf-acm:nacm': rules }));
  return file;
};

test('NACM\'s decision lives in the scope, not in the context\'s values: a read names its target, a write carries the edit check', (t) => {
  const { nacm, device } = setUp(RULES);
  const decide = nacm.decisionFor(device);
  const read = scopeOf(decide, 'bob', { method: 'GET', path: '/restconf/data/cs-nacm:system/hostname' } as CoreRequest);
  const write = scopeOf(decide, 'bob', { method: 'PATCH', path: '/restconf/data/cs-nacm:system/hostname' } as CoreRequest);
  t.true(isReading(read));
  t.truthy(readTargetOf(read));
  t.false(isReading(write));
  t.is(typeof editAuthorizerOf(write), 'function');
  t.is(editAuthorizerOf(read), undefined);
  t.deepEqual(Object.keys(read).sort(), ['authenticatedBy', 'roles', 'user'], 'the context\'s values are the identity\'s only');
  t.is(nacm.rightsFor({ user: 'alice', roles: ['admin'] }), nacm.rightsFor({}), 'a plain context\'s user is nobody to NACM');
});
