/**
 * Each request's remote address is its own connection's, over uWS, while
 * connections from one address and from several open and close: v20.5x
 * keeps the address every open connection shares (uws-peers.ts) instead of
 * asking the socket per request, and must never hand one client's address
 * to another's request. Clients on 127.0.0.1, 127.0.0.2 and 127.0.0.3 (all
 * loopback on Linux) to a server on 127.0.0.1.
 */
import test from 'ava';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { listenUws, type UwsServer } from '../../../src/http/adapters/index.ts';
import type { Handler } from '../../../src/http/exchange.ts';
import { UwsPeers } from '../../../src/http/adapters/uws-peers.ts';

const echoRemote: Handler = (req) => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: req.remoteAddress });
/** The same, answered after an event-loop turn (the address read outside the route handler). */
const echoRemoteLater: Handler = async (req) => {
  await sleep(1);
  return echoRemote(req);
};

interface Connection {
  /** One keep-alive GET: the body of its answer. */
  ask(): Promise<string>;
  close(): void;
}

const open = (port: number, from: string): Promise<Connection> => new Promise((resolve, reject) => {
  const socket: Socket = connect({ port, host: '127.0.0.1', localAddress: from });
  let buffered = '';
  let waiting: ((body: string) => void) | undefined;
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    const end = buffered.indexOf('\r\n\r\n');
    if (end < 0) return;
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(buffered.slice(0, end + 2))?.[1]);
    if (buffered.length < end + 4 + length) return;
    const body = buffered.slice(end + 4, end + 4 + length);
    buffered = buffered.slice(end + 4 + length);
    const w = waiting;
    waiting = undefined;
    w?.(body);
  });
  socket.once('error', reject);
  socket.once('connect', () => resolve({
    ask: () => new Promise((r) => {
      waiting = r;
      socket.write('GET / HTTP/1.1\r\nHost: a\r\n\r\n');
    }),
    close: () => socket.destroy(),
  }));
});

const noneOpen = async (server: UwsServer): Promise<void> => {
  for (let i = 0; i < 200 && server.connections() > 0; i++) await sleep(10);
};

for (const [name, handler] of [['in the route handler', echoRemote], ['after it', echoRemoteLater]] as const) {
  test(`uWS: each request reads its own connection's address (${name}), one client or several, as connections come and go`, async (t) => {
    const server = await listenUws(handler, { host: '127.0.0.1', port: 0 });
    try {
      const a = await open(server.port, '127.0.0.1');
      t.is(await a.ask(), '127.0.0.1');
      const a2 = await open(server.port, '127.0.0.1');
      t.is(await a2.ask(), '127.0.0.1');
      const b = await open(server.port, '127.0.0.2');
      t.is(await b.ask(), '127.0.0.2', 'a second address while the first is open');
      t.is(await a.ask(), '127.0.0.1');
      a.close();
      a2.close();
      t.is(await b.ask(), '127.0.0.2', 'the other address gone, this one still its own');
      b.close();
      await noneOpen(server);
      const c = await open(server.port, '127.0.0.3');
      t.is(await c.ask(), '127.0.0.3', 'a new client once none is open');
      const d = await open(server.port, '127.0.0.2');
      t.is(await d.ask(), '127.0.0.2');
      t.is(await c.ask(), '127.0.0.3');
      c.close();
      d.close();
    } finally {
      await server.close();
    }
  });
}

/** A stand-in for uWS's `res` as `app.filter` hands it: only its address. */
const from = (address: string): Parameters<UwsPeers['filter']>[0] => {
  const bytes = address === '' ? [] : address.split('.').map(Number);
  return { getRemoteAddress: () => new Uint8Array(bytes).buffer } as unknown as Parameters<UwsPeers['filter']>[0];
};

test('uWS peers: the shared address holds only while every open connection came from it; a close never seen opened makes it unknown for good', (t) => {
  const peers = new UwsPeers();
  t.is(peers.address, undefined, 'nothing open');
  peers.filter(from('10.0.0.1'), 1);
  peers.filter(from('10.0.0.1'), 1);
  t.is(peers.address, '10.0.0.1');
  peers.filter(from('10.0.0.2'), 1);
  t.is(peers.address, undefined, 'two addresses open');
  peers.filter(from(''), -1);
  peers.filter(from(''), -1);
  t.is(peers.address, undefined, 'still one open, which one is not known');
  peers.filter(from(''), -1);
  t.is(peers.open, 0);
  peers.filter(from('10.0.0.2'), 1);
  t.is(peers.address, '10.0.0.2', 'known again once none was open');
  peers.filter(from(''), -1);
  peers.filter(from('10.0.0.3'), 1);
  peers.filter(from(''), 1);
  t.is(peers.address, undefined, 'an address that cannot be read is not taken for the shared one');
  peers.filter(from(''), -1);
  peers.filter(from(''), -1);
  peers.filter(from(''), -1);
  peers.filter(from('10.0.0.4'), 1);
  t.is(peers.address, undefined, 'after a close without its open');
});
