/**
 * kill -9 of replica processes during writes: three `rxconf serve --cluster`
 * processes on one nats-server, clients creating and deleting entries on
 * all of them, one replica killed with SIGKILL and started again: 3 times
 * in a plain npm test, 20 with RXCONF_SOAK=1 (as CI runs it).
 * At the end every replica holds the same data, with every acknowledged
 * create (not deleted after) and no acknowledged delete undone.
 */
import type { ChildProcess } from 'node:child_process';
import { serverCommand, startServe } from '../helpers/serve-process.ts';
import { natsTest, startNats } from './helpers/nats-server.ts';
import { fixtures, send } from './helpers/replicas.ts';

const SOAK = process.env.RXCONF_SOAK === '1';
/** RXCONF_CLUSTER_KILLS: another count (the must-show is at least 20: RXCONF_SOAK). */
const KILLS = Number(process.env.RXCONF_CLUSTER_KILLS ?? (SOAK ? 20 : 3));

interface Proc {
  child: ChildProcess;
  url: string;
  exited: Promise<void>;
}

const startProcess = (command: readonly string[], nats: string, id: string): Promise<Proc> =>
  startServe(command, { path: fixtures, modules: ['st-store'], args: ['--cluster', nats, '--cluster-stream', 'KILL9', '--replica-id', id] });

natsTest('replicas killed with SIGKILL during writes lose nothing acknowledged, and all end identical', async (t) => {
  t.timeout(600_000); // each restart compiles the schema and replays the log: seconds on a loaded machine
  const nats = await startNats();
  const command = await serverCommand();
  const procs: Proc[] = [];
  let stop = false;
  try {
    for (let i = 0; i < 3; i++) procs.push(await startProcess(command, nats.urls, `r${i}`));
    const created = new Set<number>();
    const deleted = new Set<number>();
    // Deletes sent and not answered (the replica was killed): committed or not.
    const deleting = new Set<number>();
    let maxSeq = 0;
    let next = 1;
    const client = async (slot: number): Promise<void> => {
      const mine: number[] = [];
      while (!stop) {
        const url = (procs[slot] as Proc).url;
        try {
          if (mine.length > 3 && next % 3 === 0) {
            const id = mine.shift() as number;
            deleting.add(id);
            const r = await send(url, 'DELETE', `st-store:entry=${id}`);
            await r.arrayBuffer();
            // A 503 may still be committed (its publish's outcome was unknown): it stays among those sent.
            if (r.status < 500) deleting.delete(id);
            if (r.status >= 500) continue;
            if (r.status === 204) {
              deleted.add(id);
              maxSeq = Math.max(maxSeq, Number(r.headers.get('rxconf-sequence')));
            } else if (r.status !== 404) mine.unshift(id);
          } else {
            const id = next++;
            const r = await send(url, 'POST', 'st-store:', { 'st-store:entry': [{ id, v: `e${id}` }] });
            await r.arrayBuffer();
            if (r.status === 201) {
              created.add(id);
              mine.push(id);
              maxSeq = Math.max(maxSeq, Number(r.headers.get('rxconf-sequence')));
            }
          }
        } catch {
          await new Promise((r) => setTimeout(r, 50)); // the replica is gone: its restart comes
        }
      }
    };
    const clients = Array.from({ length: 9 }, (_, i) => client(i % 3));
    for (let k = 0; k < KILLS; k++) {
      await new Promise((r) => setTimeout(r, 200 + Math.floor(Math.random() * 300)));
      const slot = k % 3;
      const victim = procs[slot] as Proc;
      victim.child.kill('SIGKILL');
      await victim.exited;
      const began = Date.now();
      procs[slot] = await startProcess(command, nats.urls, `r${slot}`);
      if (process.env.RXCONF_DEBUG === '1') console.log(`kill ${k}: restarted in ${Date.now() - began} ms`);
    }
    stop = true;
    await Promise.all(clients);
    const bodies: string[] = [];
    for (const p of procs) {
      const r = await send(p.url, 'GET', 'st-store:', undefined, { 'rxconf-sequence': String(maxSeq) });
      t.is(r.status, 200);
      bodies.push(await r.text());
    }
    t.is(bodies[1], bodies[0]);
    t.is(bodies[2], bodies[0]);
    const held = new Set(((JSON.parse(bodies[0] as string) as { 'st-store:entry'?: { id: number }[] })['st-store:entry'] ?? []).map((e) => e.id));
    let lost = 0;
    let undone = 0;
    for (const id of created) if (!deleted.has(id) && !deleting.has(id) && !held.has(id)) lost += 1;
    for (const id of deleted) if (held.has(id)) undone += 1;
    t.is(lost, 0, 'acknowledged creates lost');
    t.is(undone, 0, 'acknowledged deletes undone');
    t.true(created.size > 10 * KILLS && deleted.size > 0, `${created.size} creates and ${deleted.size} deletes acknowledged`);
    t.log(`${KILLS} kills, ${created.size} creates and ${deleted.size} deletes acknowledged, last sequence ${maxSeq}`);
  } finally {
    stop = true;
    for (const p of procs) {
      p.child.kill('SIGKILL');
      await p.exited;
    }
    await nats.stop();
  }
});
