/**
 * Every URL the server gives out starts with the request's scheme and host:
 * a created resource's Location (RFC 8040 §4.4.1 "the server MUST return a
 * Location header field for the new resource"), the stream locations of
 * restconf-state/streams (§9.3), the YANG library's schema URLs (RFC 8525
 * `location`), a dynamic subscription's URI (RFC 8650 §3.1). From a trusted
 * proxy (`forwardedBy`) its X-Forwarded-Proto/-Host or RFC 7239 Forwarded
 * say which; from anyone else they are ignored and the request's own Host
 * and the listener's scheme decide. Over real sockets, both transports.
 */
import test from 'ava';
import { request } from 'node:http';
import { join } from 'node:path';
import { createServer, type RxconfServer, type ServerOptions } from '../../src/server/create-server.ts';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'yang', 'server');
const M = 'sv-changes';

const serve = async (transport: 'uws' | 'http1', extra: Partial<ServerOptions> = {}): Promise<{ server: RxconfServer; url: string; port: number }> => {
  const server = createServer({
    searchPath: [fixtures], modules: [M, 'sv-streams', 'ietf-subscribed-notifications', 'ietf-restconf-subscribed-notifications'],
    features: ['ietf-subscribed-notifications:encode-json'],
    data: false, logger: false, port: 0, host: '127.0.0.1', transport, ...extra,
  });
  const { url } = await server.listen();
  return { server, url, port: Number(new URL(url).port) };
};

const json = { accept: 'application/yang-data+json', 'content-type': 'application/yang-data+json' };

/** node:http, not fetch: fetch may not set Host. */
const call = (url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; location: string | undefined; json: any }> =>
  new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location, json: text === '' ? undefined : JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });

/** Every URL a client is given, for the request headers given. */
const urlsGiven = async (url: string, extra: Record<string, string>, id: string): Promise<Record<string, string[]>> => {
  const headers = { ...json, ...extra };
  const post = await call(`${url}/restconf/data/${M}:box`, 'POST', headers, { [`${M}:item`]: [{ id }] });
  if (post.status !== 201) throw new Error(`POST: ${post.status}`);
  const put = await call(`${url}/restconf/data/${M}:box/item=${id}-put`, 'PUT', headers, { [`${M}:item`]: [{ id: `${id}-put` }] });
  const streams = (await call(`${url}/restconf/data/ietf-restconf-monitoring:restconf-state/streams`, 'GET', headers)).json;
  const library = (await call(`${url}/restconf/data/ietf-yang-library:yang-library`, 'GET', headers)).json;
  const subscription = (await call(`${url}/restconf/operations/ietf-subscribed-notifications:establish-subscription`, 'POST', headers,
    { 'ietf-subscribed-notifications:input': { stream: 'sv-streams:alarm' } })).json;
  return {
    location: [post.location ?? '', put.location ?? ''],
    streams: (streams['ietf-restconf-monitoring:streams'].stream as any[]).flatMap((s) => (s.access as any[]).map((a) => String(a.location))),
    schemas: (library['ietf-yang-library:yang-library']['module-set'] as any[]).flatMap((set) => (set.module as any[]).flatMap((m) => m.location as string[])),
    subscription: [String(subscription['ietf-subscribed-notifications:output']['ietf-restconf-subscribed-notifications:uri'])],
  };
};

const allStartWith = (urls: Record<string, string[]>, base: string): string[] =>
  Object.entries(urls).flatMap(([kind, list]) => (list.length === 0 ? [`${kind}: none`] : list.filter((u) => !u.startsWith(`${base}/restconf/`)).map((u) => `${kind}: ${u}`)));

for (const transport of ['uws', 'http1'] as const) {
  test.serial(`${transport}: without a proxy, every URL names the host the request named, not the listen address`, async (t) => {
    const s = await serve(transport);
    try {
      const urls = await urlsGiven(s.url, { host: `localhost:${s.port}` }, 'a');
      t.deepEqual(allStartWith(urls, `http://localhost:${s.port}`), []);
      t.is(urls['location']?.[0], `http://localhost:${s.port}/restconf/data/${M}:box/item=a`);
    } finally {
      await s.server.close();
    }
  });

  test.serial(`${transport}: from a trusted proxy, X-Forwarded-Proto/-Host or Forwarded name the scheme and host of every URL`, async (t) => {
    const s = await serve(transport, { forwardedBy: ['127.0.0.1'] });
    try {
      const x = await urlsGiven(s.url, { 'x-forwarded-for': '203.0.113.5', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'rc.example' }, 'x');
      t.deepEqual(allStartWith(x, 'https://rc.example'), []);
      t.is(x['location']?.[0], `https://rc.example/restconf/data/${M}:box/item=x`);
      const f = await urlsGiven(s.url, { forwarded: 'for="[2001:db8::5]:61000";proto=https;host="rc.example:8443"' }, 'f');
      t.deepEqual(allStartWith(f, 'https://rc.example:8443'), []);
    } finally {
      await s.server.close();
    }
  });

  test.serial(`${transport}: from a peer that is not a trusted proxy, forwarding headers are ignored`, async (t) => {
    const s = await serve(transport, { forwardedBy: ['10.9.9.9'] });
    try {
      const spoofed = await urlsGiven(s.url, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', forwarded: 'proto=https;host=evil.example' }, 's');
      t.deepEqual(allStartWith(spoofed, s.url), []);
    } finally {
      await s.server.close();
    }
  });
}
