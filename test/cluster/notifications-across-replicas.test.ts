/**
 * Application notifications on replicas: one replica at a time (the lease
 * holder) runs the source and publishes its events once into NATS; every
 * replica sends them to its own SSE subscribers, in the same order. The
 * holder closed, another replica takes the lease and runs the source, and a
 * subscriber on the survivor keeps receiving on the same stream. A replica
 * started later replays (start-time) events another replica published,
 * none from before its start time, then the live ones.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { interval, map } from 'rxjs';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';
import { SseClient } from '../helpers/sse-client.ts';
import { natsTest, startNats, type NatsCluster } from './helpers/nats-server.ts';

let nats: NatsCluster | undefined;
const servers: RxconfServer[] = [];
const dir = mkdtempSync(join(tmpdir(), 'rxconf-ticks-'));
/** The seed of the stream: replay of 1,000 events per stream. */
const seed = join(dir, 'seed.json');
writeFileSync(seed, JSON.stringify({ 'rxconf-server:server': { limits: { 'replay-buffer-events': 1000 } } }));

natsTest.after.always(async () => {
  for (const s of servers) await s.close();
  await nats?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Tick {
  readonly n: number;
  readonly replica: string;
}

const startTicking = async (urls: string, replica: string): Promise<{ server: RxconfServer; url: string }> => {
  const server = createServer({
    searchPath: [join(import.meta.dirname, 'fixtures')],
    modules: ['cs-events'],
    data: replica === 'a' ? seed : false,
    host: '127.0.0.1',
    port: 0,
    logger: false,
    app: (app) => app.notification('cs-events:tick', interval(25).pipe(map((n) => ({ n, replica })))),
    cluster: { servers: urls.split(','), stream: 'TICKS', replica, publishTimeoutMs: 2_000 },
  });
  servers.push(server);
  return { server, url: (await server.listen()).url };
};

const ticks = (c: SseClient, from = 0): Tick[] => (c.json() as Tick[]).slice(from);

natsTest('one replica runs a notification source; every replica sends its events in one order; the holder gone, another takes over', async (t) => {
  nats = await startNats();
  const a = await startTicking(nats.urls, 'a');
  const b = await startTicking(nats.urls, 'b');
  const onA = await SseClient.open(`${a.url}/restconf/data/cs-events:tick`);
  const onB = await SseClient.open(`${b.url}/restconf/data/cs-events:tick`);
  try {
    t.is(onA.status, 200);
    t.is(onB.status, 200);
    await onA.waitFor(20);
    await onB.waitFor(20);
    const holder = ticks(onB)[0]?.replica as string;
    t.true(holder === 'a' || holder === 'b');
    // the same events in the same order on both replicas: the holder's only, published once
    const first = ticks(onB, 0).slice(0, 10);
    const at = ticks(onA).findIndex((e) => e.n === first[0]?.n && e.replica === first[0].replica);
    t.true(at >= 0, 'the subscriber on A received what B sent');
    t.deepEqual(ticks(onA).slice(at, at + 10), first);
    t.true([...ticks(onA), ...ticks(onB)].every((e) => e.replica === holder), `every event comes from the holder ${holder}`);

    // a replica started later replays what the holder published before it started, from the start time on:
    // what A received before that time was published before it, so the replay starts after those events
    const receivedBefore = ticks(onA).length;
    const since = new Date(Date.now() + 1).toISOString(); // after every millisecond an event received so far was stamped in
    await onA.waitFor(receivedBefore + 1);
    const c = await startTicking(nats.urls, 'c');
    const replayed = await SseClient.open(`${c.url}/restconf/data/cs-events:tick?start-time=${encodeURIComponent(since)}`);
    t.is(replayed.status, 200);
    await replayed.waitFor(20);
    const firstReplayed = ticks(replayed)[0];
    const from = ticks(onA).findIndex((e) => e.n === firstReplayed?.n && e.replica === firstReplayed.replica);
    t.true(from >= receivedBefore, `the replay starts with an event A received live after the start time ${since}: it starts with ${JSON.stringify(firstReplayed)}, at ${from} on A, which received ${receivedBefore} before it (A from ${JSON.stringify(ticks(onA)[0])})`);
    await onA.waitFor(from + 10);
    t.deepEqual(ticks(replayed).slice(0, 10), ticks(onA).slice(from, from + 10), 'replayed as the holder published them');
    replayed.close();

    // the holder closes: the survivor's subscriber keeps receiving, now from another replica's source
    const [gone, survivor, onSurvivor] = holder === 'a' ? [a, b, onB] : [b, a, onA];
    await gone.server.close();
    const before = onSurvivor.messages.length;
    const deadline = Date.now() + 15_000;
    while (!ticks(onSurvivor, before).some((e) => e.replica !== holder) && Date.now() < deadline) await onSurvivor.waitFor(onSurvivor.messages.length + 1);
    const after = ticks(onSurvivor, before).filter((e) => e.replica !== holder);
    t.true(after.length > 0, 'events from the new holder reach the survivor\'s subscriber');
    t.false(onSurvivor.ended, 'on the same stream');
    t.truthy(survivor);
  } finally {
    onA.close();
    onB.close();
  }
});
