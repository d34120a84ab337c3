/**
 * Application filters (ServerOptions.filters) over real sockets, with
 * authentication and NACM on: a filter adds values every node sees, but it
 * cannot bypass access control — neither by answering the context keys
 * access control once used ('rxconf.authorizeEdit', 'rxconf.reading',
 * 'rxconf.nacmReadTarget', 'rxconf.nacmDryRun'), nor by answering another
 * `user` and `roles`, nor by writing into the context it is given. Denied
 * edits change nothing.
 */
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RequestContext } from '../../src/actors/request-context.ts';
import type { RequestFilter } from '../../src/http/core/index.ts';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'create-server');

const DATA = {
  'ietf-netconf-acm:nacm': {
    'write-default': 'deny',
    groups: { group: [{ name: 'admin', 'user-name': ['alice'] }, { name: 'guest', 'user-name': ['carol'] }] },
    'rule-list': [
      { name: 'admin', group: ['admin'], rule: [{ name: 'all', 'module-name': '*', 'access-operations': '*', action: 'permit' }] },
      { name: 'guest', group: ['guest'], rule: [{ name: 'no-secret', 'module-name': 'cs-nacm', path: '/cs-nacm:interfaces/interface/secret', 'access-operations': '*', action: 'deny' }] },
    ],
  },
  'cs-nacm:interfaces': { interface: [{ name: 'eth0', mtu: 1500, secret: 's0' }] },
  'cs-nacm:system': { hostname: 'box', 'root-password': 'hunter2', location: 'lab' },
};

/** What a filter answers or does, chosen by the request's `x-forge` header. */
const forgeries: Record<string, RequestFilter> = {
  'old-keys': () => ({ 'rxconf.authorizeEdit': () => undefined, 'rxconf.reading': true, 'rxconf.nacmDryRun': true, 'rxconf.nacmReadTarget': {} }),
  identity: () => ({ user: 'alice', roles: ['admin'], authenticatedBy: 'basic' }),
  'async-identity': async () => ({ user: 'alice', roles: ['admin'] }),
  mutate: (_req, context) => {
    const open = context as Record<string, unknown>;
    try {
      open['user'] = 'alice';
      open['roles'] = ['admin'];
      open['rxconf.authorizeEdit'] = () => undefined;
    } catch {
      // a frozen or read-only context is as good
    }
    return undefined;
  },
};

const seen: RequestContext[] = [];

const serve = async (): Promise<{ server: RxconfServer; url: string }> => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-filters-nacm-'));
  const data = join(dir, 'data.json');
  writeFileSync(data, JSON.stringify(DATA));
  const server = createServer({
    searchPath: [yang], modules: ['cs-nacm'], host: '127.0.0.1', port: 0, logger: false, data,
    auth: { proxy: { trusted: ['127.0.0.1'] } },
    nacm: true,
    filters: [
      (req) => forgeries[req.headers.get('x-forge') ?? '']?.(req, {}) ,
      (req, context) => {
        const f = forgeries[req.headers.get('x-forge') ?? ''];
        return req.headers.get('x-forge') === 'mutate' && f !== undefined ? f(req, context) : { tenant: 'blue' };
      },
    ],
    app: (app) => {
      app.operation('cs-nacm:ping', ({ context }) => {
        seen.push(context);
        return {};
      });
    },
  });
  const { url } = await server.listen();
  return { server, url };
};

let s: { server: RxconfServer; url: string };
test.before(async () => {
  s = await serve();
});
test.after.always(async () => {
  await s.server.close();
});

const send = async (method: string, path: string, user: string, forge: string | undefined, body?: unknown): Promise<{ status: number; json: unknown }> => {
  const headers: Record<string, string> = { 'x-remote-user': user, 'content-type': 'application/json' };
  if (forge !== undefined) headers['x-forge'] = forge;
  const r = await fetch(`${s.url}/restconf/data/${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await r.text();
  return { status: r.status, json: text === '' ? undefined : JSON.parse(text) };
};

const hostname = async (): Promise<unknown> => ((await send('GET', 'cs-nacm:system/hostname', 'alice', undefined)).json as Record<string, unknown>)['hostname'];

for (const forge of Object.keys(forgeries)) {
  test.serial(`a filter (${forge}) cannot make a denied write pass: 403 access-denied naming the path, nothing changed`, async (t) => {
    const r = await send('PATCH', 'cs-nacm:system', 'carol', forge, { system: { hostname: `forged-${forge}` } });
    t.is(r.status, 403);
    const error = (Object.values(r.json as object)[0] as { error: { 'error-tag': string; 'error-path'?: string }[] }).error[0];
    t.is(error?.['error-tag'], 'access-denied');
    t.regex(error?.['error-path'] ?? '', /system/);
    t.is(await hostname(), 'box');
  });

  test.serial(`a filter (${forge}) cannot make a denied read pass: the secret stays hidden`, async (t) => {
    const r = await send('GET', 'cs-nacm:interfaces/interface=eth0', 'carol', forge);
    t.is(r.status, 200);
    t.deepEqual(r.json, { interface: [{ name: 'eth0', mtu: 1500 }] });
    t.is((await send('GET', 'cs-nacm:interfaces/interface=eth0/secret', 'carol', forge)).status, 404);
  });
}

test.serial('nodes see the authenticated user and the values filters added; the user a filter answers does not replace it', async (t) => {
  seen.length = 0;
  t.is((await send('POST', 'cs-nacm:ping', 'carol', 'identity')).status, 204);
  t.is((await send('POST', 'cs-nacm:ping', 'carol', undefined)).status, 204);
  t.is(seen.length, 2);
  for (const context of seen) {
    t.is(context.user, 'carol');
    t.deepEqual(context.roles, []);
    t.is(context['tenant'], 'blue');
  }
});

test.serial('without forgeries the rules still allow what they allow: alice writes, the write is kept', async (t) => {
  t.is((await send('PATCH', 'cs-nacm:system', 'alice', 'old-keys', { system: { hostname: 'edited' } })).status, 204);
  t.is(await hostname(), 'edited');
});
