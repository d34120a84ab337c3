/**
 * Events delivered per second from one notification source to 100, 1,000
 * and 10,000 SSE subscribers over uWebSockets.js, and p99 delivery latency,
 * as ratios to a raw uWS SSE server writing the same bytes to the same
 * number of sockets in the same run; the server CPU each spends per
 * delivered event; and server memory per idle subscriber.
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
 * process, and neither server should share an event loop. Both are driven
 * the same way (sendRound: bursts of 50 events, one event-loop turn each)
 * and read by the same client code.
 *
 * What the rate measures: neither server waits during a round (its event
 * loop is idle for 0 ms from the first event to the end of the last burst's
 * turn, the 'send idle' columns), so a round lasts as long as the CPU work
 * of the server and of its clients (about as much per event on each side,
 * most of it the kernel's loopback send and receive, one of each per socket
 * per burst) takes on two cores shared with the machine's other work. The
 * wall rate therefore moves with the machine's load; the server CPU per
 * delivered event does not, and is the figure to read when
 * the machine is not quiet. To keep load changes from falling on one server
 * only, rounds of the two coalescing servers come in pairs, alternately
 * rxconf first and raw first, and the ratio is the median of the rounds'
 * ratios; the per-event baseline (ten times slower, and not the aim's
 * reference) runs after them, so that its long rounds never precede one
 * server's rounds only. A round has at least 4 bursts (200 events), so that
 * its rate is not one burst's start and end.
 */
import { existsSync } from 'node:fs';
import { report } from './lib/report.ts';
import { spawnSseClients, type RemoteSseClients } from './lib/sse-clients.ts';
import type { SendMode } from './lib/sse-server-process.ts';
import { spawnSseServer, type RemoteSseServer } from './lib/sse-server-remote.ts';
import { median } from './lib/stats.ts';

type Memory = Awaited<ReturnType<RemoteSseServer['memory']>>;

const DELIVERIES_PER_ROUND = 500_000;
/** Events of a round of the coalescing servers at least: 4 bursts. */
const MIN_EVENTS = 200;
const WARM_UP_ROUNDS = 2;
/** Rounds of each coalescing server (in pairs, alternately rxconf first and raw first). */
const ROUNDS = 10;
const PER_EVENT_ROUNDS = 3;

interface Round {
  readonly rate: number;
  readonly p99: number;
  readonly complete: boolean;
  /** Server CPU (user + system, all threads of the process) per delivered event, µs. */
  readonly serverCpu: number;
  /** The clients' CPU per delivered event, µs. */
  readonly clientsCpu: number;
  /** Share of the send phase (first event to the end of the last burst's turn) the server's event loop waited. */
  readonly sendIdle: number;
}

/** A server under measure: how it sends one round, and the clients that count what arrives. */
interface Contender {
  readonly server: RemoteSseServer;
  readonly mode: SendMode;
  readonly clients: RemoteSseClients;
  readonly rounds: Round[];
}

const p99 = (arrivals: readonly number[][], sentAt: readonly number[]): number => {
  const lat: number[] = [];
  for (const times of arrivals) times.forEach((t, i) => lat.push(t - (sentAt[i] ?? t)));
  lat.sort((a, b) => a - b);
  return lat[Math.floor(lat.length * 0.99)] ?? NaN;
};


/** Events each set of clients received so far, over all rounds (both raw contenders count on the same clients). */
const tally = new Map<RemoteSseClients, number>();

/**
 * One round: sends, waits (30 s at most) until every subscriber got every
 * event; the rate counts what arrived by the last arrival. CPU is read
 * before the round is sent and after the last arrival, so it covers the
 * whole round and nothing of another.
 */
const round = async (c: Contender, subscribers: number, events: number): Promise<Round> => {
  const serverBefore = await c.server.usage();
  const clientsBefore = await c.clients.usage();
  const { started, sentAt, sendMs, sendIdleMs } = await c.server.round(events, c.mode);
  const expected = subscribers * events;
  const before = tally.get(c.clients) ?? 0;
  const { received, last } = await c.clients.waitFor(before + expected, 30_000);
  const serverAfter = await c.server.usage();
  const clientsAfter = await c.clients.usage();
  const got = received - before;
  tally.set(c.clients, received);
  if (got < expected) console.error(`only ${got} of ${expected} events arrived`);
  return {
    rate: got / ((last - started) / 1000),
    p99: p99(await c.clients.arrivals(), sentAt),
    complete: got === expected,
    serverCpu: ((serverAfter.cpuMs - serverBefore.cpuMs) * 1000) / Math.max(1, got),
    clientsCpu: ((clientsAfter.cpuMs - clientsBefore.cpuMs) * 1000) / Math.max(1, got),
    sendIdle: sendMs > 0 ? sendIdleMs / sendMs : 0,
  };
};

