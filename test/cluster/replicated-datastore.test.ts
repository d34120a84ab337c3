/**
 * Three rxconf replicas of one datastore on a real nats-server (R1): an
 * edit on one replica is read on the others (with the sequence it answered,
 * at once), a create race has exactly one 201, and an empty stream is
 * seeded from --data by the first replica only.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { natsTest, startNats, type NatsCluster } from './helpers/nats-server.ts';
import { entryIds, send, startReplica, type Replica } from './helpers/replicas.ts';

let nats: NatsCluster | undefined;
let replicas: Replica[] = [];

const three = async (stream: string): Promise<Replica[]> => {
  nats ??= await startNats();
  const urls = nats.urls;
  replicas = [];
  for (let i = 0; i < 3; i++) replicas.push(await startReplica(urls, { stream, replica: `r${i}` }));
  return replicas;
};

const stopAll = async (): Promise<void> => {
  for (const r of replicas) await r.server.close();
  replicas = [];
};

natsTest.after.always(async () => {
  await stopAll();
  await nats?.stop();
});

natsTest('an edit answered by one replica is read on every other with the sequence it named', async (t) => {
  const [a, b, c] = await three('RYW') as [Replica, Replica, Replica];
  try {
    for (let i = 1; i <= 30; i++) {
      const r = await send(a.url, 'POST', 'st-store:', { 'st-store:entry': [{ id: i, v: `v${i}` }] });
      t.is(r.status, 201, await r.text());
      const seq = r.headers.get('rxconf-sequence');
      t.truthy(seq, 'the answer names its sequence');
      const other = i % 2 === 0 ? b : c;
      const read = await send(other.url, 'GET', `st-store:entry=${i}`, undefined, { 'rxconf-sequence': seq as string });
      t.is(read.status, 200, `entry ${i} read on another replica with sequence ${seq as string}`);
    }
    t.deepEqual(await entryIds(b.url), Array.from({ length: 30 }, (_, i) => i + 1));
  } finally {
    await stopAll();
  }
});

natsTest('a create raced on three replicas gets exactly one 201, the others 409 data-exists, and all hold the winner', async (t) => {
  const rs = await three('RACE');
  try {
    for (let i = 1; i <= 20; i++) {
      const answers = await Promise.all(rs.map((r, k) => send(r.url, 'POST', 'st-store:', { 'st-store:entry': [{ id: i, v: `from r${k}` }] })));
      const statuses = answers.map((r) => r.status).sort();
      t.deepEqual(statuses, [201, 409, 409], `entry ${i}`);
      const winner = answers.findIndex((r) => r.status === 201);
      const seq = answers[winner]?.headers.get('rxconf-sequence') as string;
      for (const r of rs) {
        const got = await send(r.url, 'GET', `st-store:entry=${i}`, undefined, { 'rxconf-sequence': seq });
        t.deepEqual(await got.json(), { 'st-store:entry': [{ id: i, v: `from r${winner}` }] });
      }
    }
  } finally {
    await stopAll();
  }
});

natsTest('--data seeds an empty stream once; a replica joining later takes the stream\'s data, not its file', async (t) => {
  nats ??= await startNats();
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-seed-'));
  try {
    const first = join(dir, 'first.json');
    const second = join(dir, 'second.json');
    writeFileSync(first, JSON.stringify({ 'st-store:entry': [{ id: 1, v: 'seed' }] }));
    writeFileSync(second, JSON.stringify({ 'st-store:entry': [{ id: 2, v: 'ignored' }] }));
    replicas.push(await startReplica(nats.urls, { stream: 'SEED', data: first }));
    replicas.push(await startReplica(nats.urls, { stream: 'SEED', data: second }));
    for (const r of replicas) t.deepEqual(await entryIds(r.url), [1]);
  } finally {
    await stopAll();
    rmSync(dir, { recursive: true, force: true });
  }
});

natsTest('a sequence that is not a number is refused with invalid-value', async (t) => {
  const [a] = await three('BADSEQ') as [Replica];
  try {
    const r = await send(a.url, 'GET', 'st-store:', undefined, { 'rxconf-sequence': 'soon' });
    t.is(r.status, 400);
    t.regex(await r.text(), /invalid-value/);
  } finally {
    await stopAll();
  }
});
