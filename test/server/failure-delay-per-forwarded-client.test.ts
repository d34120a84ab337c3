/**
 * Behind a trusted proxy, the authentication failure delay (each failed
 * login delays that client's next 401, doubling) is kept per client, as the
 * proxy names it in X-Forwarded-For: one client's typos do not slow the
 * others down. A peer that is not a trusted proxy cannot pick its own key
 * by sending X-Forwarded-For: its failures count for its own address. The
 * access log names the same client address. Over real sockets.
 *
 * The delays are made long enough apart (1 ms doubling: the 11th failure of
 * one client waits about a second) that the order of the answers shows
 * whose failures counted, without measuring any duration.
 */
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type RxconfServer, type ServerOptions } from '../../src/server/create-server.ts';
import { formatUsers, hashPassword } from '../../src/server/auth/password-file.ts';
import type { Logger } from '../../src/server/logger.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'create-server');
const dir = mkdtempSync(join(tmpdir(), 'rxconf-delay-'));
const usersFile = join(dir, 'users');
const admin = `Basic ${Buffer.from('alice:alice-secret-1').toString('base64')}`;

test.before(async () => {
  writeFileSync(usersFile, formatUsers([{ name: 'alice', hash: await hashPassword('alice-secret-1', { ln: 10, r: 8, p: 1 }), groups: [] }]));
});

const serve = async (transport: 'uws' | 'http1', extra: Partial<ServerOptions>, lines: Record<string, unknown>[] = []): Promise<{ server: RxconfServer; url: string }> => {
  const logger: Logger = { info: (a: unknown) => void lines.push(a as Record<string, unknown>), warn: () => undefined, error: () => undefined };
  const server = createServer({ searchPath: [yang], modules: ['cs-hello'], host: '127.0.0.1', port: 0, logger, transport, data: false, auth: { basic: { usersFile } }, ...extra });
  const { url } = await server.listen();
  const set = await fetch(`${url}/restconf/data/rxconf-server:server/authentication`, {
    method: 'PATCH', headers: { authorization: admin, 'content-type': 'application/yang-data+json' },
    body: JSON.stringify({ 'rxconf-server:authentication': { 'failure-delay-ms': 1, 'max-failure-delay-ms': 600000 } }),
  });
  if (set.status !== 204) throw new Error(`settings: ${set.status}`);
  return { server, url };
};

/** A failed login (a scheme not accepted) from `client` as the proxy names it; resolves with its place in `order`. */
const fail = async (url: string, client: string, order: string[], name: string): Promise<void> => {
  const r = await fetch(`${url}/restconf/data/cs-hello:whoami`, { method: 'POST', headers: { authorization: 'Digest nope', 'x-forwarded-for': client } });
  await r.arrayBuffer();
  if (r.status !== 401) throw new Error(`${name}: ${r.status}`);
  order.push(name);
};

/** Client A fails 11 times at once (its last 401 waits ~1 s); once ten have come back, client B fails once. */
const race = async (url: string): Promise<string[]> => {
  const order: string[] = [];
  let tenBack: () => void = () => undefined;
  const ten = new Promise<void>((r) => (tenBack = r));
  const a = Array.from({ length: 11 }, (_v, i) => fail(url, '198.51.100.1', order, `a${i}`).then(() => (order.length === 10 ? tenBack() : undefined)));
  await ten;
  await fail(url, '198.51.100.2', order, 'b');
  await Promise.all(a);
  return order;
};

test.serial('uws: behind a trusted proxy, one client\'s failed logins do not delay another client\'s answer', async (t) => {
  const s = await serve('uws', { forwardedBy: ['127.0.0.1'] });
  try {
    const order = await race(s.url);
    t.is(order.indexOf('b'), 10, `B answered before A's last delayed 401: ${order.join(' ')}`);
  } finally {
    await s.server.close();
  }
});

test.serial('http1: a peer that is not a trusted proxy cannot choose its failure-delay key with X-Forwarded-For', async (t) => {
  const s = await serve('http1', { forwardedBy: ['10.9.9.9'] });
  try {
    const order = await race(s.url);
    t.is(order.indexOf('b'), 11, `B, from the same peer, waited behind A's failures: ${order.join(' ')}`);
  } finally {
    await s.server.close();
  }
});

for (const transport of ['uws', 'http1'] as const) {
  test.serial(`${transport}: the access log names the client a trusted proxy forwards for, and the peer otherwise`, async (t) => {
    const trusted: Record<string, unknown>[] = [];
    const s = await serve(transport, { forwardedBy: ['127.0.0.1'] }, trusted);
    const untrusted: Record<string, unknown>[] = [];
    const u = await serve(transport, {}, untrusted);
    try {
      for (const url of [s.url, u.url]) {
        const r = await fetch(`${url}/restconf/data/cs-hello:whoami`, { method: 'POST', headers: { authorization: admin, 'x-forwarded-for': '203.0.113.9, 198.51.100.7' } });
        await r.arrayBuffer();
      }
      const of = (lines: Record<string, unknown>[]) => lines.find((l) => l['path'] === '/restconf/data/cs-hello:whoami');
      t.like(of(trusted), { user: 'alice', remote: '198.51.100.7' });
      t.like(of(untrusted), { user: 'alice', remote: '127.0.0.1' });
    } finally {
      await s.server.close();
      await u.server.close();
    }
  });
}
