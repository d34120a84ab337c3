/**
 * Call Home on two replicas of one datastore: the client (a real Call Home
 * listener, certificates made by openssl) is dialled by one replica only,
 * the holder of the source lease, while the lease is renewed; the holder
 * killed with -9, the other replica claims the lease and dials.
 */
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { createServer as createTcpServer, connect as tcpConnect, type Server } from 'node:net';
import { listenCallHome, type CallHomeSession } from '../../src/server/call-home/call-home-listener.ts';
import { testCerts } from '../helpers/test-certs.ts';
import { serverCommand, startServe, type ServeProcess } from '../helpers/serve-process.ts';
import { natsTest, startNats, type NatsCluster } from './helpers/nats-server.ts';
import { fixtures } from './helpers/replicas.ts';

const certs = testCerts('rxconf-call-home-lease-');
if (!certs.available) console.log('note: openssl not found (apt-get install openssl): the Call Home lease test is skipped');
const chTest = certs.available ? natsTest : natsTest.skip;

let nats: NatsCluster | undefined;
natsTest.after.always(async () => nats?.stop());

/** A TCP relay in front of the client's listener that counts the connections made to it. */
const countingRelay = async (to: number): Promise<{ server: Server; port: number; count: () => number }> => {
  let count = 0;
  const server = createTcpServer((socket) => {
    count += 1;
    const onward = tcpConnect(to, '127.0.0.1');
    socket.pipe(onward).pipe(socket);
    socket.on('error', () => onward.destroy());
    onward.on('error', () => socket.destroy());
    socket.on('close', () => onward.destroy());
    onward.on('close', () => socket.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as { port: number }).port, count: () => count };
};

const replicaOf = async (session: CallHomeSession): Promise<string> => {
  const r = await session.request('/restconf/data/rxconf-server:server/runtime/cluster/replica', { headers: { accept: 'application/yang-data+json' } });
  return (JSON.parse(r.body) as { 'rxconf-server:replica': string })['rxconf-server:replica'];
};

chTest('a Call Home client is dialled by the lease holder only, and by the other replica once the holder is killed', async (t) => {
  t.timeout(90_000);
  certs.ca('ca');
  certs.signed('server', 'ca', 'localhost', 'IP:127.0.0.1,DNS:localhost');
  certs.signed('client', 'ca', 'nms');
  nats ??= await startNats();
  const client = await listenCallHome({ port: 0, key: certs.read('client.key'), cert: certs.read('client.crt'), ca: certs.read('ca.crt'), serverName: 'localhost' });
  const relay = await countingRelay(client.port);
  const nc = await connect({ servers: nats.urls });
  const command = await serverCommand();
  const replicas = new Map<string, ServeProcess>();
  try {
    for (const id of ['a', 'b']) {
      replicas.set(id, await startServe(command, {
        path: fixtures, modules: ['st-store'],
        args: ['--cluster', nats.urls, '--cluster-stream', 'CALLHOME', '--replica-id', id,
          '--tls-cert', certs.file('server.crt'), '--tls-key', certs.file('server.key'), '--tls-ca', certs.file('ca.crt'),
          '--call-home', `127.0.0.1:${relay.port}`],
      }));
    }
    const first = await client.next();
    const holder = await replicaOf(first);
    t.true(['a', 'b'].includes(holder));
    // three renewals of the lease later (every replica has looked at it meanwhile), still one connection
    const jsm = await jetstreamManager(nc);
    const lastRenewal = async (): Promise<number> => (await jsm.streams.info('CALLHOME_LEASE')).state.last_seq;
    const from = await lastRenewal();
    while (await lastRenewal() < from + 3) await new Promise((r) => setTimeout(r, 200));
    t.is(relay.count(), 1, 'one replica dialled the client, not both');
    // the holder dies: the other replica claims the lease and dials
    const killed = replicas.get(holder) as ServeProcess;
    killed.child.kill('SIGKILL');
    await killed.exited;
    await first.closed;
    const second = await client.next();
    const other = holder === 'a' ? 'b' : 'a';
    t.is(await replicaOf(second), other, 'the other replica called once the holder was gone');
    t.is(relay.count(), 2);
  } finally {
    for (const r of replicas.values()) {
      r.child.kill('SIGTERM');
      await r.exited;
    }
    await nc.close();
    relay.server.close();
    await client.close();
  }
});
