/**
 * The sequencer (the replica with the lowest id alive) stopped gracefully
 * says bye: the next replica publishes the commits at once, so an edit on
 * another replica right after is acknowledged instead of answered 503
 * until the stopped one is counted gone (1.5 s without its hellos).
 */
import { natsTest, startNats } from './helpers/nats-server.ts';
import { send, startReplica, type Replica } from './helpers/replicas.ts';

natsTest('the sequencer stopped gracefully hands the commits on at once: an edit on another replica right after is acknowledged', async (t) => {
  t.timeout(60_000);
  const nats = await startNats();
  const replicas: Replica[] = [];
  try {
    for (let i = 0; i < 2; i++) replicas.push(await startReplica(nats.urls, { stream: 'HANDOVER', replica: `r${i}` }));
    const [r0, r1] = replicas as [Replica, Replica];
    t.is((await send(r1.url, 'POST', 'st-store:', { 'st-store:entry': [{ id: 1, v: 'through r0' }] })).status, 201);
    replicas.shift();
    await r0.server.close();
    await new Promise((r) => setTimeout(r, 100));
    const after = await send(r1.url, 'POST', 'st-store:', { 'st-store:entry': [{ id: 2, v: 'through r1' }] });
    t.is(after.status, 201, await after.text());
    const got = await send(r1.url, 'GET', 'st-store:entry=1', undefined, { 'rxconf-sequence': after.headers.get('rxconf-sequence') ?? '0' });
    t.is(got.status, 200, 'the commit made through the stopped sequencer is kept');
  } finally {
    for (const r of replicas) await r.server.close();
    await nats.stop();
  }
});
