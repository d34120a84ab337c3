/**
 * Authentication over real sockets: Basic against a user file written by
 * `rxconf passwd`'s code, Bearer JWTs, a trusted proxy's header, anonymous
 * access; 401 with challenges; the identity reaching operation handlers as
 * the request context; credentials never in logs or answers.
 */
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { createServer, type ServerOptions } from '../../src/server/create-server.ts';
import { FailureDelay } from '../../src/server/auth/failure-delay.ts';
import { formatUsers, hashPassword, parseUsers, verifyPassword } from '../../src/server/auth/password-file.ts';
import type { Logger } from '../../src/server/logger.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'create-server');
const dir = mkdtempSync(join(tmpdir(), 'rxconf-auth-'));
const usersFile = join(dir, 'users');
const basic = (user: string, password: string): string => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

let keys: { privateKey: CryptoKey; publicKey: CryptoKey };
let foreign: { privateKey: CryptoKey };

test.before(async () => {
  writeFileSync(usersFile, formatUsers([
    { name: 'alice', hash: await hashPassword('alice-secret-1', { ln: 10, r: 8, p: 1 }), groups: ['admin', 'ops'] },
    { name: 'bob', hash: await hashPassword('bob-secret-22', { ln: 10, r: 8, p: 1 }), groups: [] },
  ]));
  keys = await generateKeyPair('ES256');
  foreign = await generateKeyPair('ES256');
  writeFileSync(join(dir, 'jwks.json'), JSON.stringify({ keys: [{ ...await exportJWK(keys.publicKey), alg: 'ES256', kid: 'k1' }] }));
});

const token = (key: CryptoKey, claims: Record<string, unknown>, expires = '10m', audience = 'rxconf', issuer = 'https://idp.example'): Promise<string> =>
  new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).setIssuedAt().setExpirationTime(expires).setAudience(audience).setIssuer(issuer).sign(key);

const lines: string[] = [];
const logger: Logger = {
  info: (a: unknown, m?: string) => void lines.push(JSON.stringify([a, m])),
  warn: (a: unknown, m?: string) => void lines.push(JSON.stringify([a, m])),
  error: (a: unknown, m?: string) => void lines.push(JSON.stringify([a, m])),
};

const serve = async (auth: ServerOptions['auth']): Promise<{ url: string; close: () => Promise<void> }> => {
  const server = createServer({
    searchPath: [yang], modules: ['cs-hello'], host: '127.0.0.1', port: 0, logger, auth,
    app: (app) => app.operation('cs-hello:whoami', ({ context }) => ({ user: context.user ?? '', group: [...(context.roles ?? [])] })),
  });
  const { url } = await server.listen();
  return { url, close: () => server.close() };
};

const whoami = async (url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; challenge: string | null }> => {
  const r = await fetch(`${url}/restconf/data/cs-hello:whoami`, { method: 'POST', headers });
  return { status: r.status, body: await r.text(), challenge: r.headers.get('www-authenticate') };
};

test('password file: scrypt hashes verify, round-trip, and reject the wrong password', async (t) => {
  const hash = await hashPassword('correct horse', { ln: 10, r: 8, p: 1 });
  t.regex(hash, /^\$scrypt\$ln=10,r=8,p=1\$/);
  t.true(await verifyPassword('correct horse', hash));
  t.false(await verifyPassword('correct horsE', hash));
  t.false(await verifyPassword('x', 'not-a-hash'));
  const users = parseUsers(formatUsers([{ name: 'u', hash, groups: ['g1', 'g2'] }]));
  t.deepEqual(users.get('u')?.groups, ['g1', 'g2']);
  t.throws(() => parseUsers('bad line\n', 'f'), { message: /f:1/ });
});

test('failed logins delay the next answer to that address only, growing to a bound', (t) => {
  const d = new FailureDelay();
  const failed = (a: string, now: number): number => d.failed(a, now, 100, 1000);
  t.deepEqual([failed('a', 0), failed('a', 1), failed('a', 2), failed('a', 3), failed('a', 4)], [100, 200, 400, 800, 1000]);
  t.is(failed('b', 5), 100, 'another address is not slowed');
  d.succeeded('a');
  t.is(failed('a', 6), 100, 'a success forgets');
  t.is(failed('b', 16 * 60_000), 100, 'quiet minutes forget');
});

test('Basic: the right password admits the user with their groups; wrong, unknown or missing credentials get 401 with a challenge', async (t) => {
  const s = await serve({ basic: { usersFile } });
  try {
    const ok = await whoami(s.url, { authorization: basic('alice', 'alice-secret-1') });
    t.is(ok.status, 200);
    t.deepEqual(JSON.parse(ok.body), { user: 'alice', group: ['admin', 'ops'] });
    const again = await whoami(s.url, { authorization: basic('alice', 'alice-secret-1') });
    t.is(again.status, 200, 'verified credentials are remembered');
    for (const [headers, why] of [
      [{ authorization: basic('alice', 'wrong-password') }, 'wrong password'],
      [{ authorization: basic('mallory', 'alice-secret-1') }, 'unknown user'],
      [{}, 'no credentials'],
      [{ authorization: 'Digest abc' }, 'unknown scheme'],
    ] as const) {
      const r = await whoami(s.url, headers);
      t.is(r.status, 401, why);
      t.is(r.challenge, 'Basic realm="rxconf", charset="UTF-8"', why);
      t.regex(r.body, /"error-tag":"access-denied"/, why);
    }
    t.false(lines.some((l) => l.includes('alice-secret-1') || l.includes('wrong-password') || l.includes(Buffer.from('alice:alice-secret-1').toString('base64'))));
  } finally {
    await s.close();
  }
});

