/**
 * Configuration is data, so it is replicated: a NACM rule and an
 * rxconf-server authentication setting edited on one replica take effect
 * on the other (two replicas on a real nats-server, users named by a
 * trusted proxy, NACM on).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';
import { natsTest, startNats } from './helpers/nats-server.ts';
import { fixtures, send } from './helpers/replicas.ts';

const SEED = {
  'ietf-netconf-acm:nacm': {
    'write-default': 'permit',
    groups: { group: [{ name: 'admin', 'user-name': ['alice'] }, { name: 'ops', 'user-name': ['bob'] }] },
    'rule-list': [{ name: 'admin', group: ['admin'], rule: [{ name: 'all', 'module-name': '*', 'access-operations': '*', action: 'permit' }] }],
  },
  'st-store:entry': [{ id: 1, v: 'one' }],
};

const as = (user: string | undefined, seq?: string): Record<string, string> => ({
  ...(user === undefined ? {} : { 'x-remote-user': user }),
  ...(seq === undefined ? {} : { 'rxconf-sequence': seq }),
});

natsTest('a NACM rule and an authentication setting edited on one replica apply on the other', async (t) => {
  t.timeout(120_000);
  const nats = await startNats();
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-cluster-config-'));
  const data = join(dir, 'seed.json');
  writeFileSync(data, JSON.stringify(SEED));
  const servers: { server: RxconfServer; url: string }[] = [];
  try {
    for (const id of ['a', 'b']) {
      const server = createServer({
        // the first replica seeds the empty stream; the second takes everything from it
        searchPath: [fixtures], modules: ['st-store'], data: id === 'a' ? data : false, host: '127.0.0.1', port: 0, logger: false,
        auth: { proxy: { trusted: ['127.0.0.1'] }, anonymous: true },
        nacm: true,
        cluster: { servers: [nats.urls], stream: 'CONFIG', replica: id, publishTimeoutMs: 2_000 },
      });
      servers.push({ server, url: (await server.listen()).url });
    }
    const [a, b] = [servers[0], servers[1]] as [{ url: string }, { url: string }];
    // Before: bob may create entries (write-default permit in the seed), anonymous requests are served.
    t.is((await send(b.url, 'POST', 'st-store:', { 'st-store:entry': [{ id: 2, v: 'bob' }] }, as('bob'))).status, 201);
    t.is((await send(b.url, 'GET', 'st-store:entry=1')).status, 200);
    // On a: a rule denying bob's group writes to st-store.
    const rule = await send(a.url, 'POST', 'ietf-netconf-acm:nacm', {
      'ietf-netconf-acm:rule-list': [{ name: 'ops', group: ['ops'], rule: [{ name: 'no-writes', 'module-name': 'st-store', 'access-operations': 'create update delete', action: 'deny' }] }],
    }, as('alice'));
    t.is(rule.status, 201, await rule.text());
    const denied = await send(b.url, 'POST', 'st-store:', { 'st-store:entry': [{ id: 3, v: 'bob' }] }, as('bob', rule.headers.get('rxconf-sequence') as string));
    t.is(denied.status, 403, 'the rule made on a applies on b');
    t.is(((await denied.json()) as { 'ietf-restconf:errors': { error: { 'error-tag': string }[] } })['ietf-restconf:errors'].error[0]?.['error-tag'], 'access-denied');
    t.is((await send(b.url, 'GET', 'st-store:entry=3', undefined, as('alice'))).status, 404, 'and nothing was created');
    // On a: anonymous access off.
    const off = await send(a.url, 'PATCH', 'rxconf-server:server/authentication/anonymous', { 'rxconf-server:anonymous': { enabled: false } }, as('alice'));
    t.is(off.status, 204, await off.text());
    const anonymous = await send(b.url, 'GET', 'st-store:entry=1', undefined, as(undefined, off.headers.get('rxconf-sequence') as string));
    t.is(anonymous.status, 401, 'the authentication setting made on a applies on b');
    t.is((await send(b.url, 'GET', 'st-store:entry=1', undefined, as('alice'))).status, 200);
  } finally {
    for (const s of servers) await s.server.close();
    await nats.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
