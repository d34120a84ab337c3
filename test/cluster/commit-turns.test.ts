/**
 * Replicas writing at once take turns: each replica's edits run in its turn
 * to commit, on a tree holding every commit before, so commits of
 * replicas writing at once follow each other instead of being refused and
 * made again. Three replicas on a real nats-server, clients on each editing
 * random entries of one list: every edit is acknowledged, hardly any
 * commit is refused, and the replicas end identical.
 */
import { natsTest, startNats } from './helpers/nats-server.ts';
import { send, startReplica, type Replica } from './helpers/replicas.ts';

const ENTRIES = 100;
const CLIENTS_PER_REPLICA = 6;
const EDITS = 25;

const clusterState = async (r: Replica): Promise<Record<string, string>> => {
  const got = await send(r.url, 'GET', 'rxconf-server:server/runtime/cluster');
  return (await got.json() as Record<string, Record<string, string>>)['rxconf-server:cluster'] as Record<string, string>;
};

natsTest('replicas writing at once commit in turns: every edit acknowledged, hardly any commit refused, replicas identical', async (t) => {
  t.timeout(180_000);
  const nats = await startNats();
  const replicas: Replica[] = [];
  try {
    for (let i = 0; i < 3; i++) replicas.push(await startReplica(nats.urls, { stream: 'TURNS', replica: `r${i}` }));
    const seeded = await send((replicas[0] as Replica).url, 'PATCH', 'st-store:', { 'st-store:entry': Array.from({ length: ENTRIES }, (_, id) => ({ id, v: 'seed' })) });
    t.is(seeded.status, 204);
    let seed = 7;
    const rnd = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const statuses = new Map<number, number>();
    let last = 0;
    await Promise.all(replicas.flatMap((r, k) => Array.from({ length: CLIENTS_PER_REPLICA }, async (_, c) => {
      for (let i = 0; i < EDITS; i++) {
        const id = Math.floor(rnd() * ENTRIES);
        const res = await send(r.url, 'PATCH', `st-store:entry=${id}`, { 'st-store:entry': [{ id, v: `r${k} c${c} #${i}` }] });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        last = Math.max(last, Number(res.headers.get('rxconf-sequence') ?? 0));
      }
    })));
    const edits = replicas.length * CLIENTS_PER_REPLICA * EDITS;
    t.deepEqual([...statuses], [[204, edits]], 'every edit acknowledged');
    const states = await Promise.all(replicas.map(clusterState));
    const conflicts = states.reduce((n, s) => n + Number(s.conflicts), 0);
    const retries = states.reduce((n, s) => n + Number(s.retries), 0);
    t.log(`${edits} edits on 3 replicas, last sequence ${last}: ${conflicts} commits refused, ${retries} edits made again`);
    // Racing without turns, most commits of replicas writing at once are refused (another replica's came first).
    t.true(retries <= edits / 20, `hardly any edit made again (${retries} of ${edits})`);
    const bodies = await Promise.all(replicas.map(async (r) => (await send(r.url, 'GET', 'st-store:', undefined, { 'rxconf-sequence': String(last) })).text()));
    t.is(bodies[1], bodies[0], 'replicas 0 and 1 hold the same data');
    t.is(bodies[2], bodies[0], 'replicas 0 and 2 hold the same data');
  } finally {
    for (const r of replicas) await r.server.close();
    await nats.stop();
  }
});