test('Bearer: a JWT signed by a trusted key names the user and groups; expired, foreign, wrong audience or issuer get 401 invalid_token', async (t) => {
  const s = await serve({ bearer: { jwksFile: join(dir, 'jwks.json'), issuer: 'https://idp.example', audience: 'rxconf', algorithms: ['ES256'] } });
  try {
    const good = await token(keys.privateKey, { sub: 'carol', groups: ['ops'] });
    const ok = await whoami(s.url, { authorization: `Bearer ${good}` });
    t.is(ok.status, 200);
    t.deepEqual(JSON.parse(ok.body), { user: 'carol', group: ['ops'] });
    const bad = {
      expired: await token(keys.privateKey, { sub: 'carol' }, '1s').then(async (x) => (await new Promise((r) => setTimeout(r, 1100)), x)),
      foreign: await token(foreign.privateKey, { sub: 'carol' }),
      audience: await token(keys.privateKey, { sub: 'carol' }, '10m', 'someone-else'),
      issuer: await token(keys.privateKey, { sub: 'carol' }, '10m', 'rxconf', 'https://evil.example'),
      garbage: 'not.a.token',
    };
    for (const [why, tok] of Object.entries(bad)) {
      const r = await whoami(s.url, { authorization: `Bearer ${tok}` });
      t.is(r.status, 401, why);
      t.is(r.challenge, 'Bearer realm="rxconf", error="invalid_token"', why);
      t.false(r.body.includes(tok), `${why}: the token is not echoed`);
    }
    t.regex((await whoami(s.url, { authorization: `Bearer ${bad.expired}` })).body, /expired/);
    t.false(lines.some((l) => l.includes(good)), 'tokens never reach the log');
  } finally {
    await s.close();
  }
});

test('a trusted proxy names the user in a header; from any other address the header counts for nothing', async (t) => {
  const trusted = await serve({ proxy: { trusted: ['127.0.0.1'] } });
  try {
    const r = await whoami(trusted.url, { 'x-remote-user': 'dave', 'x-remote-groups': 'ops, audit' });
    t.deepEqual(JSON.parse(r.body), { user: 'dave', group: ['ops', 'audit'] });
  } finally {
    await trusted.close();
  }
  const untrusted = await serve({ proxy: { trusted: ['10.9.9.9'] } });
  try {
    t.is((await whoami(untrusted.url, { 'x-remote-user': 'dave' })).status, 401);
  } finally {
    await untrusted.close();
  }
});

test('anonymous access only when configured: no credentials is the user anonymous; wrong ones are still refused', async (t) => {
  const s = await serve({ basic: { usersFile }, anonymous: { groups: ['guest'] } });
  try {
    t.deepEqual(JSON.parse((await whoami(s.url)).body), { user: 'anonymous', group: ['guest'] });
    t.is((await whoami(s.url, { authorization: basic('alice', 'nope-nope') })).status, 401);
    t.deepEqual(JSON.parse((await whoami(s.url, { authorization: basic('bob', 'bob-secret-22') })).body), { user: 'bob' });
  } finally {
    await s.close();
  }
});

test('the rxconf-server authentication settings apply to the next request: anonymous, trusted proxies, methods switched off, realm; no secret or file name in them', async (t) => {
  const s = await serve({ basic: { usersFile }, realm: 'lab' });
  const alice = { authorization: basic('alice', 'alice-secret-1'), 'content-type': 'application/yang-data+json', accept: 'application/yang-data+json' };
  const path = `${s.url}/restconf/data/rxconf-server:server/authentication`;
  try {
    t.is((await whoami(s.url)).status, 401);
    t.is((await whoami(s.url, { 'x-remote-user': 'carol' })).status, 401, 'no trusted proxy yet');
    const read = await fetch(`${path}?with-defaults=report-all`, { headers: alice });
    const text = await read.text();
    t.is(read.status, 200);
    t.like(JSON.parse(text)['rxconf-server:authentication'], { realm: 'lab', basic: true, 'failure-delay-ms': 100 });
    t.false(text.includes(usersFile) || text.includes('scrypt') || text.includes('secret'), 'no secrets, no file names');
    const edit = await fetch(path, {
      method: 'PATCH', headers: alice,
      body: JSON.stringify({ 'rxconf-server:authentication': { anonymous: { enabled: true, group: ['guests'] }, 'trusted-proxy': ['127.0.0.1'], realm: 'ops' } }),
    });
    t.is(edit.status, 204);
    const anon = await whoami(s.url);
    t.is(anon.status, 200);
    t.deepEqual(JSON.parse(anon.body), { user: 'anonymous', group: ['guests'] });
    t.deepEqual(JSON.parse((await whoami(s.url, { 'x-remote-user': 'carol', 'x-remote-groups': 'ops' })).body), { user: 'carol', group: ['ops'] });
    const wrong = await whoami(s.url, { authorization: basic('alice', 'nope') });
    t.is(wrong.status, 401);
    t.regex(wrong.challenge ?? '', /Basic realm="ops"/);
    t.is((await fetch(path, { method: 'PATCH', headers: alice, body: JSON.stringify({ 'rxconf-server:authentication': { basic: false } }) })).status, 204);
    const off = await whoami(s.url, { authorization: basic('alice', 'alice-secret-1') });
    t.is(off.status, 401, 'Basic switched off');
    t.is(off.challenge, null, 'and no longer offered');
  } finally {
    await s.close();
  }
});
