/**
 * A replica starting while NATS is unreachable: it holds no data of its
 * own, so it does not serve. listen() waits for NATS up to the start
 * time-out, then fails naming the servers (rxconf serve exits 1 saying so);
 * NATS coming within the wait, it starts and serves the stream's data.
 */
import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../../src/server/create-server.ts';
import { serverCommand, startServe } from '../helpers/serve-process.ts';
import { freePort, NatsNode, natsTest } from './helpers/nats-server.ts';
import { fixtures, send, startReplica } from './helpers/replicas.ts';

const replicaOn = (url: string, startTimeoutMs: number) => createServer({
  searchPath: [fixtures],
  modules: ['st-store'],
  data: false,
  host: '127.0.0.1',
  port: 0,
  logger: false,
  cluster: { servers: [url], stream: 'STARTUP', startTimeoutMs },
});

test('listen() fails after the start time-out naming the NATS servers when none answers', async (t) => {
  t.timeout(30_000);
  const url = `nats://127.0.0.1:${await freePort()}`;
  const server = replicaOn(url, 1_000);
  const error = await t.throwsAsync(server.listen());
  t.true(error?.message.includes(url), error?.message);
  t.regex(error?.message ?? '', /did not answer within 1 s/);
  await server.close();
});

test('rxconf serve --cluster exits 1 naming the servers when NATS does not answer within --cluster-wait', async (t) => {
  t.timeout(60_000);
  const url = `nats://127.0.0.1:${await freePort()}`;
  const error = await t.throwsAsync(startServe(await serverCommand(), { path: fixtures, modules: ['st-store'], args: ['--cluster', url, '--cluster-wait', '1'] }));
  t.regex(error?.message ?? '', /rxconf serve: the cluster's NATS \(nats:\/\/127\.0\.0\.1:\d+\) did not answer within 1 s/);
  t.true(error?.message.includes(url), error?.message);
});

natsTest('a replica started before NATS starts once NATS answers within the wait, with the stream\'s data', async (t) => {
  t.timeout(60_000);
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-nats-late-'));
  const node = new NatsNode(await freePort(), dir);
  const late = replicaOn(node.url, 30_000);
  try {
    let listened = false;
    const listening = late.listen().then((a) => {
      listened = true;
      return a;
    });
    await new Promise((r) => setTimeout(r, 700));
    t.false(listened, 'no answer before NATS is there');
    await node.start();
    // Another replica commits once NATS is up; the late one serves it once started.
    const other = await startReplica(node.url, { stream: 'STARTUP' });
    try {
      const r = await send(other.url, 'POST', 'st-store:', { 'st-store:entry': [{ id: 1, v: 'first' }] });
      t.is(r.status, 201);
      const address = await listening;
      const read = await send(address.url, 'GET', 'st-store:entry=1', undefined, { 'rxconf-sequence': r.headers.get('rxconf-sequence') as string });
      t.deepEqual(await read.json(), { 'st-store:entry': [{ id: 1, v: 'first' }] });
    } finally {
      await other.server.close();
    }
  } finally {
    await late.close();
    await node.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
