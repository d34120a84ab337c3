/**
 * The changes stream of a replica comes from the commit log: edits taken by
 * two replicas at once reach a plain SSE subscriber of each, and both
 * subscribers receive the same events (target, operation, value, time) in
 * the same order.
 */
import { SseClient } from '../helpers/sse-client.ts';
import { natsTest, startNats, type NatsCluster } from './helpers/nats-server.ts';
import { send, startReplica, type Replica } from './helpers/replicas.ts';

let nats: NatsCluster | undefined;
const replicas: Replica[] = [];

natsTest.after.always(async () => {
  for (const r of replicas) await r.server.close();
  await nats?.stop();
});

interface Plain {
  readonly target: string;
  readonly operation: string;
  readonly value?: unknown;
}

natsTest('an edit on one replica reaches a changes subscriber on another, and both replicas send the same events in the same order', async (t) => {
  nats = await startNats();
  const a = await startReplica(nats.urls, { stream: 'CHANGES', replica: 'a' });
  const b = await startReplica(nats.urls, { stream: 'CHANGES', replica: 'b' });
  replicas.push(a, b);
  const onA = await SseClient.open(`${a.url}/restconf/streams/st-store/changes`);
  const onB = await SseClient.open(`${b.url}/restconf/streams/st-store/changes`);
  try {
    t.is(onA.status, 200);
    t.is(onB.status, 200);
    // one edit on A alone: B's subscriber sees it
    const first = await send(a.url, 'POST', 'st-store:', { 'st-store:entry': [{ id: 1, v: 'one' }] });
    t.is(first.status, 201);
    const [seen] = await onB.waitFor(1);
    t.like(JSON.parse(seen?.data ?? '{}') as Plain, { operation: 'create', target: '/st-store:entry=1' });
    // then both replicas take edits at once
    const posts: Promise<Response>[] = [];
    const puts: Promise<Response>[] = [];
    for (let i = 2; i <= 21; i++) {
      const [on, other] = i % 2 === 0 ? [a, b] : [b, a];
      posts.push(send(on.url, 'POST', 'st-store:', { 'st-store:entry': [{ id: i, v: `v${i}` }] }));
      puts.push(send(other.url, 'PUT', 'st-store:settings/name', { 'st-store:name': `n${i}` }));
    }
    t.deepEqual((await Promise.all(posts)).map((r) => r.status), Array.from({ length: 20 }, () => 201), 'every create is answered 201');
    t.true((await Promise.all(puts)).every((r) => r.status < 300 || r.status === 409), 'a PUT succeeds or is 409 in-use');
    const last = await send(b.url, 'DELETE', 'st-store:entry=1');
    t.is(last.status, 204);
    // every subscriber receives events until the deletion of entry 1, the last edit
    const untilLast = async (c: SseClient): Promise<Plain[]> => {
      for (;;) {
        const got = c.json() as Plain[];
        if (got.some((e) => e.operation === 'delete' && e.target === '/st-store:entry=1')) return got;
        await c.waitFor(got.length + 1);
      }
    };
    const eventsA = await untilLast(onA);
    const eventsB = await untilLast(onB);
    t.deepEqual(eventsA, eventsB, 'the same events in the same order on both replicas');
    for (let i = 1; i <= 21; i++) t.true(eventsB.some((e) => e.target === `/st-store:entry=${i}` && e.operation === 'create'), `entry ${i} created`);
    t.true(eventsB.some((e) => e.operation === 'merge' && e.target === '/st-store:settings/name'));
  } finally {
    onA.close();
    onB.close();
  }
});
