/**
 * TLS with client certificates made by openssl in the test: the user comes
 * from the certificate (cert-to-name by the CA's fingerprint, the subject's
 * CN); a certificate from another CA, or none, gets 401; a new server
 * certificate applies to new connections while an open event stream goes on.
 */
import test from 'ava';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request, type RequestOptions } from 'node:https';
import { join } from 'node:path';
import { Subject } from 'rxjs';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';
import { testCerts } from '../helpers/test-certs.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'create-server');
const certs = testCerts('rxconf-tls-');
const { file, ca, signed } = certs;
const haveOpenssl = certs.available;
if (!haveOpenssl) console.log('note: openssl not found (apt-get install openssl): the TLS tests are skipped');
const tlsTest = haveOpenssl ? test.serial : test.skip;

let server: RxconfServer;
let url = '';
const ticks = new Subject<{ n: number }>();

test.before(async () => {
  if (!haveOpenssl) return;
  ca('ca');
  ca('other-ca');
  signed('server', 'ca', 'localhost', 'IP:127.0.0.1,DNS:localhost');
  signed('server2', 'ca', 'localhost', 'IP:127.0.0.1,DNS:localhost');
  signed('erin', 'ca', 'erin');
  signed('mallory', 'other-ca', 'erin');
  const caFingerprint = new X509Certificate(readFileSync(file('ca.crt'))).fingerprint256;
  server = createServer({
    searchPath: [yang], modules: ['cs-hello'], host: '127.0.0.1', port: 0, logger: false,
    tls: { key: readFileSync(file('server.key')), cert: readFileSync(file('server.crt')), ca: readFileSync(file('ca.crt')) },
    auth: { certificates: { map: [{ fingerprint: caFingerprint, mapType: 'common-name', groups: ['ops'] }] } },
    app: (app) => {
      app.operation('cs-hello:whoami', ({ context }) => ({ user: context.user ?? '', group: [...(context.roles ?? [])] }));
      app.notification('cs-hello:tick', ticks);
    },
  });
  url = (await server.listen()).url;
});

test.after.always(async () => {
  await server?.close();
});

interface Answer { status: number; body: string; serverCert: string }

const send = (path: string, client: string | undefined, method = 'GET', agentless = true): Promise<Answer> => new Promise((resolve, reject) => {
  const options: RequestOptions = {
    method,
    ca: readFileSync(file('ca.crt')),
    ...(client === undefined ? {} : { key: readFileSync(file(`${client}.key`)), cert: readFileSync(file(`${client}.crt`)) }),
    ...(agentless ? { agent: false } : {}),
  };
  const req = request(`${url}${path}`, options, (res) => {
    let body = '';
    const serverCert = (res.socket as import('node:tls').TLSSocket).getPeerCertificate().fingerprint256;
    res.setEncoding('utf8');
    res.on('data', (c: string) => (body += c));
    res.on('end', () => resolve({ status: res.statusCode ?? 0, body, serverCert }));
  });
  req.on('error', reject);
  req.end();
});

tlsTest('a client certificate signed by the configured CA names the user; one from another CA, or none, gets 401', async (t) => {
  t.regex(url, /^https:\/\/127\.0\.0\.1:\d+$/);
  const erin = await send('/restconf/data/cs-hello:whoami', 'erin', 'POST');
  t.is(erin.status, 200);
  t.deepEqual(JSON.parse(erin.body), { user: 'erin', group: ['ops'] });
  const mallory = await send('/restconf/data/cs-hello:whoami', 'mallory', 'POST');
  t.is(mallory.status, 401, 'same CN, signed by another CA');
  t.is((await send('/restconf/data/cs-hello:whoami', undefined, 'POST')).status, 401, 'no certificate');
  const runtime = JSON.parse((await send('/restconf/data/rxconf-server:server/runtime', 'erin')).body) as { runtime: { transport: string } };
  t.is(runtime.runtime.transport, 'https');
});

tlsTest('a new certificate applies to new connections; an open event stream goes on', async (t) => {
  const first = await send('/restconf/data/cs-hello:settings', 'erin');
  const events: string[] = [];
  let ended = false;
  const stream = request(`${url}/restconf/data/cs-hello:tick`, {
    ca: readFileSync(file('ca.crt')), key: readFileSync(file('erin.key')), cert: readFileSync(file('erin.crt')), agent: false,
  }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (c: string) => events.push(c));
    res.on('end', () => (ended = true));
  });
  stream.end();
  while (!events.some((e) => e.includes('stream open'))) await new Promise((r) => setTimeout(r, 20));
  server.setTls({ key: readFileSync(file('server2.key')), cert: readFileSync(file('server2.crt')), ca: readFileSync(file('ca.crt')) });
  const second = await send('/restconf/data/cs-hello:settings', 'erin');
  t.is(second.status, 200);
  t.not(second.serverCert, first.serverCert, 'the new connection got the new certificate');
  t.is(second.serverCert, new X509Certificate(readFileSync(file('server2.crt'))).fingerprint256);
  ticks.next({ n: 7 });
  while (!events.some((e) => e.includes('"n":7'))) await new Promise((r) => setTimeout(r, 20));
  t.false(ended, 'the stream opened before the reload still delivers');
  stream.destroy();
});
