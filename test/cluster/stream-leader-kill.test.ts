/**
 * The NATS node leading the commit log's stream killed with SIGKILL during
 * writes on three replicas (a 3-node NATS cluster, R3 stream): the node
 * named by the stream info's `cluster.leader` is killed, writes go on once
 * another node leads, the killed node is started again and, once every
 * replica of the stream is current, the next leader is killed. 3 kills in a
 * plain npm test, 20 with RXCONF_SOAK=1 (RXCONF_CLUSTER_KILLS: another
 * count). At the end every replica holds the same data, every acknowledged
 * create (not deleted after) is there and no acknowledged delete is undone.
 * How long writes took to resume after each kill is logged, not asserted.
 * Every replica traces the log it applies (RXCONF_CLUSTER_TRACE); should
 * they end different, the test prints where (helpers/stream-leader-kill-diagnosis.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { natsTest, startNatsCluster } from './helpers/nats-server.ts';
import { diagnoseDivergence } from './helpers/stream-leader-kill-diagnosis.ts';
import { send, startReplica, type Replica } from './helpers/replicas.ts';
import { watchStream, type StreamWatch } from './helpers/stream-leader.ts';

const SOAK = process.env.RXCONF_SOAK === '1';
const KILLS = Number(process.env.RXCONF_CLUSTER_KILLS ?? (SOAK ? 20 : 3));
const STREAM = 'LEADERKILL';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

natsTest('the stream leader killed with SIGKILL during writes on three replicas: writes resume, nothing acknowledged is lost, all end identical', async (t) => {
  t.timeout(SOAK ? 900_000 : 240_000);
  const nats = await startNatsCluster();
  const traces = mkdtempSync(join(tmpdir(), 'rxconf-leader-kill-'));
  process.env.RXCONF_CLUSTER_TRACE = traces;
  let keepTraces = false;
  const replicas: Replica[] = [];
  let watch: StreamWatch | undefined;
  let stop = false;
  try {
    watch = await watchStream(nats, STREAM);
    for (let i = 0; i < 3; i++) replicas.push(await startReplica(nats.urls, { stream: STREAM, replicas: 3, replica: `r${i}` }));
    const created = new Set<number>();
    const deleted = new Set<number>();
    // Deletes answered 5xx (the outcome of their publish unknown) or not answered: committed or not.
    const unsure = new Set<number>();
    /** When each acknowledged edit was sent, when acknowledged. */
    const acks: { sent: number; at: number; k: number }[] = [];
    let maxSeq = 0;
    let next = 1;
    const history = new Map<number, string[]>();
    const note = (id: number, what: string): void => {
      history.set(id, [...history.get(id) ?? [], what]);
    };
    const client = async (replica: Replica, c: number, k: number): Promise<void> => {
      const mine: number[] = [];
      for (let i = 0; !stop; i++) {
        const sent = Date.now();
        try {
          if (mine.length > 2 && i % 3 === 0) {
            const id = mine.shift() as number;
            const r = await send(replica.url, 'DELETE', `st-store:entry=${id}`).catch((e: unknown) => {
              // not answered: committed or not
              unsure.add(id);
              note(id, `DELETE r${k} threw ${String(e)}`);
              throw e;
            });
            const body = await r.text();
            note(id, `DELETE r${k} ${r.status} ${r.headers.get('rxconf-sequence')} ${body.slice(0, 200)}`);
            if (r.status === 204) {
              deleted.add(id);
              acks.push({ sent, at: Date.now(), k });
              maxSeq = Math.max(maxSeq, Number(r.headers.get('rxconf-sequence')));
            } else if (r.status >= 500) {
              unsure.add(id);
              await sleep(100);
            } else if (r.status !== 404) mine.unshift(id);
          } else {
            const id = next++;
            const r = await send(replica.url, 'POST', 'st-store:', { 'st-store:entry': [{ id, v: `by ${c}` }] }).catch((e: unknown) => {
              note(id, `POST r${k} threw ${String(e)}`);
              throw e;
            });
            const body = await r.text();
            note(id, `POST r${k} ${r.status} ${r.headers.get('rxconf-sequence')} ${body.slice(0, 200)}`);
            if (r.status === 201) {
              created.add(id);
              mine.push(id);
              acks.push({ sent, at: Date.now(), k });
              maxSeq = Math.max(maxSeq, Number(r.headers.get('rxconf-sequence')));
            } else if (r.status >= 500) await sleep(100);
          }
        } catch {
          await sleep(100);
        }
      }
    };
    const clients = replicas.flatMap((r, k) => [0, 1, 2].map((j) => client(r, k * 3 + j, k)));
    const resumed: number[] = [];
    /** How long after each kill NATS had elected another stream leader (writes cannot resume before). */
    const elections: number[] = [];
    const kills: number[] = [];
    /**
     * The stream's leader once every replica is current. nats-server 2.9.10 sometimes leaves a restarted node's
     * replica behind for good (its catch-up stalls: nats-server#5205, #8319); an operator restarts such a node, and
     * so does this test, said in its log. What the test judges is rxconf's: nothing acknowledged lost, replicas equal.
     */
    const w = watch;
    const settled = async (): Promise<Awaited<ReturnType<StreamWatch['settledLeader']>>> => {
      try {
        return await w.settledLeader(45_000);
      } catch (e) {
        const behind = await w.laggards().catch(() => []);
        t.log(`NATS did not settle (${e instanceof Error ? e.message : String(e)}): restarting ${behind.length} node(s) left behind`);
        for (const node of behind) {
          await node.stop();
          await node.start();
        }
        return w.settledLeader(60_000);
      }
    };
    for (let k = 0; k < KILLS; k++) {
      const leader = await settled();
      await sleep(300 + Math.floor(Math.random() * 300)); // writes flowing through this leader
      const killedAt = Date.now();
      await leader.stop(true);
      const elected = watch.electedAfter(leader, killedAt);
      // Writes resume: an edit sent after the kill is acknowledged.
      while (!acks.some((a) => a.sent > killedAt) && Date.now() - killedAt < 60_000) await sleep(50);
      const first = acks.filter((a) => a.sent > killedAt).reduce((m, a) => Math.min(m, a.at), Infinity);
      t.true(Number.isFinite(first), `writes resumed after kill ${k + 1}`);
      resumed.push(first - killedAt);
      kills.push(killedAt);
      elections.push(await elected);
      await leader.start();
    }
    await settled();
    const before = created.size;
    await sleep(300);
    stop = true;
    await Promise.all(clients);
    t.true(created.size >= before, 'writes go on with every node back');
    // Every edit is answered now; one answered 503 may still have been stored: every replica is read once it has
    // applied the whole log.
    const last = await watch.lastSequence();
    t.true(last >= maxSeq, 'the log holds every acknowledged edit');
    const bodies: string[] = [];
    for (const r of replicas) {
      const got = await send(r.url, 'GET', 'st-store:', undefined, { 'rxconf-sequence': String(last) });
      if (got.status !== 200) t.log(await (await send(r.url, 'GET', 'rxconf-server:server/runtime/cluster')).text());
      t.is(got.status, 200);
      bodies.push(await got.text());
    }
    const heldBy = bodies.map((b) => new Set(((JSON.parse(b) as { 'st-store:entry'?: { id: number }[] })['st-store:entry'] ?? []).map((e) => e.id)));
    // Acknowledged creates not held (not deleted after) and acknowledged deletes undone, on any replica.
    const lostIds = [...created].filter((id) => !deleted.has(id) && !unsure.has(id) && heldBy.some((h) => !h.has(id)));
    const undoneIds = [...deleted].filter((id) => heldBy.some((h) => h.has(id)));
    if (bodies[1] !== bodies[0] || bodies[2] !== bodies[0] || lostIds.length > 0 || undoneIds.length > 0) {
      keepTraces = true;
      for (const id of lostIds.slice(0, 20)) t.log(`lost ${id}: ${(history.get(id) ?? []).join('; ')}`);
      for (const id of undoneIds.slice(0, 20)) t.log(`undone ${id}: ${(history.get(id) ?? []).join('; ')}`);
      const nc = await connect({ servers: nats.urls.split(',') });
      try {
        const jsm = await jetstreamManager(nc);
        const lines = await diagnoseDivergence(traces, ['r0', 'r1', 'r2'], heldBy, async (seq) => {
          const m = await jsm.streams.getMessage(STREAM, { seq });
          return m === null ? undefined : { id: m.header?.get('Nats-Msg-Id'), data: m.string() };
        }, [...lostIds, ...undoneIds]);
        t.log(`replicas differ or lost acknowledged edits (traces kept in ${traces}):\n${lines.join('\n')}`);
      } finally {
        await nc.close();
      }
    }
    t.is(bodies[1], bodies[0], 'replicas 0 and 1 hold the same data');
    t.is(bodies[2], bodies[0], 'replicas 0 and 2 hold the same data');
    const ids = ((JSON.parse(bodies[0] as string) as { 'st-store:entry'?: { id: number }[] })['st-store:entry'] ?? []).map((e) => e.id);
    t.is(new Set(ids).size, ids.length, 'no entry twice');
    const held = new Set(ids);
    const lost = [...created].filter((id) => !deleted.has(id) && !unsure.has(id) && !held.has(id)).length;
    const undone = [...deleted].filter((id) => held.has(id)).length;
    const unanswered = [...history.values()].filter((h) => h.some((e) => e.includes(' threw '))).length;
    t.is(unanswered, 0, 'every edit is answered (within the clients\' 20 s)');
    t.is(lost, 0, 'acknowledged creates lost');
    t.is(undone, 0, 'acknowledged deletes undone');
    t.true(created.size > 0 && deleted.size > 0, 'creates and deletes were acknowledged');
    t.log(`${KILLS} stream leader kills; writes resumed after ${resumed.join(', ')} ms (max ${Math.max(...resumed)} ms); ${created.size} creates and ${deleted.size} deletes acknowledged, last sequence ${maxSeq}`);
    // Per kill, when each replica first acknowledged an edit sent after it.
    const each = kills.map((killedAt) => [0, 1, 2].map((k) => {
      const at = acks.filter((a) => a.k === k && a.sent > killedAt).reduce((m, a) => Math.min(m, a.at), Infinity);
      return Number.isFinite(at) ? String(at - killedAt) : '-';
    }).join('/'));
    t.log(`writes resumed per replica r0/r1/r2 after each kill (ms): ${each.join(', ')}`);
    t.log(`another stream leader elected after each kill (ms): ${elections.join(', ')}`);
  } finally {
    stop = true;
    for (const r of replicas) await r.server.close();
    await watch?.close();
    await nats.stop();
    delete process.env.RXCONF_CLUSTER_TRACE;
    if (!keepTraces) rmSync(traces, { recursive: true, force: true });
  }
});
