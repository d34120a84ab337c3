/**
 * Random hostile requests over the hl-load fixture, from a seeded generator
 * (a failure names its seed and index, so it can be sent again). Every write
 * carries at least one defect that must make the server refuse it (wrong
 * media type, malformed or invalid JSON, a bad path, an existing entry, an
 * oversized body...), so the datastore must be the same after any number of
 * them; reads and other methods are anything. Some requests are malformed
 * at the HTTP level (`kind: 'malformed'`): the transports' parsers refuse
 * them, and on uWS 20.30 some only with a close (docs/http.md).
 */

export interface FuzzRequest {
  readonly bytes: Buffer;
  /** `request`: well-formed HTTP, must get a status. `malformed`: a status or a close (see docs/http.md). */
  readonly kind: 'request' | 'malformed';
  readonly label: string;
}

/** mulberry32: small, seeded, good enough for picking. */
export const random = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** The entries that exist before the fuzz (POSTing one again is 409). */
export const SEEDED = Array.from({ length: 10 }, (_, i) => `a${i}`);

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

const READ_PATHS = [
  '/restconf', '/restconf/data', '/restconf/data/hl-load:', '/restconf/data/hl-load:things', '/restconf/data/hl-load:things/thing=a1',
  '/restconf/data/hl-load:things/thing=a1/text', '/restconf/data/hl-load:things/thing=a1/tag=x', '/restconf/data/hl-load:code',
  '/restconf/operations', '/restconf/yang-library-version', '/restconf/data/ietf-restconf-monitoring:restconf-state',
  '/restconf/data/ietf-yang-library:yang-library', '/restconf/data/rxconf-server:server/stats', '/.well-known/host-meta',
  '/restconf/schema/hl-load', '/restconf/schema/%E0%A4%A', '/restconf/schema/%zz', '/restconf/data/hl-load:things/thing=%',
  '/restconf/data/hl-load:things/thing=%C0%80', '/restconf/data/hl-load:thingz', '/restconf/data/nope:x', '/restconf/data/hl-load:things/thing=a,b',
  '/restconf/data/hl-load:things/thing', '/restconf/data/hl-load:code/deeper', '/restconf/data//hl-load:things', '/restconf/data/hl-load:things/thing=a1/..',
  '/restconf/data/hl-load:things/thing=a1/name', '/restconf/streams/hl-load/changes?filter=((', '/metrics', '/', '/restconf/operations/hl-load:nope',
  `/restconf/data/hl-load:things/thing=${'x'.repeat(3000)}`, '/restconf/data/hl-load:things/thing=a1%2Fb', '/restconf/data/%2e%2e/hl-load:things',
];

const QUERIES = [
  '', '', '', '?depth=1', '?depth=0', '?depth=abc', '?depth=65536', '?depth=1&depth=2', '?fields=thing(name)', '?fields=((', '?fields=thing(name;text)',
  '?content=config', '?content=bogus', '?with-defaults=trim', '?with-defaults=x', '?rx.range=thing!0-3', '?rx.range=!9-1', '?rx.max-node-count=0',
  '?rx.max-node-count=99999999999999999999', '?simplified', '?simplified=1', '?unknown=1', '?%zz', '?depth=%', '?filter=x', '?insert=first', '?point=x',
  `?fields=${'a/'.repeat(2000)}a`, '?depth=1&&&&', '?=', '?&',
];

const ACCEPTS = ['', 'application/yang-data+json', 'application/json', 'text/html', '*/*', 'application/*;q=0', 'text/event-stream', 'application/yang-data+xml', 'a'.repeat(5000)];

