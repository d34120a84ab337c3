/**
 * Every commit names the commit it was validated on (its sequence and
 * transaction id). A replica that finds the next commit of the log built on
 * another commit than it applied there asks the stream which one it holds:
 * not this replica's, so the replica followed a history the stream does not
 * hold (what nats-server 2.9.10 served after leader kills,
 * docs/cluster.md) and loads the stream's again; this replica's, so the
 * stream itself holds the commit so and it is applied.
 */
import { connect, headers } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { natsTest, startNats } from './helpers/nats-server.ts';
import { entryIds, send, startReplica } from './helpers/replicas.ts';

const STREAM = 'HISTORY';
const SUBJECT = 'rxconf.history.commit';

const create = (id: number): Uint8Array =>
  new TextEncoder().encode(`[{"m":"st-store","o":[["c",["entry",[${id}]]],["w",["entry",[${id}],"v"],"other ${id}"]]}]`);

natsTest('a replica that applied a history the stream does not hold loads the stream\'s; a commit the stream holds on another is applied', async (t) => {
  const nats = await startNats();
  const replica = await startReplica(nats.urls, { stream: STREAM, replica: 'a' });
  const nc = await connect({ servers: nats.urls.split(',') });
  try {
    let last = 0;
    for (const id of [1, 2, 3]) {
      const r = await send(replica.url, 'POST', 'st-store:', { 'st-store:entry': [{ id, v: `mine ${id}` }] });
      t.is(r.status, 201);
      last = Number(r.headers.get('rxconf-sequence'));
    }
    t.deepEqual(await entryIds(replica.url, { 'rxconf-sequence': String(last) }), [1, 2, 3]);
    // The stream made again under the replica with another history up to the same sequence, then a commit on top of it.
    const jsm = await jetstreamManager(nc);
    const config = (await jsm.streams.info(STREAM)).config;
    await jsm.streams.delete(STREAM);
    await jsm.streams.add({ name: STREAM, subjects: [SUBJECT], num_replicas: 1, storage: StorageType.File, retention: RetentionPolicy.Limits, duplicate_window: config.duplicate_window });
    const js = jetstream(nc);
    const put = async (seq: number, prev: string | undefined): Promise<void> => {
      const h = headers();
      if (prev !== undefined) h.set('Rxconf-Prev', `${seq - 1} ${prev}`);
      const ack = await js.publish(SUBJECT, create(10 + seq), { msgID: `other-${seq}`, expect: { lastSequence: seq - 1 }, headers: h });
      t.is(ack.seq, seq);
    };
    const theirs: number[] = [];
    for (let seq = 1; seq <= last + 1; seq++) {
      await put(seq, seq === 1 ? undefined : `other-${seq - 1}`);
      theirs.push(10 + seq);
    }
    t.deepEqual(await entryIds(replica.url, { 'rxconf-sequence': String(last + 1) }), theirs, 'the stream\'s history, not the one applied before');
    t.regex(await (await fetch(`${replica.url}/metrics`)).text(), /^rxconf_cluster_history_reloads_total\{replica="a"\} 1$/m, 'the reload is counted');
    // A commit that names another commit before it than the stream holds there: the stream holds it so, it is applied.
    await put(last + 2, 'lost');
    t.deepEqual(await entryIds(replica.url, { 'rxconf-sequence': String(last + 2) }), [...theirs, 12 + last]);
    const r = await send(replica.url, 'POST', 'st-store:', { 'st-store:entry': [{ id: 1000, v: 'after' }] });
    t.is(r.status, 201, await r.text());
    // (after the sequencer's barrier: it learned the stream anew, docs/cluster.md)
    const seq = Number(r.headers.get('rxconf-sequence'));
    t.true(seq >= last + 3);
    const mine = await jsm.streams.getMessage(STREAM, { seq });
    const before = await jsm.streams.getMessage(STREAM, { seq: seq - 1 });
    t.is(mine?.header?.get('Rxconf-Prev'), `${seq - 1} ${before?.header?.get('Nats-Msg-Id') ?? ''}`, 'a commit names the one it was validated on');
    t.true(seq === last + 3 || before?.string() === '[]', 'a barrier (an empty commit) at most between them');
  } finally {
    await nc.close();
    await replica.server.close();
    await nats.stop();
  }
});
