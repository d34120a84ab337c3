/**
 * What the uWS build in use does with hostile request heads (the table in
 * docs/http.md, per build): v20.5x answers a malformed request line 505 and
 * closes, serves 60 header lines, and hands an unknown method to the
 * adapter, which answers 501 and closes as node:http does; 20.30 answers none of the
 * malformed heads and leaves the connection to its idle time-out (logged
 * here, not asserted: it is that build's behaviour, said in the docs).
 */
import test from 'ava';
import { connect } from 'node:net';
import { listenUws } from '../../../src/http/adapters/index.ts';
import { uwsNative, uwsStatus } from '../../../src/http/adapters/uws-native.ts';

const v205 = /@20\.(5|6|7|8|9)\d/.test(uwsStatus.package);

/** The first line the server sent and whether it closed, or 'open' when it did neither within `waitMs`. */
const probe = (port: number, raw: string, waitMs = 1500): Promise<{ first: string; closed: boolean }> => new Promise((resolve) => {
  const s = connect(port, '127.0.0.1');
  let got = '';
  const timer = setTimeout(() => {
    s.destroy();
    resolve({ first: got.split('\r\n')[0] ?? '', closed: false });
  }, waitMs);
  s.on('data', (d: Buffer) => {
    got += d.toString('latin1');
  });
  s.on('close', () => {
    clearTimeout(timer);
    resolve({ first: got.split('\r\n')[0] ?? '', closed: true });
  });
  s.on('error', () => undefined);
  s.write(raw);
});

const MALFORMED: readonly [string, string][] = [
  ['CONNECT host:22', 'CONNECT host:22 HTTP/1.1\r\nHost: host:22\r\n\r\n'],
  ['an HTTP/0.9 request line', 'GET /x\r\n'],
  ['the HTTP/2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'],
  ['GET *', 'GET * HTTP/1.1\r\nHost: a\r\n\r\n'],
  ['a NUL in the target', 'GET /a\0b HTTP/1.1\r\nHost: a\r\n\r\n'],
];

(uwsNative ? test.serial : test.skip)(`hostile request heads on ${uwsStatus.package}`, async (t) => {
  const seen: string[] = [];
  const server = await listenUws((req) => ({ status: 200, headers: {}, body: `saw ${req.method}` }), { host: '127.0.0.1', port: 0 });
  try {
    for (const [name, raw] of MALFORMED) {
      const r = await probe(server.port, raw);
      t.log(`${name}: ${r.first === '' ? 'nothing sent' : r.first}, ${r.closed ? 'closed' : 'left open'}`);
      if (v205) t.deepEqual(r, { first: 'HTTP/1.1 505 HTTP Version Not Supported', closed: true }, name);
      seen.push(name);
    }
    const many = await probe(server.port, `GET /x HTTP/1.1\r\nHost: a\r\n${Array.from({ length: 60 }, (_, i) => `X-H${i}: v`).join('\r\n')}\r\n\r\n`);
    t.log(`60 header lines: ${many.first || 'nothing sent'}, ${many.closed ? 'closed' : 'left open'}`);
    if (v205) t.is(many.first, 'HTTP/1.1 200 OK', '60 header lines are served');
    const unknown = await probe(server.port, 'FOO /x HTTP/1.1\r\nHost: a\r\n\r\n');
    t.log(`unknown method FOO: ${unknown.first || 'nothing sent'}, ${unknown.closed ? 'closed' : 'left open'}`);
    if (v205) t.deepEqual(unknown, { first: 'HTTP/1.1 501 Not Implemented', closed: true }, 'an unknown method is 501 and a close, as on node:http');
    else t.deepEqual(unknown, { first: '', closed: true }, '20.30 closes on an unknown method');
  } finally {
    await server.close();
  }
  t.is(seen.length, MALFORMED.length);
});
