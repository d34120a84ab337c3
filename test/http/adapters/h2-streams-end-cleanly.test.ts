/**
 * RFC 9113 §8.1: an answer ends with END_STREAM on its last frame. Small
 * answers sent while a large answer fills the same HTTP/2 connection must
 * end so too, never by RST_STREAM (not even NO_ERROR, which a client may
 * take as the answer cut short). Over a real socket, h2c and TLS, many
 * rounds, each stream's end read from the frames themselves.
 */
import test, { type ExecutionContext } from 'ava';
import { listenNode } from '../../../src/http/adapters/index.ts';
import type { Handler } from '../../../src/http/exchange.ts';
import { testCerts } from '../../helpers/test-certs.ts';
import { H2Frames, type StreamEnd } from './h2-frames.ts';

const BIG = 'x'.repeat(2 * 1024 * 1024);
const SMALL = JSON.stringify({ ok: true, pad: 'y'.repeat(200) });

const handler: Handler = async (req) => {
  await new Promise((r) => setImmediate(r));
  if (req.path === '/big') return { status: 200, headers: { 'content-type': 'text/plain' }, body: BIG };
  if (req.path === '/big-stream') {
    return { status: 200, headers: { 'content-type': 'text/plain' }, body: (async function* () {
      for (let i = 0; i < 32; i++) yield 'z'.repeat(64 * 1024);
    })() };
  }
  return { status: 200, headers: { 'content-type': 'application/json' }, body: SMALL };
};

const ROUNDS = process.env['RXCONF_SOAK'] === '1' ? 40 : 8;

const certs = testCerts('rxconf-h2-end-');
if (certs.available) {
  certs.ca('ca');
  certs.signed('server', 'ca', 'localhost', 'DNS:localhost,IP:127.0.0.1');
}

const rounds = async (t: ExecutionContext, open: () => Promise<H2Frames>): Promise<void> => {
  const bad: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const client = await open();
    try {
      const big = [client.get(round % 2 === 0 ? '/big' : '/big-stream')];
      const small: Promise<StreamEnd>[] = [];
      for (let i = 0; i < 12; i++) small.push(client.get(`/small?${i}`));
      // the client reads nothing for a moment: the answers queue up behind the large one
      client.stall(new Promise((r) => setTimeout(r, 50)));
      const ends = await Promise.all([...big, ...small]);
      ends.forEach((e, i) => {
        if (!e.endStream || e.rst !== undefined) bad.push(`round ${round} stream ${i}: ${JSON.stringify(e)}`);
      });
      t.is(ends[1]?.dataBytes, SMALL.length);
    } finally {
      client.close();
    }
  }
  t.deepEqual(bad, []);
};

test('h2c: small answers beside a large one on the same connection each end with END_STREAM, none with RST_STREAM', async (t) => {
  const server = await listenNode(handler, { host: '127.0.0.1', port: 0, http2: true });
  try {
    await rounds(t, () => H2Frames.open(server.port));
  } finally {
    await server.close();
  }
});

test('TLS h2: small answers beside a large one on the same connection each end with END_STREAM, none with RST_STREAM', async (t) => {
  if (!certs.available) {
    t.log('openssl not found: skipped');
    t.pass();
    return;
  }
  const server = await listenNode(handler, { host: '127.0.0.1', port: 0, tls: { key: certs.read('server.key'), cert: certs.read('server.crt') } });
  try {
    await rounds(t, () => H2Frames.open(server.port, certs.read('ca.crt')));
  } finally {
    await server.close();
  }
});
