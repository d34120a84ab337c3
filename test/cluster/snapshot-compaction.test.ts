/**
 * Snapshots and compaction on a real nats-server: the datastore written at
 * a sequence into JetStream and the log below it dropped, explicitly
 * (datastore.compact()) and every N commits; a replica started afterwards
 * loads the snapshot, replays the rest and holds the same data as the
 * others, and the running replicas go on.
 */
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { natsTest, startNats, type NatsCluster } from './helpers/nats-server.ts';
import { send, startReplica, type Replica } from './helpers/replicas.ts';

let nats: NatsCluster | undefined;
const running: Replica[] = [];

natsTest.after.always(async () => {
  for (const r of running.splice(0)) await r.server.close();
  await nats?.stop();
});

const replica = async (stream: string, id: string, snapshotEvery = 0): Promise<Replica> => {
  nats ??= await startNats();
  const r = await startReplica(nats.urls, { stream, replica: id, snapshotEvery });
  running.push(r);
  return r;
};

/** The commit log's first and last sequence and its message count. */
const logState = async (stream: string): Promise<{ first: number; last: number; messages: number }> => {
  const nc = await connect({ servers: (nats as NatsCluster).urls });
  try {
    const info = await (await jetstreamManager(nc)).streams.info(stream);
    return { first: info.state.first_seq, last: info.state.last_seq, messages: info.state.messages };
  } finally {
    await nc.close();
  }
};

/** A replica's whole st-store data once it has applied `seq`. */
const dataAt = async (r: Replica, seq: number): Promise<string> => {
  const got = await send(r.url, 'GET', 'st-store:', undefined, { 'rxconf-sequence': String(seq) });
  if (got.status !== 200) throw new Error(`${got.status} ${await got.text()}`);
  return got.text();
};

const sequenceOf = (r: Response): number => Number(r.headers.get('rxconf-sequence'));

natsTest('compact() snapshots the datastore and drops the log; a replica started afterwards holds the same data', async (t) => {
  const [a, b] = [await replica('SNAP', 'a'), await replica('SNAP', 'b')];
  let seq = 0;
  for (let id = 1; id <= 30; id++) seq = sequenceOf(await send((id % 2 === 0 ? a : b).url, 'POST', 'st-store:', { 'st-store:entry': [{ id, v: `v${id}` }] }));
  for (let id = 1; id <= 10; id++) seq = sequenceOf(await send(a.url, 'DELETE', `st-store:entry=${id}`));
  seq = sequenceOf(await send(b.url, 'PATCH', 'st-store:entry=20', { 'st-store:entry': [{ id: 20, v: 'patched' }] }));
  await dataAt(a, seq);
  await a.server.datastore.compact();
  const compacted = await logState('SNAP');
  t.is(compacted.messages, 0, 'the log up to the snapshot is dropped');
  t.is(compacted.last, seq);
  // Edits go on, on both replicas, after the compaction.
  for (let id = 31; id <= 35; id++) {
    const r = await send((id % 2 === 0 ? a : b).url, 'POST', 'st-store:', { 'st-store:entry': [{ id, v: `v${id}` }] });
    t.is(r.status, 201);
    seq = sequenceOf(r);
  }
  const c = await replica('SNAP', 'c');
  const expected = await dataAt(a, seq);
  t.is(await dataAt(c, seq), expected, 'the new replica: snapshot and the log after it');
  t.is(await dataAt(b, seq), expected);
  const ids = ((JSON.parse(expected) as { 'st-store:entry': { id: number; v: string }[] })['st-store:entry']).map((e) => e.id);
  t.deepEqual(ids, Array.from({ length: 25 }, (_, i) => i + 11));
  // The new replica takes edits too.
  const r = await send(c.url, 'POST', 'st-store:', { 'st-store:entry': [{ id: 36, v: 'from c' }] });
  t.is(r.status, 201);
  t.is((await send(a.url, 'GET', 'st-store:entry=36', undefined, { 'rxconf-sequence': String(sequenceOf(r)) })).status, 200);
});

natsTest('every N commits a snapshot is taken and the log below the one before dropped; a replica started afterwards holds the same data', async (t) => {
  const [a, b] = [await replica('AUTOSNAP', 'a', 10), await replica('AUTOSNAP', 'b', 10)];
  let seq = 0;
  const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => send((i % 2 === 0 ? a : b).url, 'POST', 'st-store:', { 'st-store:entry': [{ id: i + 1, v: `v${i + 1}` }] })));
  for (const r of answers) {
    t.is(r.status, 201);
    seq = Math.max(seq, sequenceOf(r));
  }
  for (let id = 1; id <= 40; id++) seq = sequenceOf(await send(b.url, 'DELETE', `st-store:entry=${id}`));
  await dataAt(a, seq);
  const state = await logState('AUTOSNAP');
  t.true(state.first > 1, `the log was compacted (first sequence ${state.first} of ${state.last})`);
  const c = await replica('AUTOSNAP', 'c', 10);
  const expected = await dataAt(a, seq);
  t.is(await dataAt(c, seq), expected);
  t.is(await dataAt(b, seq), expected);
  t.is(((JSON.parse(expected) as { 'st-store:entry': unknown[] })['st-store:entry']).length, 20);
});
