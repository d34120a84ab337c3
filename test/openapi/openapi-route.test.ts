/**
 * What a server's `GET /restconf/openapi.json` tells whom: the document is
 * read without credentials (a stock Swagger UI loads it), names the
 * server's authentication as `securitySchemes` (Basic, Bearer, mutual TLS),
 * its own URL as the request reached it in `servers`, and only what the
 * reader may read: a module or node access control hides from them is not
 * in their document. Wrong credentials are refused as anywhere.
 */
import test from 'ava';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatUsers, hashPassword } from '../../src/server/auth/password-file.ts';
import { createServer } from '../../src/server/create-server.ts';
import { serveDemo, serveShapes, DEMO_YANG } from './openapi-servers.ts';

type Doc = { servers: { url: string }[]; security: Record<string, string[]>[]; paths: Record<string, unknown>; components: { securitySchemes?: Record<string, { type: string; scheme?: string }>; schemas: Record<string, unknown> } };

test('behind Basic authentication the document is read without credentials and offers Basic; everything else still needs them', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-openapi-auth-'));
  const usersFile = join(dir, 'users');
  writeFileSync(usersFile, formatUsers([{ name: 'alice', hash: await hashPassword('alice-secret-1', { ln: 10, r: 8, p: 1 }), groups: [] }]));
  const server = createServer({ searchPath: [DEMO_YANG], modules: ['rxconf-demo'], host: '127.0.0.1', port: 0, logger: false, auth: { basic: { usersFile } } });
  const { url } = await server.listen();
  t.teardown(async () => { await server.close(); rmSync(dir, { recursive: true, force: true }); });
  const r = await fetch(`${url}/restconf/openapi.json`);
  t.is(r.status, 200);
  const doc = await r.json() as Doc;
  t.deepEqual(doc.components.securitySchemes, { basic: { type: 'http', scheme: 'basic', description: 'A user and password of the server\'s user file.' } });
  t.deepEqual(doc.security, [{ basic: [] }]);
  t.truthy(doc.paths['/restconf/data/rxconf-demo:sensors']);
  t.is((await fetch(`${url}/restconf/data/rxconf-demo:sensors`)).status, 401, 'data still needs credentials');
  t.is((await fetch(`${url}/restconf/openapi.json`, { headers: { authorization: `Basic ${btoa('alice:wrong')}` } })).status, 401, 'wrong credentials are refused here too');
  t.is((await fetch(`${url}/restconf/openapi.json`, { headers: { authorization: `Basic ${btoa('alice:alice-secret-1')}` } })).status, 200);
  t.is((await fetch(`${url}/restconf/openapi.json`, { method: 'DELETE' })).status, 401, 'only reading the document is open');
});

test('servers names the server as the client reached it: its Host, or what a trusted proxy forwards', async (t) => {
  const s = await serveDemo({ forwardedBy: ['127.0.0.1'] });
  t.teardown(() => s.close());
  const doc = await (await fetch(`${s.url}/restconf/openapi.json`)).json() as Doc;
  t.deepEqual(doc.servers, [{ url: s.url }]);
  const port = new URL(s.url).port;
  // fetch sets Host itself: node:http sends the one given
  const other = await new Promise<Doc>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/restconf/openapi.json', headers: { host: `localhost:${port}` } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c)).on('end', () => resolve(JSON.parse(text) as Doc));
    }).on('error', reject);
  });
  t.deepEqual(other.servers, [{ url: `http://localhost:${port}` }]);
  const proxied = await (await fetch(`${s.url}/restconf/openapi.json`, { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.example.com' } })).json() as Doc;
  t.deepEqual(proxied.servers, [{ url: 'https://api.example.com' }]);
});

test('under access control each reader gets the document of what they may read: no hidden module, node or NACM setting', async (t) => {
  const s = await serveShapes({ searchPath: [join(import.meta.dirname, '..', 'fixtures', 'yang', 'openapi'), DEMO_YANG], modules: ['openapi-shapes', 'rxconf-demo'] });
  t.teardown(() => s.close());
  const read = async (user?: string): Promise<string> => (await fetch(`${s.url}/restconf/openapi.json`, { headers: user === undefined ? {} : { 'x-remote-user': user } })).text();
  const admin = await read('admin');
  const operator = await read('operator');
  const nobody = await read();
  t.regex(admin, /openapi-shapes:library/);
  t.regex(admin, /ietf-netconf-acm:nacm/);
  t.regex(admin, /rxconf-demo:uptime/);
  t.notRegex(operator, /openapi-shapes/, 'a module denied to the reader is not named');
  t.notRegex(operator, /rxconf-demo:uptime|rxconf-demo\.uptime/, 'a node denied to the reader is not named');
  t.regex(operator, /rxconf-demo:sensors/);
  t.notRegex(operator, /ietf-netconf-acm:nacm|enable-nacm/, 'NACM\'s own settings are default-deny-all');
  t.notRegex(operator, /"put"|"patch"|"delete"/, 'no writes for a user who may write nothing');
  t.notRegex(nobody, /ietf-netconf-acm:nacm|enable-nacm/);
  t.regex(nobody, /rxconf-demo:uptime/, 'a request without credentials is a user with no groups: the defaults apply');
});
