/**
 * Through a real nginx terminating TLS in front (Debian's /usr/sbin/nginx,
 * a throwaway certificate, the usual proxy_set_header lines), every URL the
 * server gives out is https://<the proxy's host>/...: RFC 8040 discovery
 * (/.well-known/host-meta's restconf link, resolved against the URL the
 * client used, leads to the API root), a POST's Location, the stream
 * locations of restconf-state, the YANG library's schema URLs (which then
 * download through the proxy). Skipped with a note without nginx or openssl.
 */
import test from 'ava';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { createServer as createTcpServer, connect } from 'node:net';
import { join } from 'node:path';
import { createServer } from '../../src/server/create-server.ts';
import { testCerts } from '../helpers/test-certs.ts';

const NGINX = '/usr/sbin/nginx';
const fixtures = join(import.meta.dirname, '..', 'fixtures', 'yang', 'server');
const M = 'sv-changes';

const freePort = (): Promise<number> => new Promise((resolve, reject) => {
  const s = createTcpServer();
  s.once('error', reject);
  s.listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});

const accepting = async (port: number, nginx: ChildProcess): Promise<void> => {
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited ${nginx.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => { s.destroy(); resolve(true); });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 20));
  }
};

const call = (port: number, ca: Buffer, method: string, path: string, body?: unknown): Promise<{ status: number; location: string | undefined; text: string }> =>
  new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1', port, servername: 'localhost', ca, method, path,
      headers: { host: `localhost:${port}`, accept: 'application/yang-data+json', ...(body === undefined ? {} : { 'content-type': 'application/yang-data+json' }) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });

test('behind nginx terminating TLS: discovery, Location, stream locations and YANG library URLs are https://<proxy host>/...', async (t) => {
  const certs = testCerts('rxconf-nginx-');
  if (!existsSync(NGINX) || !certs.available) {
    t.log(`${existsSync(NGINX) ? 'openssl' : NGINX} not found: skipped`);
    t.pass();
    return;
  }
  certs.ca('ca');
  certs.signed('proxy', 'ca', 'localhost', 'DNS:localhost,IP:127.0.0.1');
  const server = createServer({ searchPath: [fixtures], modules: [M, 'sv-streams'], data: false, logger: false, host: '127.0.0.1', port: 0, forwardedBy: ['127.0.0.1'] });
  const { url } = await server.listen();
  const port = await freePort();
  const dir = certs.file('nginx');
  mkdirSync(dir);
  writeFileSync(join(dir, 'nginx.conf'), `daemon off; master_process off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${certs.file('proxy.crt')}; ssl_certificate_key ${certs.file('proxy.key')};
    location / {
      proxy_pass ${url};
      proxy_http_version 1.1;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
    }
  }
}
`);
  const nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: 'ignore' });
  const ca = certs.read('ca.crt');
  const base = `https://localhost:${port}`;
  try {
    await accepting(port, nginx);
    const meta = await call(port, ca, 'GET', '/.well-known/host-meta');
    t.is(meta.status, 200);
    const href = /rel='restconf' href='([^']*)'/.exec(meta.text)?.[1] ?? '';
    const root = new URL(href, `${base}/.well-known/host-meta`);
    t.is(root.href, `${base}/restconf`);
    t.is((await call(port, ca, 'GET', root.pathname)).status, 200, 'the discovered root answers through the proxy');

    const post = await call(port, ca, 'POST', `/restconf/data/${M}:box`, { [`${M}:item`]: [{ id: 'n' }] });
    t.is(post.status, 201, post.text);
    t.is(post.location, `${base}/restconf/data/${M}:box/item=n`);

    const streams = JSON.parse((await call(port, ca, 'GET', '/restconf/data/ietf-restconf-monitoring:restconf-state/streams')).text);
    const locations = (streams['ietf-restconf-monitoring:streams'].stream as any[]).flatMap((s) => (s.access as any[]).map((a) => String(a.location)));
    t.true(locations.length > 0);
    t.deepEqual(locations.filter((l) => !l.startsWith(`${base}/restconf/`)), []);

    const library = JSON.parse((await call(port, ca, 'GET', '/restconf/data/ietf-yang-library:yang-library')).text);
    const schemas = (library['ietf-yang-library:yang-library']['module-set'] as any[]).flatMap((set) => (set.module as any[]).flatMap((m) => m.location as string[]));
    t.true(schemas.length > 0);
    t.deepEqual(schemas.filter((l) => !l.startsWith(`${base}/restconf/schema/`)), []);
    const source = await call(port, ca, 'GET', new URL(schemas.find((s) => s.includes(M)) ?? '').pathname);
    t.is(source.status, 200);
    t.true(source.text.includes(`module ${M}`));
  } finally {
    nginx.kill('SIGTERM');
    await new Promise((r) => (nginx.exitCode !== null ? r(undefined) : nginx.once('exit', r)));
    await server.close();
  }
});
