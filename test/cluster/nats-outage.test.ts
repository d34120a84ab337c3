/**
 * NATS stopped under running replicas: edits are refused with 503
 * resource-denied and Retry-After, reads are served from local state; NATS
 * started again: edits are taken again without restarting the replicas, and
 * what one commits is read on the other.
 */
import { natsTest, startNats } from './helpers/nats-server.ts';
import { send, startReplica, type Replica } from './helpers/replicas.ts';

const until = async (f: () => Promise<boolean>, ms: number): Promise<boolean> => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await f()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
};

/** rxconf-server:server/runtime/cluster of a replica. */
const stateOf = async (r: Replica): Promise<Record<string, unknown>> => {
  const got = await send(r.url, 'GET', 'rxconf-server:server/runtime/cluster');
  return (await got.json() as Record<string, Record<string, unknown>>)['rxconf-server:cluster'] as Record<string, unknown>;
};

natsTest('NATS down: edits 503 with Retry-After, reads served; NATS back: edits resume without a restart', async (t) => {
  const nats = await startNats();
  const node = nats.nodes[0];
  const replicas: Replica[] = [];
  try {
    for (let i = 0; i < 2; i++) replicas.push(await startReplica(nats.urls, { stream: 'OUTAGE', replica: `r${i}` }));
    const [a, b] = replicas as [Replica, Replica];
    t.is((await send(a.url, 'POST', 'st-store:', { 'st-store:entry': [{ id: 1, v: 'before' }] })).status, 201);
    await node?.stop();
    const refused = await send(a.url, 'POST', 'st-store:', { 'st-store:entry': [{ id: 2, v: 'during' }] });
    t.is(refused.status, 503);
    t.is(refused.headers.get('retry-after'), '1');
    const body = await refused.json() as { 'ietf-restconf:errors': { error: { 'error-tag': string }[] } };
    t.is(body['ietf-restconf:errors'].error[0]?.['error-tag'], 'resource-denied');
    for (const r of replicas) {
      const read = await send(r.url, 'GET', 'st-store:entry=1');
      t.is(read.status, 200, 'reads are served from local state');
    }
    t.is((await send(b.url, 'GET', 'st-store:entry=2')).status, 404, 'the refused edit left nothing');
    t.like(await stateOf(a), { state: 'disconnected', replica: 'r0' }, 'the runtime state says NATS is unreachable');
    t.true(Number((await stateOf(a)).unavailable) >= 1, 'and counts the refused edit');
    t.is((await send(a.url, 'GET', 'st-store:entry=2')).status, 404, 'the refused edit was undone where it was made');
    await node?.start();
    const back = await until(async () => {
      const r = await send(a.url, 'POST', 'st-store:', { 'st-store:entry': [{ id: 3, v: 'after' }] });
      await r.arrayBuffer();
      return r.status === 201;
    }, 15_000);
    t.true(back, 'edits are taken again once NATS is back');
    // each replica reconnects by itself, in its own time
    let r = await send(b.url, 'PATCH', 'st-store:entry=1', { 'st-store:entry': [{ id: 1, v: 'patched after' }] });
    await until(async () => {
      if (r.status !== 503) return true;
      await r.arrayBuffer();
      r = await send(b.url, 'PATCH', 'st-store:entry=1', { 'st-store:entry': [{ id: 1, v: 'patched after' }] });
      return r.status !== 503;
    }, 15_000);
    t.is(r.status, 204, 'the other replica takes edits again too');
    const seq = r.headers.get('rxconf-sequence') as string;
    const read = await send(a.url, 'GET', 'st-store:entry=1', undefined, { 'rxconf-sequence': seq });
    t.deepEqual(await read.json(), { 'st-store:entry': [{ id: 1, v: 'patched after' }] });
    t.deepEqual(await (await send(b.url, 'GET', 'st-store:entry=3', undefined, { 'rxconf-sequence': seq })).json(), { 'st-store:entry': [{ id: 3, v: 'after' }] });
    const state = await stateOf(a);
    t.is(state.state, 'connected');
    t.true(Number(state['applied-sequence']) >= Number(seq), 'the runtime state names the applied sequence');
  } finally {
    for (const r of replicas) await r.server.close();
    await nats.stop();
  }
});
