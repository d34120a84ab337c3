/**
 * Every parse of client input answers an RFC 8040 error, never an untyped
 * 500, over a real socket on each transport: bad
 * percent-encoding in the YANG source download path (a URIError before),
 * in api-paths, operation paths, query parameters, filters and insert
 * points; bodies that are not UTF-8, nested too deep, or hold numbers out
 * of range. Paths are sent byte for byte (node:http), not normalised by a
 * URL parser.
 */
import test from 'ava';
import { request } from 'node:http';
import { join } from 'node:path';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'hostile');

interface Answer { readonly status: number; readonly type: string; readonly body: string }

const send = (port: number, method: string, path: string, body?: string | Buffer): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { 'content-type': 'application/yang-data+json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { text += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });

type Case = readonly [what: string, method: string, path: string, body: string | Buffer | undefined, status: number, tag: string];

const THINGS = '/restconf/data/hl-load:things';
const cases: readonly Case[] = [
  ['schema: truncated escape', 'GET', '/restconf/schema/hl-load%E0%A4%A', undefined, 400, 'invalid-value'],
  ['schema: lone %', 'GET', '/restconf/schema/%', undefined, 400, 'invalid-value'],
  ['schema: escapes that are not UTF-8', 'GET', '/restconf/schema/%C0%AF', undefined, 400, 'invalid-value'],
  ['schema: bad escape after the revision', 'GET', '/restconf/schema/hl-load@%ZZ', undefined, 400, 'invalid-value'],
  ['api-path: bad escape', 'GET', `${THINGS}%ZZ`, undefined, 400, 'invalid-value'],
  ['api-path: key not UTF-8', 'GET', `${THINGS}/thing=%C0%AF`, undefined, 400, 'invalid-value'],
  ['operation path: bad escape', 'POST', '/restconf/operations/%ZZ', '{}', 400, 'invalid-value'],
  ['query: bad escape in a value', 'GET', `${THINGS}?depth=%ZZ`, undefined, 400, 'invalid-value'],
  ['query: bad escape in a name', 'GET', `${THINGS}?%ZZ=1`, undefined, 400, 'invalid-value'],
  ['query: depth past every integer', 'GET', `${THINGS}?depth=99999999999999999999999`, undefined, 400, 'invalid-value'],
  ['stream filter: bad escape', 'GET', '/restconf/streams/hl-load/changes?filter=%ZZ', undefined, 400, 'invalid-value'],
  ['insert point: bad escape inside the decoded path', 'POST', `${THINGS}?insert=after&point=${encodeURIComponent('/hl-load:things/thing=%ZZ')}`, '{"hl-load:thing":[{"name":"p"}]}', 400, 'invalid-value'],
  ['body: not UTF-8', 'PATCH', THINGS, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), 400, 'malformed-message'],
  ['body: not JSON', 'PATCH', THINGS, '{"hl-load:things": {', 400, 'malformed-message'],
  ['body: nested 100,000 deep', 'PATCH', THINGS, `${'['.repeat(100_000)}${']'.repeat(100_000)}`, 413, 'too-big'],
  ['body: 1e400 for a uint32', 'PATCH', '/restconf/data/hl-load:guarded', '{"hl-load:guarded":{"item":[{"id":1e400}]}}', 400, 'invalid-value'],
  ['body: 1.5 for a uint32', 'PATCH', '/restconf/data/hl-load:guarded', '{"hl-load:guarded":{"item":[{"id":1.5}]}}', 400, 'invalid-value'],
  ['body: 10^26 for a uint32', 'PATCH', '/restconf/data/hl-load:guarded', '{"hl-load:guarded":{"item":[{"id":"99999999999999999999999999"}]}}', 400, 'invalid-value'],
];

for (const transport of ['uws', 'http1'] as const) {
  let server: RxconfServer;
  let port = 0;
  test.before(async () => {
    server = createServer({ searchPath: [yang], modules: ['hl-load'], host: '127.0.0.1', port: 0, data: false, logger: false, transport });
    ({ port } = await server.listen());
  });
  test.after.always(async () => {
    await server.close();
  });

  for (const [what, method, path, body, status, tag] of cases) {
    test.serial(`${transport}: ${what} → ${status} ${tag}`, async (t) => {
      const r = await send(port, method, path, body);
      t.is(r.status, status, r.body);
      t.regex(r.type, /json/);
      const errors = (JSON.parse(r.body) as Record<string, { error: { 'error-tag': string }[] }>);
      const [list] = Object.values(errors);
      t.is(list?.error[0]?.['error-tag'], tag);
    });
  }

  test.serial(`${transport}: the YANG source download still serves good references`, async (t) => {
    const r = await send(port, 'GET', '/restconf/schema/hl-load');
    t.is(r.status, 200);
    t.regex(r.body, /^module hl-load \{/);
    const head = await send(port, 'HEAD', '/restconf/schema/%ZZ');
    t.is(head.status, 400);
    t.is(head.body, '');
  });
}
