/**
 * connect's options on real sockets: HTTP Basic and Bearer credentials
 * (every request carries them: schema, reads, edits, operations, event
 * streams), extra headers, the TLS CA (https with a CA made by openssl
 * here; without it the certificate is refused), root discovery, and
 * options checked at run time.
 */
import test from 'ava';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { firstValueFrom } from 'rxjs';
import { commitEdit, defaultReadOptions, notifications, read } from '../../src/actors/index.ts';
import { connect, TransportFailure, type RemoteDevice } from '../../src/client/index.ts';
import { decodeData, encodeData } from '../../src/data/json/index.ts';
import type { HolderMeta } from '../../src/data/data-container.ts';
import { RestconfFailure } from '../../src/errors/index.ts';
import { formatUsers, hashPassword } from '../../src/server/auth/password-file.ts';
import { startServer } from './client-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'rxconf-connect-'));
const file = (name: string): string => join(dir, name);

/** A hostname write, a read back, one event: what every kind of request needs. */
const exercise = async (device: RemoteDevice, alarms: { next: (v: Record<string, unknown>) => void }): Promise<unknown> => {
  const t = device.resolve('/client-test:system');
  const input = decodeData({ hostname: 'secured' }, t.meta as HolderMeta, { strict: false, content: 'config', schema: device.schema });
  if (!input.ok) throw new Error('input');
  await commitEdit(device, t.browser, { steps: t.steps, operation: 'merge', input: input.value, context: {} });
  const leaf = device.resolve('/client-test:system/hostname');
  const body = await read([leaf.browser.root()], leaf.steps, { ...defaultReadOptions, strict: true });
  const alarm = device.resolve('/client-test:alarm');
  const event = firstValueFrom(notifications(alarm.browser, alarm.steps, {}));
  const timer = setInterval(() => alarms.next({ severity: 'minor', text: 'x' }), 100);
  try {
    return { read: body.kind === 'whole' ? body.text : '', event: encodeData((await event).data, { strict: true }) };
  } finally {
    clearInterval(timer);
  }
};

test('options are checked at run time, every problem named', async (t) => {
  const e = await t.throwsAsync(connect('http://127.0.0.1:9', { mode: 'loose', credentials: { user: 'a' }, timeoutMs: -1 } as never));
  t.true(e instanceof TypeError);
  t.regex(e?.message ?? '', /options\.mode: expected/);
  t.regex(e?.message ?? '', /options\.credentials: expected/);
  t.regex(e?.message ?? '', /options\.timeoutMs: expected/);
  await t.throwsAsync(connect('ftp://127.0.0.1/'), { instanceOf: TypeError });
});

test('HTTP Basic: refused without credentials, every request carries them with', async (t) => {
  writeFileSync(file('users'), formatUsers([{ name: 'ann', hash: await hashPassword('ann-secret-1', { ln: 10, r: 8, p: 1 }), groups: [] }]));
  const s = await startServer('http1', { auth: { basic: { usersFile: file('users') } } });
  try {
    const e = await t.throwsAsync(connect(s.url));
    t.true(e instanceof RestconfFailure);
    t.is((e as RestconfFailure).errors[0]?.tag, 'access-denied');
    t.is((e as RestconfFailure).errors[0]?.status, 401);
    const device = await connect(s.url, { credentials: { user: 'ann', password: 'ann-secret-1' } });
    t.deepEqual(await exercise(device, s.alarms), { read: '{"client-test:hostname":"secured"}', event: { severity: 'minor', text: 'x' } });
  } finally {
    await s.server.close();
  }
});

test('Bearer: a JWT is sent as the Authorization of every request; extra headers too', async (t) => {
  const keys = await generateKeyPair('ES256');
  writeFileSync(file('jwks.json'), JSON.stringify({ keys: [{ ...await exportJWK(keys.publicKey), alg: 'ES256', kid: 'k1' }] }));
  const token = await new SignJWT({ sub: 'carol' }).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).setIssuedAt().setExpirationTime('10m')
    .setAudience('rxconf').setIssuer('https://idp.example').sign(keys.privateKey);
  const seen: string[] = [];
  const s = await startServer('uws', {
    auth: { bearer: { jwksFile: file('jwks.json'), issuer: 'https://idp.example', audience: 'rxconf', algorithms: ['ES256'] } },
    filters: [(req: { headers: { get: (n: string) => string | undefined } }, ctx: unknown) => {
      seen.push(req.headers.get('x-trace') ?? '');
      return ctx;
    }],
  });
  try {
    await t.throwsAsync(connect(s.url, { credentials: { token: 'not.a.token' } }), { instanceOf: RestconfFailure });
    const device = await connect(s.url, { credentials: { token }, headers: { 'x-trace': 'client-test' } });
    t.deepEqual(await exercise(device, s.alarms), { read: '{"client-test:hostname":"secured"}', event: { severity: 'minor', text: 'x' } });
    t.true(seen.length > 0 && seen.every((h) => h === 'client-test' || h === ''), 'the header went with the requests');
    t.true(seen.includes('client-test'));
  } finally {
    await s.server.close();
  }
});

let haveOpenssl = true;
try {
  execFileSync('openssl', ['version'], { stdio: 'ignore' });
} catch {
  haveOpenssl = false;
  console.log('note: openssl not found (apt-get install openssl): the client TLS test is skipped');
}

(haveOpenssl ? test : test.skip)('TLS: the server\'s certificate is checked against the CA given; without it the connection is refused', async (t) => {
  const openssl = (...args: string[]): void => void execFileSync('openssl', args, { stdio: 'ignore' });
  openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2', '-subj', '/CN=client-test-ca', '-keyout', file('ca.key'), '-out', file('ca.crt'));
  openssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', '/CN=localhost', '-keyout', file('server.key'), '-out', file('server.csr'));
  writeFileSync(file('server.ext'), 'basicConstraints=CA:FALSE\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl('x509', '-req', '-in', file('server.csr'), '-CA', file('ca.crt'), '-CAkey', file('ca.key'), '-CAcreateserial', '-days', '2', '-extfile', file('server.ext'), '-out', file('server.crt'));
  const s = await startServer('http1', { tls: { key: readFileSync(file('server.key')), cert: readFileSync(file('server.crt')) } });
  try {
    t.true(s.url.startsWith('https://'));
    const refused = await t.throwsAsync(connect(s.url));
    t.true(refused instanceof TransportFailure, String(refused));
    const device = await connect(s.url, { ca: readFileSync(file('ca.crt')) });
    t.deepEqual(await exercise(device, s.alarms), { read: '{"client-test:hostname":"secured"}', event: { severity: 'minor', text: 'x' } });
  } finally {
    await s.server.close();
  }
});

test('the RESTCONF root is found by discovery (host-meta) when the URL has no path, or taken from it', async (t) => {
  const s = await startServer('http1');
  try {
    t.is((await connect(s.url)).url, `${s.url}/restconf`);
    t.is((await connect(`${s.url}/restconf/`)).url, `${s.url}/restconf`);
  } finally {
    await s.server.close();
  }
});