/** Bodies with a defect each (with the JSON media types, they are still refused). */
const badBodies = (r: () => number): { body: Buffer; type: string | undefined } => {
  const thing = (name: string, extra: Record<string, unknown> = {}) => ({ 'hl-load:thing': [{ name, text: 't', ...extra }] });
  const json = (v: unknown) => Buffer.from(JSON.stringify(v));
  const jsonTypes = ['application/yang-data+json', 'application/json', 'application/json; charset=utf-8'];
  const choices: (() => { body: Buffer; type: string | undefined })[] = [
    () => ({ body: json(thing('n1')), type: pick(r, [undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/yang-data+xml', '', ';', 'application/json+x']) }),
    () => ({ body: Buffer.from('{"hl-load:thing":[{"name":"n1"'), type: pick(r, jsonTypes) }),
    () => ({ body: Buffer.from('{"hl-load:thing":[{"name":"n1"}]} trailing'), type: pick(r, jsonTypes) }),
    () => ({ body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), type: pick(r, jsonTypes) }),
    () => ({ body: Buffer.from(`${'['.repeat(20_000)}${']'.repeat(20_000)}`), type: pick(r, jsonTypes) }),
    () => ({ body: Buffer.from(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`), type: pick(r, jsonTypes) }),
    () => ({ body: json({ 'hl-load:nope': 1 }), type: pick(r, jsonTypes) }),
    () => ({ body: json(thing('n1', { bogus: true })), type: pick(r, jsonTypes) }),
    () => ({ body: json({ 'hl-load:thing': [{ text: 'no key' }] }), type: pick(r, jsonTypes) }),
    () => ({ body: json(thing('n1', { tag: { not: 'a list' } })), type: pick(r, jsonTypes) }),
    () => ({ body: json(thing('n1', { text: 1e400 })), type: pick(r, jsonTypes) }),
    () => ({ body: json({ 'hl-load:code': `${'a'.repeat(40)}c` }), type: pick(r, jsonTypes) }),
    () => ({ body: json({ 'hl-load:things': { thing: [{ name: 'd' }, { name: 'd' }] } }), type: pick(r, jsonTypes) }),
    () => ({ body: Buffer.from('null'), type: pick(r, jsonTypes) }),
    () => ({ body: Buffer.from('"just a string"'), type: pick(r, jsonTypes) }),
    () => ({ body: json({ 'rxconf-server:server': { limits: { 'max-node-count': 1 } }, 'hl-load:nope': 1 }), type: pick(r, jsonTypes) }),
    () => ({ body: Buffer.alloc(70_000, 0x20), type: pick(r, jsonTypes) }),
    () => ({ body: json({ 'hl-load:thing': [{ name: pick(r, SEEDED), text: 'x' }], extra: 1 }), type: pick(r, jsonTypes) }),
  ];
  return pick(r, choices)();
};

/** A write whose defect is its target or method rather than its body. */
const badTargets = [
  { method: 'POST', path: '/restconf/data/hl-load:things', body: (name: string) => ({ 'hl-load:thing': [{ name, text: 'again' }] }) },
  { method: 'PUT', path: '/restconf/data/hl-load:things/thing=other', body: (name: string) => ({ 'hl-load:thing': [{ name, text: 'mismatch' }] }) },
  { method: 'PUT', path: '/restconf/data/hl-load:thingz', body: () => ({ 'hl-load:thingz': {} }) },
  { method: 'PATCH', path: '/restconf/data/hl-load:things/thing=%zz', body: () => ({ 'hl-load:thing': [{ name: 'x' }] }) },
  { method: 'PUT', path: '/restconf/data/hl-load:things/thing=a1?insert=after&point=nothing', body: () => ({ 'hl-load:thing': [{ name: 'a1' }] }) },
  { method: 'DELETE', path: '/restconf/data/hl-load:things/thing=a1/name', body: undefined },
  { method: 'DELETE', path: '/restconf/data/hl-load:thingz', body: undefined },
  { method: 'POST', path: '/restconf/operations/hl-load:nope', body: () => ({}) },
  { method: 'PUT', path: '/restconf/data/ietf-restconf-monitoring:restconf-state', body: () => ({ 'ietf-restconf-monitoring:restconf-state': {} }) },
  { method: 'PATCH', path: '/restconf/data/hl-load:guarded', body: () => ({ 'hl-load:guarded': { item: [{ id: 'not a number' }] } }) },
];

const head = (method: string, path: string, headers: readonly string[], body?: Buffer): Buffer => {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...headers];
  if (body !== undefined && !headers.some((h) => /^(content-length|transfer-encoding):/i.test(h))) lines.push(`Content-Length: ${body.byteLength}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body ?? Buffer.alloc(0)]);
};

const chunked = (body: Buffer, broken: boolean): Buffer =>
  Buffer.concat([Buffer.from(`${(broken ? body.byteLength + 7 : body.byteLength).toString(16)}\r\n`), body, Buffer.from(broken ? '\r\nzz\r\n\r\n' : '\r\n0\r\n\r\n')]);

const fields = (n: number): string[] => Array.from({ length: n }, (_, i) => `X-F${i}: ${i}`);

export const fuzzRequest = (r: () => number): FuzzRequest => {
  const roll = r();
  // Most requests accept JSON (or say nothing): a refused Accept (406) would end them before the rest is looked at.
  const accept = r() < 0.7 ? pick(r, ['', '', 'application/yang-data+json', 'application/json']) : pick(r, ACCEPTS);
  const acceptHeader = accept === '' ? [] : [`Accept: ${accept}`];
  if (roll < 0.4) {
    const method = pick(r, ['GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'GET']);
    const path = `${pick(r, READ_PATHS)}${pick(r, QUERIES)}`;
    return { bytes: head(method, path, acceptHeader), kind: 'request', label: `${method} ${path.slice(0, 120)}` };
  }
  if (roll < 0.7) {
    const method = pick(r, ['PUT', 'PATCH', 'POST']);
    const path = pick(r, ['/restconf/data', '/restconf/data/hl-load:', '/restconf/data/hl-load:things', '/restconf/data/hl-load:things/thing=n1', '/restconf/data/hl-load:code', '/restconf/operations/hl-load:nope']);
    const { body, type } = badBodies(r);
    const headers = [...acceptHeader, ...(type === undefined ? [] : [`Content-Type: ${type}`])];
    const useChunks = r() < 0.15;
    const broken = useChunks && r() < 0.5;
    const bytes = useChunks ? head(method, path, [...headers, 'Transfer-Encoding: chunked'], chunked(body, broken)) : head(method, path, headers, body);
    return { bytes, kind: broken ? 'malformed' : 'request', label: `${method} ${path} ${type ?? '(no type)'} ${body.subarray(0, 60).toString('latin1')}${useChunks ? (broken ? ' broken chunks' : ' chunked') : ''}` };
  }
  if (roll < 0.85) {
    const t = pick(r, badTargets);
    const body = t.body === undefined ? undefined : Buffer.from(JSON.stringify(t.body(pick(r, SEEDED))));
    return { bytes: head(t.method, t.path, [...acceptHeader, ...(body === undefined ? [] : ['Content-Type: application/yang-data+json'])], body), kind: 'request', label: `${t.method} ${t.path}` };
  }
  if (roll < 0.93) {
    // Methods RESTCONF does not have: known to HTTP parsers or not.
    const method = pick(r, ['PROPFIND', 'TRACE', 'CONNECT', 'MKCOL', 'XYS', 'get', 'BREW', 'M-SEARCH', 'PURGE']);
    const path = method === 'CONNECT' ? '127.0.0.1:1' : pick(r, READ_PATHS);
    return { bytes: head(method, path, acceptHeader), kind: ['TRACE'].includes(method) ? 'request' : 'malformed', label: `${method} ${path.slice(0, 80)}` };
  }
  const raw: readonly [string, Buffer][] = [
    ['no version', Buffer.from('GET /restconf\r\n\r\n')],
    ['HTTP/1.0', Buffer.from('GET /restconf HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n')],
    ['HTTP/2.0', Buffer.from('GET /restconf HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n')],
    ['HTTP/3.1', Buffer.from('GET /restconf HTTP/3.1\r\nHost: 127.0.0.1\r\n\r\n')],
    ['garbage', Buffer.from(Array.from({ length: 64 }, () => Math.floor(r() * 256)))],
    ['header without a colon', Buffer.from('GET /restconf HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon\r\n\r\n')],
    ['bad content-length', Buffer.from('POST /restconf/data HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ten\r\n\r\n')],
    ['two content-lengths', Buffer.from('POST /restconf/data HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}')],
    ['77 header fields', head('GET', '/restconf', fields(76))],
    ['a 20 KB header field', head('GET', '/restconf', [`X-Big: ${'a'.repeat(20_000)}`])],
    ['a space in the target', Buffer.from('GET /rest conf HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')],
    ['a NUL in a header', Buffer.from('GET /restconf HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: a\x00b\r\n\r\n')],
    ['bare LF lines', Buffer.from('GET /restconf HTTP/1.1\nHost: 127.0.0.1\n\n')],
  ];
  const [label, bytes] = pick(r, raw);
  return { bytes, kind: 'malformed', label };
};