const settleDown = () => new Promise((r) => setTimeout(r, 500));

const main = async (): Promise<void> => {
  const rxconf = await spawnSseServer('rxconf');
  const raw = await spawnSseServer('raw');
  const rows = [];
  // BENCH_STREAM_SIZES=100,1000 to run only some sizes.
  const sizes = (process.env['BENCH_STREAM_SIZES'] ?? '100,1000,10000').split(',').map(Number);
  for (const subscribers of sizes) {
    const perEventEvents = Math.max(20, Math.round(DELIVERIES_PER_ROUND / subscribers));
    const events = Math.max(MIN_EVENTS, perEventEvents);
    console.error(`streams: ${subscribers} subscribers, ${events} events per round (${perEventEvents} per-event)`);

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

    const ours: Contender = { server: rxconf, mode: 'notify', clients: oursClients, rounds: [] };
    const coalesced: Contender = { server: raw, mode: 'coalesced', clients: rawClients, rounds: [] };
    const perEvent: Contender = { server: raw, mode: 'per-event', clients: rawClients, rounds: [] };
    for (let i = 0; i < WARM_UP_ROUNDS + ROUNDS; i++) {
      // pairs in alternate order (ABBA): neither server always follows the other
      for (const c of i % 2 === 0 ? [ours, coalesced] : [coalesced, ours]) {
        const r = await round(c, subscribers, events);
        if (i >= WARM_UP_ROUNDS) c.rounds.push(r);
      }
    }
    for (let i = 0; i < 1 + PER_EVENT_ROUNDS; i++) {
      const r = await round(perEvent, subscribers, perEventEvents);
      if (i >= 1) perEvent.rounds.push(r);
    }
    await oursClients.close();
    await rawClients.close();
    await settleDown();

    const rate = (c: Contender) => median(c.rounds.map((r) => r.rate));
    const latency = (c: Contender) => median(c.rounds.map((r) => r.p99));
    const cpu = (c: Contender) => median(c.rounds.map((r) => r.serverCpu));
    /** Events per second of server CPU: the rate each would reach on a core of its own. */
    const perCpuSecond = (r: Round) => 1 / r.serverCpu;
    /** Median of the rounds' ratios: the rounds of a pair ran in the same seconds. */
    const paired = (of: (r: Round) => number) => median(ours.rounds.map((r, i) => of(r) / of(coalesced.rounds[i] as Round)));
    rows.push({
      subscribers,
      'events per round': events,
      'rxconf events/s': Math.round(rate(ours)),
      'raw coalesced events/s': Math.round(rate(coalesced)),
      'rate vs raw coalesced': paired((r) => r.rate),
      'rate vs raw coalesced (each round)': ours.rounds.map((r, i) => (r.rate / (coalesced.rounds[i] as Round).rate).toFixed(2)).join(' '),
      'rxconf server CPU µs/event': cpu(ours),
      'raw coalesced server CPU µs/event': cpu(coalesced),
      'events per server CPU-second vs raw coalesced': paired(perCpuSecond),
      'send idle rxconf': median(ours.rounds.map((r) => r.sendIdle)),
      'send idle raw coalesced': median(coalesced.rounds.map((r) => r.sendIdle)),
      'clients CPU µs/event': median([...ours.rounds, ...coalesced.rounds].map((r) => r.clientsCpu)),
      'raw per-event events/s': Math.round(rate(perEvent)),
      'rate vs raw per-event': rate(ours) / rate(perEvent),
      'rxconf p99 ms': latency(ours),
      'raw coalesced p99 ms': latency(coalesced),
      'p99 vs raw coalesced': paired((r) => r.p99),
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
    rounds: `${WARM_UP_ROUNDS} warm-up rounds each, then ${ROUNDS} rounds of rxconf and raw coalesced in pairs, alternately rxconf first and raw first (ratios: median of the pairs' ratios); then 1 + ${PER_EVENT_ROUNDS} rounds of raw per-event (medians)`,
    note: 'each server and each set of clients in a child process of its own; 2 cores shared by all. Neither server waits within a round (send idle 0): the wall rate is the server CPU work over the share of a core it got, so on a loaded machine read events per server CPU-second vs raw coalesced (same aim: >= 0.9)',
    server: existsSync(new URL('../dist/server/start-server.js', import.meta.url)) ? 'rxconf from the built package (dist/)' : 'rxconf from the sources through tsx (no dist/)',
  });
};

await main();
process.exit(0);
