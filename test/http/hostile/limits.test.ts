/**
 * Resource-limit probes: bodies over max-body-bytes
 * (declared and chunked), a read over max-node-count, JSON nested 100,000
 * deep, 1,500 query parameters, a 64 KB path, settings outside their
 * safe ranges, 300 idle connections held open: each refused with its RFC
 * 8040 error (never a truncated 200 or a 500), the server answering
 * meanwhile, the datastore as it was. Both transports.
 */
import test from 'ava';
import { connect, type Socket } from 'node:net';
import { available, errorLines, JSON_TYPE, snapshot, startHostile, TRANSPORTS } from './hostile-server.ts';
import { rawExchange } from './raw-exchange.ts';

const errorTag = (text: string): unknown => {
  const doc = JSON.parse(text) as Record<string, { error: { 'error-tag': string }[] }>;
  return (doc['ietf-restconf:errors'] ?? doc['errors'])?.error[0]?.['error-tag'];
};

const request = (method: string, path: string, headers: readonly string[], body?: Buffer): Buffer =>
  Buffer.concat([Buffer.from(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`, 'latin1'), body ?? Buffer.alloc(0)]);

for (const transport of TRANSPORTS) {
  test.serial(`${transport}: requests over the limits are refused with their error; the server answers meanwhile; nothing changes`, async (t) => {
    if (!available(transport)) return void t.pass(`${transport} is not available here`);
    const h = await startHostile(transport, { limits: { maxBodyBytes: 65_536, maxNodeCount: 1_000 } });
    const idle: Socket[] = [];
    try {
      const thing = Array.from({ length: 400 }, (_, i) => ({ name: `n${i}`, text: 't', tag: ['a', 'b'] }));
      t.is((await fetch(`${h.url}/restconf/data/hl-load:things`, { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify({ 'hl-load:things': { thing } }) })).status, 201);
      const before = await snapshot(h.url);

      // 300 idle connections (no bytes sent) do not keep others from being served.
      for (let i = 0; i < 300; i++) idle.push(connect(h.port, '127.0.0.1').on('error', () => undefined));
      await new Promise((r) => setTimeout(r, 200));
      t.is((await fetch(`${h.url}/restconf`)).status, 200, 'served beside 300 idle connections');

      const big = Buffer.from(JSON.stringify({ 'hl-load:thing': [{ name: 'big', text: 'x'.repeat(100_000) }] }));
      const declared = await fetch(`${h.url}/restconf/data/hl-load:things`, { method: 'POST', headers: JSON_TYPE, body: big });
      t.is(declared.status, 413);
      t.is(errorTag(await declared.text()), 'too-big');
      const chunked = await rawExchange(h.port, request('POST', '/restconf/data/hl-load:things', ['Content-Type: application/json', 'Transfer-Encoding: chunked'],
        Buffer.concat([Buffer.from(`${big.byteLength.toString(16)}\r\n`), big, Buffer.from('\r\n0\r\n\r\n')])));
      t.like(chunked, { kind: 'status', status: 413 }, 'a chunked body over the limit');

      // The read over max-node-count is refused before its status line: never a truncated 200.
      const over = await fetch(`${h.url}/restconf/data/hl-load:things`);
      t.is(over.status, 400);
      t.is(errorTag(await over.text()), 'too-big');

      // Nesting deeper than the parser's limit: refused as too big (or malformed), never a stack overflow.
      for (const [what, body] of [['arrays nested 30,000 deep', `${'['.repeat(30_000)}${']'.repeat(30_000)}`], ['objects nested 10,000 deep', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`]]) {
        const deep = await fetch(`${h.url}/restconf/data/hl-load:things`, { method: 'POST', headers: JSON_TYPE, body });
        const text = await deep.text();
        t.is(deep.status, 413, `${what}: ${deep.status} ${text.slice(0, 200)} (docs/errors.md: too-big, 413)`);
        t.true(['too-big', 'malformed-message'].includes(errorTag(text) as string), `${what}: ${text.slice(0, 200)}`);
      }

      const params = await fetch(`${h.url}/restconf/data/hl-load:things/thing=n1?${Array.from({ length: 1500 }, (_, i) => `p${i}=1`).join('&')}`);
      t.is(params.status, 400, '1,500 query parameters');
      t.is(errorTag(await params.text()), 'invalid-value');

      const longPath = await rawExchange(h.port, request('GET', `/restconf/data/hl-load:things/thing=${'x'.repeat(64 * 1024)}`, []));
      t.true(longPath.kind === 'status' && longPath.status >= 400 && longPath.status < 500, `a 64 KB path: ${JSON.stringify(longPath).slice(0, 200)}`);

      // Settings that would lock the operator out are outside their ranges.
      for (const [leaf, value] of [['max-node-count', 1], ['max-body-bytes', 4_294_967_295]] as const) {
        const r = await fetch(`${h.url}/restconf/data/rxconf-server:server/limits/${leaf}`, { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify({ [`rxconf-server:${leaf}`]: value }) });
        t.is(r.status, 400, `${leaf} = ${value}`);
      }
      t.is((await fetch(`${h.url}/restconf/data/hl-load:things/thing=n1/text`)).status, 200, 'still reading under the unchanged limits');

      t.is(await snapshot(h.url), before, 'the datastore is as it was');
      t.deepEqual(errorLines(h), []);
    } finally {
      for (const s of idle) s.destroy();
      await h.close();
    }
  });
}
