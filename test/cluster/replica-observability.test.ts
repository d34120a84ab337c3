/**
 * What operators see of a replica: rxconf-server:server/runtime/cluster
 * (replica id, state, applied sequence, lag, conflicts and retries) and the
 * same on /metrics (rxconf_cluster_* with the replica's id as label), on two
 * replicas of one real nats-server writing at once; NATS stopped, both say
 * the replica is disconnected.
 */
import { natsTest, startNats } from './helpers/nats-server.ts';
import { send, startReplica, type Replica } from './helpers/replicas.ts';

const clusterState = async (r: Replica): Promise<Record<string, string>> => {
  const got = await send(r.url, 'GET', 'rxconf-server:server/runtime/cluster');
  return (await got.json() as Record<string, Record<string, string>>)['rxconf-server:cluster'] as Record<string, string>;
};

/** The samples of /metrics, `name{labels}` to value. */
const metrics = async (r: Replica): Promise<Map<string, number>> => {
  const text = await (await fetch(`${r.url}/metrics`)).text();
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^(\S+) (\S+)$/.exec(line);
    if (m !== null) out.set(m[1] as string, Number(m[2]));
  }
  return out;
};

natsTest('a replica tells its id, state, applied sequence, lag, conflicts and retries in its runtime state and on /metrics', async (t) => {
  t.timeout(120_000);
  const nats = await startNats();
  const replicas: Replica[] = [];
  try {
    // without turns (commit-turns.ts), so that replicas writing at once race their commits
    for (let i = 0; i < 2; i++) replicas.push(await startReplica(nats.urls, { stream: 'OBSERVE', replica: `r${i}`, turns: false }));
    const [a, b] = replicas as [Replica, Replica];
    // Both replicas write at once until one of them had a commit refused (another replica committed first).
    let last = 0;
    let id = 0;
    for (let round = 0; round < 40; round++) {
      const answers = await Promise.all(Array.from({ length: 16 }, (_, k) => {
        id += 1;
        return send((k % 2 === 0 ? a : b).url, 'POST', 'st-store:', { 'st-store:entry': [{ id, v: `v${id}` }] });
      }));
      for (const r of answers) {
        t.is(r.status, 201);
        last = Math.max(last, Number(r.headers.get('rxconf-sequence')));
      }
      const [sa, sb] = [await clusterState(a), await clusterState(b)];
      if (Number(sa.retries) + Number(sb.retries) > 0) break;
    }
    // Both have applied everything (a read naming the last sequence waits for it).
    for (const r of replicas) t.is((await send(r.url, 'GET', 'st-store:', undefined, { 'rxconf-sequence': String(last) })).status, 200);
    const states = [await clusterState(a), await clusterState(b)];
    for (const [i, s] of states.entries()) {
      t.like(s, { replica: `r${i}`, state: 'connected', 'applied-sequence': String(last), lag: '0' });
    }
    const conflicts = states.reduce((n, s) => n + Number(s.conflicts), 0);
    const retries = states.reduce((n, s) => n + Number(s.retries), 0);
    t.true(conflicts > 0, 'commits were refused because the other replica committed first');
    t.true(retries >= conflicts, 'every refused publish sent at least one edit back to be made again');
    for (const [i, r] of replicas.entries()) {
      const m = await metrics(r);
      const s = states[i] as Record<string, string>;
      const label = `{replica="r${i}"}`;
      t.is(m.get(`rxconf_cluster_connected${label}`), 1);
      t.is(m.get(`rxconf_cluster_applied_sequence${label}`), last);
      t.is(m.get(`rxconf_cluster_lag${label}`), 0);
      t.is(m.get(`rxconf_cluster_conflicts_total${label}`), Number(s.conflicts));
      t.is(m.get(`rxconf_cluster_retries_total${label}`), Number(s.retries));
      t.is(m.get(`rxconf_cluster_commits_total${label}`), Number(s.commits));
    }
    await nats.nodes[0]?.stop();
    t.is((await send(a.url, 'POST', 'st-store:', { 'st-store:entry': [{ id: 999_999, v: 'refused' }] })).status, 503);
    t.like(await clusterState(a), { state: 'disconnected', unavailable: '1' });
    const m = await metrics(a);
    t.is(m.get('rxconf_cluster_connected{replica="r0"}'), 0);
    t.is(m.get('rxconf_cluster_unavailable_total{replica="r0"}'), 1);
  } finally {
    for (const r of replicas) await r.server.close();
    await nats.stop();
  }
});
