/**
 * A --data file larger than a NATS message may be (1 MB by default) seeds
 * an empty stream: the first replica stores it as a snapshot in chunks,
 * and a replica joining later holds the same data, on a real nats-server.
 */
import { mkdtempSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { natsTest, startNats } from './helpers/nats-server.ts';
import { entryIds, send, startReplica, type Replica } from './helpers/replicas.ts';

const ENTRIES = 3_000;

natsTest('a --data file over 1 MB seeds an empty stream; a replica joining later holds the same data and takes edits', async (t) => {
  t.timeout(90_000);
  const nats = await startNats();
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-big-seed-'));
  const replicas: Replica[] = [];
  try {
    const file = join(dir, 'big.json');
    const v = 'x'.repeat(500);
    writeFileSync(file, JSON.stringify({ 'st-store:entry': Array.from({ length: ENTRIES }, (_, i) => ({ id: i + 1, v: `${i} ${v}` })) }));
    t.true(statSync(file).size > 1024 * 1024, 'the seed is over 1 MB');
    replicas.push(await startReplica(nats.urls, { stream: 'BIGSEED', data: file }));
    replicas.push(await startReplica(nats.urls, { stream: 'BIGSEED' }));
    const all = Array.from({ length: ENTRIES }, (_, i) => i + 1);
    for (const r of replicas) t.deepEqual(await entryIds(r.url), all);
    const [a, b] = replicas as [Replica, Replica];
    const created = await send(b.url, 'POST', 'st-store:', { 'st-store:entry': [{ id: ENTRIES + 1, v: 'after the seed' }] });
    t.is(created.status, 201);
    const seq = created.headers.get('rxconf-sequence') as string;
    t.deepEqual((await entryIds(a.url, { 'rxconf-sequence': seq })).length, ENTRIES + 1);
    const one = await send(a.url, 'GET', 'st-store:entry=1500');
    t.deepEqual(await one.json(), { 'st-store:entry': [{ id: 1500, v: `1499 ${v}` }] });
  } finally {
    for (const r of replicas) await r.server.close();
    await nats.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
