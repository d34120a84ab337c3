/**
 * RFC 8040 §5.5: "The server MUST include a 'Cache-Control' header field in
 * every response that specifies whether the response should be cached."
 * Over a real socket, on both transports: data, errors, OPTIONS, edits,
 * discovery, the YANG library and the server's own routes say `no-cache`;
 * the YANG sources of /restconf/schema may be kept an hour per user.
 */
import test from 'ava';
import { join } from 'node:path';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';

const fixtures = join(process.cwd(), 'test', 'fixtures', 'yang', 'server');
const M = 'sv-changes';

for (const transport of ['uws', 'http1'] as const) {
  test.serial(`${transport}: every answer carries Cache-Control`, async (t) => {
    const server: RxconfServer = createServer({ searchPath: [fixtures], modules: [M], data: false, logger: false, port: 0, host: '127.0.0.1', transport });
    const { url } = await server.listen();
    try {
      const answers: [string, string, Record<string, unknown>?][] = [
        ['GET', `/restconf/data/${M}:box`],
        ['PUT', `/restconf/data/${M}:box`, { box: { name: 'a' } }],
        ['GET', `/restconf/data/${M}:box/name`],
        ['GET', `/restconf/data/${M}:nothing`],
        ['GET', `/restconf/data/${M}:box?depth=0`],
        ['DELETE', `/restconf/data/${M}:box/tags=nope`],
        ['OPTIONS', `/restconf/data/${M}:box`],
        ['POST', '/restconf/data'],
        ['GET', '/restconf'],
        ['GET', '/.well-known/host-meta'],
        ['GET', '/restconf/data/ietf-yang-library:yang-library'],
        ['GET', '/restconf/yang-library-version'],
        ['GET', '/metrics'],
        ['GET', '/no/such/thing'],
      ];
      for (const [method, path, body] of answers) {
        const r = await fetch(`${url}${path}`, { method, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });
        await r.arrayBuffer();
        t.is(r.headers.get('cache-control'), 'no-cache', `${method} ${path} (${r.status})`);
      }
      const source = await fetch(`${url}/restconf/schema/${M}`);
      t.is(source.status, 200);
      t.is(source.headers.get('cache-control'), 'private, max-age=3600');
    } finally {
      await server.close();
    }
  });
}
