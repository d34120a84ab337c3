/**
 * No commit a replica sends into the log is ever refused by JetStream: three
 * replicas racing creates of the same entries (conflicts among them are
 * certain) on a 3-node NATS cluster (R3 stream), while the test listens on
 * the commit subject itself and sees every message sent there. Each one
 * that names an expected last sequence must be stored right after it.
 * nats-server 2.9.10 checks that expectation only when each node applies
 * the message, and counts every refusal per node; those counts drift
 * between nodes killed and started again, and then nodes drop messages
 * their leader acknowledged (docs/cluster.md). So conflicts between
 * replicas must be settled before a message is sent.
 */
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { natsTest, startNatsCluster } from './helpers/nats-server.ts';
import { send, startReplica, type Replica } from './helpers/replicas.ts';

const STREAM = 'NEVERREFUSED';

natsTest('commits raced on three replicas are settled before they reach JetStream: every message sent with an expected sequence is stored right after it', async (t) => {
  t.timeout(180_000);
  const nats = await startNatsCluster();
  const replicas: Replica[] = [];
  const nc = await connect({ servers: nats.urls.split(',') });
  try {
    const sent: { id: string; expected: number }[] = [];
    const sub = nc.subscribe(`rxconf.${STREAM.toLowerCase()}.commit`, {
      callback: (_e, m) => {
        const expected = m.headers?.get('Nats-Expected-Last-Sequence');
        if (expected !== undefined && expected !== '') sent.push({ id: m.headers?.get('Nats-Msg-Id') ?? '', expected: Number(expected) });
      },
    });
    for (let i = 0; i < 3; i++) replicas.push(await startReplica(nats.urls, { stream: STREAM, replicas: 3, replica: `r${i}` }));
    let wins = 0;
    let refused = 0;
    // 20 entries, each created by 6 clients at once (2 per replica): one 201 each, the rest 409.
    for (let id = 1; id <= 20; id++) {
      const answers = await Promise.all(replicas.flatMap((r) => [0, 1].map(async () => {
        const res = await send(r.url, 'POST', 'st-store:', { 'st-store:entry': [{ id, v: `from ${r.url}` }] });
        await res.arrayBuffer();
        return res.status;
      })));
      wins += answers.filter((s) => s === 201).length;
      refused += answers.filter((s) => s === 409).length;
    }
    t.is(wins, 20, 'one 201 per raced entry');
    t.true(refused > 0, 'the races refused creates');
    await nc.flush();
    sub.unsubscribe();
    const jsm = await jetstreamManager(nc);
    const notStored: string[] = [];
    for (const s of sent) {
      const m = await jsm.streams.getMessage(STREAM, { seq: s.expected + 1 }).catch(() => null);
      if (m?.header?.get('Nats-Msg-Id') !== s.id) notStored.push(`${s.id} expected ${s.expected}: ${m?.header?.get('Nats-Msg-Id') ?? 'nothing'} there`);
    }
    t.true(sent.length >= 20, 'commits were sent');
    t.deepEqual(notStored, [], 'messages JetStream refused when applying them');
  } finally {
    for (const r of replicas) await r.server.close();
    await nc.close();
    await nats.stop();
  }
});
