/**
 * What the uWS build in use does with hostile request heads (the table in
 * docs/http.md, per build), asserted for each build: v20.5x answers a
 * malformed request line 505 and closes, serves up to 98 header fields and
 * answers 431 and closes from 99 on or for a head over the size limit (set
 * to node:http's, 16 KB), and hands an unknown method to the adapter, which
 * answers 501 and closes as node:http does; 20.30 answers none of the
 * malformed heads nor one of 49 or more header fields, and leaves the
 * connection to its idle time-out (its parser never hands them to the
 * application; nothing rxconf does can answer them).
 */
import test from 'ava';
import { connect } from 'node:net';
import { listenUws } from '../../../src/http/adapters/index.ts';
import { uwsNative, uwsStatus } from '../../../src/http/adapters/uws-native.ts';

const v205 = /@20\.(5|6|7|8|9)\d/.test(uwsStatus.package);

/** The first line the server sent and whether it closed, or `closed: false` when it did neither within `waitMs`. */
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
  s.write(raw, 'latin1');
});

const MALFORMED: readonly [string, string][] = [
  ['CONNECT host:22', 'CONNECT host:22 HTTP/1.1\r\nHost: host:22\r\n\r\n'],
  ['an HTTP/0.9 request line', 'GET /x\r\n'],
  ['the HTTP/2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'],
  ['GET *', 'GET * HTTP/1.1\r\nHost: a\r\n\r\n'],
  ['a NUL in the target', 'GET /a\0b HTTP/1.1\r\nHost: a\r\n\r\n'],
];

/** A GET with `count` header fields (Host first), each `X-Hn: ` and `width` bytes of value. */
const fields = (count: number, width = 1): string =>
  `GET /x HTTP/1.1\r\nHost: a\r\n${Array.from({ length: count - 1 }, (_, i) => `X-H${i}: ${'v'.repeat(width)}\r\n`).join('')}\r\n`;

const OK = 'HTTP/1.1 200 OK';
const NOTHING_OPEN = { first: '', closed: false };
const TOO_LARGE = { first: 'HTTP/1.1 431 Request Header Fields Too Large', closed: true };

(uwsNative ? test.serial : test.skip)(`hostile request heads on ${uwsStatus.package}`, async (t) => {
  const server = await listenUws((req) => ({ status: 200, headers: {}, body: `saw ${req.method}` }), { host: '127.0.0.1', port: 0 });
  try {
    for (const [name, raw] of MALFORMED) {
      const r = await probe(server.port, raw);
      t.log(`${name}: ${r.first === '' ? 'nothing sent' : r.first}, ${r.closed ? 'closed' : 'left open'}`);
      t.deepEqual(r, v205 ? { first: 'HTTP/1.1 505 HTTP Version Not Supported', closed: true } : NOTHING_OPEN, name);
    }
    const served = v205 ? 98 : 48;
    t.like(await probe(server.port, fields(served)), { first: OK, closed: false }, `${served} header fields are served`);
    const over = await probe(server.port, fields(served + 1));
    t.log(`${served + 1} header fields: ${over.first || 'nothing sent'}, ${over.closed ? 'closed' : 'left open'}`);
    t.deepEqual(over, v205 ? TOO_LARGE : NOTHING_OPEN, `${served + 1} header fields`);
    // a head of 10 KB in few fields (a long token or cookie): within node:http's 16 KB, served on both builds
    t.like(await probe(server.port, fields(5, 2500)), { first: OK }, 'a 10 KB head is served');
    if (v205) t.deepEqual(await probe(server.port, fields(5, 4500)), TOO_LARGE, 'a head over 16 KB is 431 and a close');
    const unknown = await probe(server.port, 'FOO /x HTTP/1.1\r\nHost: a\r\n\r\n');
    t.log(`unknown method FOO: ${unknown.first || 'nothing sent'}, ${unknown.closed ? 'closed' : 'left open'}`);
    if (v205) t.deepEqual(unknown, { first: 'HTTP/1.1 501 Not Implemented', closed: true }, 'an unknown method is 501 and a close, as on node:http');
    else t.deepEqual(unknown, { first: '', closed: true }, '20.30 closes on an unknown method');
  } finally {
    await server.close();
  }
});
