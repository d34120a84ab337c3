/**
 * Events delivered per second from one notification source to 100, 1,000
 * and 10,000 SSE subscribers over uWebSockets.js, and p99 delivery latency,
 * as ratios to a raw uWS SSE server writing the same bytes to the same
 * number of sockets in the same run; and server memory per idle subscriber.
 *
 * Two raw baselines: one write per event per socket (the plain way), and the
 * writes of one event-loop turn coalesced into one per socket, which is what
 * rxconf does, so the stricter comparison and the one the aim is read
 * against. Each server and each set of clients runs in a child process of
 * its own (this one only coordinates): 10,000 client sockets beside 10,000
 * server sockets would pass this machine's limit of 20,000 descriptors per
 * process, and neither server should share an event loop. Rounds of the
 * three alternate, so that a noisy moment of the shared machine does not
 * fall on one of them only.
 */
import { report } from './lib/report.ts';
import type { SentRound } from './lib/send-round.ts';
import { spawnSseClients, type RemoteSseClients } from './lib/sse-clients.ts';
import { spawnSseServer } from './lib/sse-server-remote.ts';

const DELIVERIES_PER_ROUND = 500_000;
const WARM_UP_ROUNDS = 1;
const ROUNDS = 7;

interface Round { readonly rate: number; readonly p99: number; readonly complete: boolean }

/** A server under measure: how it sends one round, and the clients that count what arrives. */
interface Contender {
  readonly send: (events: number) => Promise<SentRound>;
  readonly clients: RemoteSseClients;
  readonly rounds: Round[];
}

const p99 = (arrivals: readonly number[][], sentAt: readonly number[]): number => {
  const lat: number[] = [];
  for (const times of arrivals) times.forEach((t, i) => lat.push(t - (sentAt[i] ?? t)));
  lat.sort((a, b) => a - b);
  return lat[Math.floor(lat.length * 0.99)] ?? NaN;
};

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** One round: sends, waits (30 s at most) until every subscriber got every event; the rate counts what arrived by the last arrival. */
/** Events each set of clients received so far, over all rounds (both raw contenders count on the same clients). */
const tally = new Map<RemoteSseClients, number>();

const round = async (c: Contender, subscribers: number, events: number): Promise<Round> => {
  const { started, sentAt } = await c.send(events);
  const expected = subscribers * events;
  const before = tally.get(c.clients) ?? 0;
  const { received, last } = await c.clients.waitFor(before + expected, 30_000);
  const got = received - before;
  tally.set(c.clients, received);
  if (got < expected) console.error(`only ${got} of ${expected} events arrived`);
  return { rate: got / ((last - started) / 1000), p99: p99(await c.clients.arrivals(), sentAt), complete: got === expected };
};

const settleDown = () => new Promise((r) => setTimeout(r, 500));

const main = async (): Promise<void> => {
  const rxconf = await spawnSseServer('rxconf');
  const raw = await spawnSseServer('raw');
  const rows = [];
  // BENCH_STREAM_SIZES=100,1000 to run only some sizes.
  const sizes = (process.env['BENCH_STREAM_SIZES'] ?? '100,1000,10000').split(',').map(Number);
  for (const subscribers of sizes) {
    const events = Math.max(20, Math.round(DELIVERIES_PER_ROUND / subscribers));
    console.error(`streams: ${subscribers} subscribers, ${events} events per round`);

    const m0 = await rxconf.memory();
    const oursClients = await spawnSseClients(rxconf.port, rxconf.path, subscribers);
    const m1 = await rxconf.memory();
    const r0 = await raw.memory();
    const rawClients = await spawnSseClients(raw.port, raw.path, subscribers);
    const r1 = await raw.memory();
    const perSubscriber = (before: number, after: number) => (after - before) / subscribers / 1024;

    const ours: Contender = { send: (n) => rxconf.round(n, 'notify'), clients: oursClients, rounds: [] };
    const coalesced: Contender = { send: (n) => raw.round(n, 'coalesced'), clients: rawClients, rounds: [] };
    const perEvent: Contender = { send: (n) => raw.round(n, 'per-event'), clients: rawClients, rounds: [] };
    for (let i = 0; i < WARM_UP_ROUNDS + ROUNDS; i++) {
      for (const c of [ours, coalesced, perEvent]) {
        const r = await round(c, subscribers, events);
        if (i >= WARM_UP_ROUNDS) c.rounds.push(r);
      }
    }
    await oursClients.close();
    await rawClients.close();
    await settleDown();

    const rate = (c: Contender) => median(c.rounds.map((r) => r.rate));
    const latency = (c: Contender) => median(c.rounds.map((r) => r.p99));
    rows.push({
      subscribers,
      'events per round': events,
      'rxconf events/s': Math.round(rate(ours)),
      'raw coalesced events/s': Math.round(rate(coalesced)),
      'rate vs raw coalesced': rate(ours) / rate(coalesced),
      'raw per-event events/s': Math.round(rate(perEvent)),
      'rate vs raw per-event': rate(ours) / rate(perEvent),
      'rxconf p99 ms': latency(ours),
      'raw coalesced p99 ms': latency(coalesced),
      'p99 vs raw coalesced': latency(ours) / latency(coalesced),
      'server heap KB/idle subscriber rxconf': perSubscriber(m0.heap, m1.heap),
      'server heap KB/idle subscriber raw': perSubscriber(r0.heap, r1.heap),
      'server RSS KB/idle subscriber rxconf': perSubscriber(m0.rss, m1.rss),
      'server RSS KB/idle subscriber raw': perSubscriber(r0.rss, r1.rss),
      'all delivered': [ours, coalesced, perEvent].every((c) => c.rounds.every((r) => r.complete)) ? 'yes' : 'no',
    });
  }
  await raw.close();
  await rxconf.close();
  report('streams', rows, {
    aim: 'rate vs raw coalesced >= 0.8',
    rounds: `${WARM_UP_ROUNDS} warm-up round each, then ${ROUNDS} rounds alternating rxconf, raw coalesced, raw per-event; medians`,
    note: 'each server and each set of clients in a child process of its own; 2 cores shared by all',
  });
};

await main();
process.exit(0);
