/**
 * `GET /` is the front door: 200 without credentials, pointing at the
 * RESTCONF root, root discovery, the OpenAPI document, and the explorer
 * and /metrics only where they are on; HTML to a browser, JSON to curl.
 * A write to `/` is 405 with an RFC 8040 error body.
 */
import test from 'ava';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../../src/server/create-server.ts';
import { formatUsers, hashPassword } from '../../src/server/auth/password-file.ts';

const examples = join(import.meta.dirname, '..', '..', 'examples');

const serve = async (t: { teardown: (f: () => unknown) => void }, extra: { explorer?: boolean; metrics?: false }): Promise<string> => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-front-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const usersFile = join(dir, 'users');
  writeFileSync(usersFile, formatUsers([{ name: 'alice', hash: await hashPassword('alice-secret-1', { ln: 10, r: 8, p: 1 }), groups: [] }]));
  const server = createServer({ searchPath: [examples], modules: ['hello'], host: '127.0.0.1', port: 0, logger: false, auth: { basic: { usersFile } }, ...extra });
  const { url } = await server.listen();
  t.teardown(() => server.close());
  return url;
};

test('GET / without credentials: 200, JSON naming where the API, the explorer and the metrics are; each link is served', async (t) => {
  const url = await serve(t, { explorer: true });
  const r = await fetch(`${url}/`);
  t.is(r.status, 200);
  t.is(r.headers.get('www-authenticate'), null, 'no password asked');
  t.regex(r.headers.get('content-type') ?? '', /^application\/json/);
  const links = (await r.json()) as Record<string, string>;
  t.deepEqual(links, { restconf: '/restconf', 'host-meta': '/.well-known/host-meta', openapi: '/restconf/openapi.json', explorer: '/explorer/', metrics: '/metrics' });
  const alice = { authorization: `Basic ${Buffer.from('alice:alice-secret-1').toString('base64')}` };
  for (const path of Object.values(links)) t.is((await fetch(`${url}${path}`, { headers: alice })).status, 200, path);
  t.is((await fetch(`${url}/restconf`)).status, 401, 'what the links serve still asks who you are');
});

test('GET / from a browser is an HTML page with the links; HEAD has no body; POST is 405', async (t) => {
  const url = await serve(t, { explorer: true });
  const r = await fetch(`${url}/`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
  t.is(r.status, 200);
  t.regex(r.headers.get('content-type') ?? '', /^text\/html/);
  const page = await r.text();
  t.regex(page, /<a href="\/restconf">/);
  t.regex(page, /<a href="\/explorer\/">/);
  t.regex(r.headers.get('content-security-policy') ?? '', /default-src 'none'/);
  const head = await fetch(`${url}/`, { method: 'HEAD' });
  t.is(head.status, 200);
  t.is(await head.text(), '');
  const post = await fetch(`${url}/`, { method: 'POST', body: '{}' });
  t.is(post.status, 405);
  t.is(post.headers.get('allow'), 'GET, HEAD');
  t.regex(await post.text(), /"error-tag":"operation-not-supported"/);
});

test('GET / names no explorer and no /metrics when they are off', async (t) => {
  const url = await serve(t, { metrics: false });
  const links = (await (await fetch(`${url}/`)).json()) as Record<string, string>;
  t.false('explorer' in links);
  t.false('metrics' in links);
  t.is(links['restconf'], '/restconf');
});
