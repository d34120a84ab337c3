/** Open connections counted on every transport (`connections()`, for stats/connections). */
import test, { type ExecutionContext } from 'ava';
import { existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { listenNode, listenUws } from '../../../src/http/adapters/index.ts';
import type { CoreResponse } from '../../../src/http/exchange.ts';

const handler = (): CoreResponse => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'ok' });

/** A keep-alive connection that got one answer (so the server has surely accepted it). */
const answeredConnection = (port: number): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('error', reject);
    socket.once('data', () => resolve(socket));
    socket.write('GET / HTTP/1.1\r\nHost: a\r\n\r\n');
  });

/** Polls `read` until it gives `want` (connections close asynchronously), or 5 s pass. */
const eventually = async (read: () => number, want: number): Promise<number> => {
  const deadline = Date.now() + 5_000;
  let got = read();
  while (got !== want && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    got = read();
  }
  return got;
};

const counts = async (t: ExecutionContext, server: { port: number; connections(): number; close(): Promise<void> }): Promise<void> => {
  try {
    t.is(server.connections(), 0);
    const sockets = await Promise.all([1, 2, 3].map(() => answeredConnection(server.port)));
    t.is(await eventually(() => server.connections(), 3), 3);
    sockets[0]?.destroy();
    sockets[1]?.destroy();
    t.is(await eventually(() => server.connections(), 1), 1, 'closed connections are no longer counted');
    sockets[2]?.destroy();
    t.is(await eventually(() => server.connections(), 0), 0);
  } finally {
    await server.close();
  }
};

test('node:http/1.1 counts its open connections', async (t) => {
  await counts(t, await listenNode(handler, { host: '127.0.0.1', port: 0 }));
});

const kernelLists = existsSync('/proc/net/tcp');
(kernelLists ? test : test.skip)('uWS counts its open connections', async (t) => {
  await counts(t, await listenUws(handler, { host: '127.0.0.1', port: 0 }));
});
