/**
 * Events delivered per second from one notification source to 100, 1,000
 * and 10,000 SSE subscribers over uWebSockets.js, and p99 delivery latency,
 * as ratios to a raw uWS SSE server writing the same bytes to the same
 * number of sockets in the same run; and server memory per idle subscriber.
 *
 * Memory per idle subscriber is measured twice per server, heap (after a
 * collection) and RSS: 'first' when the subscribers connect to a server that
 * never had that many, and 'steady' after a first set of as many came and
 * went. The first figure includes what the process grows once (V8's young
 * generation grows to its maximum under the allocation of 10,000 requests,
 * about 30 MB of RSS that stays); the steady one is what each further
 * subscriber costs, the figure the aim is read against.
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
import { existsSync } from 'node:fs';
import { report } from './lib/report.ts';
import type { SentRound } from './lib/send-round.ts';
import { spawnSseClients, type RemoteSseClients } from './lib/sse-clients.ts';
import { spawnSseServer, type RemoteSseServer } from './lib/sse-server-remote.ts';

type Memory = Awaited<ReturnType<RemoteSseServer['memory']>>;

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

    /** Opens the subscribers, with the server's memory before and after. */
    const connect = async (server: RemoteSseServer) => {
      const before = await server.memory();
      const clients = await spawnSseClients(server.port, server.path, subscribers);
      return { clients, before, after: await server.memory() };
    };
    // first: as many subscribers as never before; they go, and the steady set comes (and stays for the rounds)
    const oursFirst = await connect(rxconf);
    await oursFirst.clients.close();
    await settleDown();
    const oursSteady = await connect(rxconf);
    const rawFirst = await connect(raw);
    await rawFirst.clients.close();
    await settleDown();
    const rawSteady = await connect(raw);
    const oursClients = oursSteady.clients;
    const rawClients = rawSteady.clients;
    const perSubscriber = (m: { before: Memory; after: Memory }, kind: keyof Memory) => (m.after[kind] - m.before[kind]) / subscribers / 1024;

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
      'server heap KB/idle subscriber rxconf (steady)': perSubscriber(oursSteady, 'heap'),
      'server RSS KB/idle subscriber rxconf (steady)': perSubscriber(oursSteady, 'rss'),
      'server heap KB/idle subscriber raw (steady)': perSubscriber(rawSteady, 'heap'),
      'server RSS KB/idle subscriber raw (steady)': perSubscriber(rawSteady, 'rss'),
      'server heap KB/idle subscriber rxconf (first)': perSubscriber(oursFirst, 'heap'),
      'server RSS KB/idle subscriber rxconf (first)': perSubscriber(oursFirst, 'rss'),
      'server RSS KB/idle subscriber raw (first)': perSubscriber(rawFirst, 'rss'),
      'all delivered': [ours, coalesced, perEvent].every((c) => c.rounds.every((r) => r.complete)) ? 'yes' : 'no',
    });
  }
  await raw.close();
  await rxconf.close();
  report('streams', rows, {
    aim: 'rate vs raw coalesced >= 0.9 at 1,000 and 10,000; server heap and RSS <= 2 KB per idle subscriber (steady, at 10,000)',
    rounds: `${WARM_UP_ROUNDS} warm-up round each, then ${ROUNDS} rounds alternating rxconf, raw coalesced, raw per-event; medians`,
    note: 'each server and each set of clients in a child process of its own; 2 cores shared by all',
    server: existsSync(new URL('../dist/server/start-server.js', import.meta.url)) ? 'rxconf from the built package (dist/)' : 'rxconf from the sources through tsx (no dist/)',
  });
};

await main();
process.exit(0);
