/**
 * Concurrent writers on three replicas of one datastore: random creates,
 * deletes of what they created and create races on shared entries, on a
 * real nats-server (R1) and on a 3-node NATS cluster (R3 stream). At the
 * end every replica holds identical data, every acknowledged create not
 * deleted after is there exactly once, no acknowledged delete is undone,
 * and each raced entry had exactly one 201.
 */
import type { ExecutionContext } from 'ava';
import { natsTest, startNats, startNatsCluster, type NatsCluster } from './helpers/nats-server.ts';
import { send, startReplica, type Replica } from './helpers/replicas.ts';

const CLIENTS_PER_REPLICA = 4;
const OPS = 40;
const RACED = 15;

interface Outcome {
  readonly created: Set<number>;
  readonly deleted: Set<number>;
  readonly raced: Map<number, number>; // id -> 201s
  maxSeq: number;
}

const seqOf = (r: Response): number => Number(r.headers.get('rxconf-sequence') ?? 0);

const client = async (replica: Replica, c: number, out: Outcome, rnd: () => number): Promise<void> => {
  const mine: number[] = [];
  for (let i = 0; i < OPS; i++) {
    const p = rnd();
    if (p < 0.3 && i < RACED) {
      const id = 100_000 + i;
      const r = await send(replica.url, 'POST', 'st-store:', { 'st-store:entry': [{ id, v: `race by ${c}` }] });
      await r.arrayBuffer();
      if (r.status === 201) {
        out.raced.set(id, (out.raced.get(id) ?? 0) + 1);
        out.maxSeq = Math.max(out.maxSeq, seqOf(r));
      }
    } else if (p < 0.55 && mine.length > 0) {
      const id = mine.splice(Math.floor(rnd() * mine.length), 1)[0] as number;
      const r = await send(replica.url, 'DELETE', `st-store:entry=${id}`);
      await r.arrayBuffer();
      if (r.status === 204) {
        out.deleted.add(id);
        out.maxSeq = Math.max(out.maxSeq, seqOf(r));
      } else mine.push(id);
    } else {
      const id = c * 1000 + i;
      const r = await send(replica.url, 'POST', 'st-store:', { 'st-store:entry': [{ id, v: `by ${c}` }] });
      await r.arrayBuffer();
      if (r.status === 201) {
        out.created.add(id);
        mine.push(id);
        out.maxSeq = Math.max(out.maxSeq, seqOf(r));
      }
    }
  }
};

const seeded = (seed: number): (() => number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

const run = async (t: ExecutionContext, nats: NatsCluster, replicasOfStream: number, stream: string): Promise<void> => {
  const replicas: Replica[] = [];
  try {
    const urls = nats.urls.split(',');
    for (let i = 0; i < 3; i++) replicas.push(await startReplica(urls[i % urls.length] as string, { stream, replicas: replicasOfStream, replica: `r${i}` }));
    const out: Outcome = { created: new Set(), deleted: new Set(), raced: new Map(), maxSeq: 0 };
    const rnd = seeded(42);
    // Every raced id is tried by every client: all clients POST the same ids.
    const clients = replicas.flatMap((r, k) => Array.from({ length: CLIENTS_PER_REPLICA }, (_, j) => client(r, k * CLIENTS_PER_REPLICA + j + 1, out, seeded(Math.floor(rnd() * 1e9)))));
    await Promise.all(clients);
    const bodies: string[] = [];
    for (const r of replicas) {
      const got = await send(r.url, 'GET', 'st-store:', undefined, { 'rxconf-sequence': String(out.maxSeq) });
      t.is(got.status, 200);
      bodies.push(await got.text());
    }
    t.is(bodies[1], bodies[0], 'replicas 0 and 1 hold the same data');
    t.is(bodies[2], bodies[0], 'replicas 0 and 2 hold the same data');
    const entries = (JSON.parse(bodies[0] as string) as { 'st-store:entry'?: { id: number }[] })['st-store:entry'] ?? [];
    const ids = entries.map((e) => e.id);
    t.is(new Set(ids).size, ids.length, 'no entry twice');
    const held = new Set(ids);
    for (const id of out.created) if (!out.deleted.has(id)) t.true(held.has(id), `acknowledged create ${id} is present`);
    for (const id of out.deleted) t.false(held.has(id), `acknowledged delete ${id} is not undone`);
    for (const [id, n] of out.raced) t.is(n, 1, `raced entry ${id}: one 201`);
    for (const id of held) if (id >= 100_000) t.is(out.raced.get(id), 1, `raced entry ${id} present had its 201`);
    t.true(out.created.size > 0 && out.deleted.size > 0 && out.raced.size > 0, 'creates, deletes and races were acknowledged');
    t.log(`${out.created.size} creates, ${out.deleted.size} deletes, ${out.raced.size} raced entries won; last sequence ${out.maxSeq}`);
  } finally {
    for (const r of replicas) await r.server.close();
  }
};

natsTest('three replicas on one NATS server (R1): concurrent creates, deletes and create races end identical, nothing acknowledged lost', async (t) => {
  const nats = await startNats();
  try {
    await run(t, nats, 1, 'WRITERS1');
  } finally {
    await nats.stop();
  }
});

natsTest('three replicas on a 3-node NATS cluster (R3): concurrent creates, deletes and create races end identical, nothing acknowledged lost', async (t) => {
  const nats = await startNatsCluster();
  try {
    await run(t, nats, 3, 'WRITERS3');
  } finally {
    await nats.stop();
  }
});
