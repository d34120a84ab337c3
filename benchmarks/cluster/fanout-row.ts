/**
 * One notification source to many SSE subscribers. The cluster: the
 * subscribers spread evenly over replicas r0 and r1, the source run by the
 * replica holding the source lease (whichever of the three), its events published once into NATS and
 * sent by r0 and r1 to their own subscribers. The single process: the same
 * number of subscribers on it. Subscribers are raw sockets in two client
 * processes per side (benchmarks/lib/sse-clients.ts). A round: the source
 * sends `events` events (the benchmark app's burst rpc, 50 per event-loop
 * turn) and ends when every subscriber has every event. Figure: events
 * delivered per server CPU-second, the server CPU read from /proc/PID/stat
 * of the server processes before and after the round: the cluster's three
 * replicas and its three NATS servers (also given without NATS), the single
 * process.
 */
import { spawnSync } from 'node:child_process';
import { burst } from './burst.ts';
import { pairedRounds, spread, type Spread, type Subject } from './paired-rounds.ts';
import type { BenchServers } from './start-servers.ts';
import { cpuTicks } from '../http/process-stats.ts';
import { spawnSseClients, type RemoteSseClients } from '../lib/sse-clients.ts';
import { median } from '../lib/stats.ts';

const TICKS_PER_S = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
const PATH = '/restconf/streams/bench-cluster:tick';

export interface FanoutSide {
  /** Events delivered per server CPU-second (median of the rounds). */
  readonly perCpuSecond: number;
  /** The same without the NATS servers' CPU (the cluster). */
  readonly perRxconfCpuSecond: number;
  /** Events delivered per second of the round's wall time (median). */
  readonly perSecond: number;
  /** Server CPU per round, ms (median), and of it NATS's. */
  readonly cpuMs: number;
  readonly natsCpuMs: number;
}

export interface FanoutResult {
  readonly subscribers: number;
  readonly events: number;
  readonly cluster: FanoutSide;
  readonly single: FanoutSide;
  /** Events per server CPU-second, cluster ÷ single. */
  readonly ratio: Spread;
}

interface Run {
  readonly deliveries: number;
  readonly rxconfTicks: number;
  readonly natsTicks: number;
  readonly wallMs: number;
}

interface Audience {
  readonly clients: readonly { readonly remote: RemoteSseClients; readonly count: number; expected: number }[];
  /** Waits until each client has `events` more (false on time-out). */
  reach(events: number, timeoutMs: number): Promise<boolean>;
}

const port = (url: string): number => Number(new URL(url).port);

const audience = async (urls: readonly string[], perClient: number): Promise<Audience> => {
  const clients = await Promise.all(urls.map(async (url) => ({ remote: await spawnSseClients(port(url), PATH, perClient), count: perClient, expected: 0 })));
  return {
    clients,
    reach: async (events, timeoutMs) => {
      const reached = await Promise.all(clients.map(async (c) => {
        const want = c.expected + c.count * events;
        const got = await c.remote.waitFor(want, timeoutMs);
        c.expected = got.received;
        return got.received >= want;
      }));
      return reached.every(Boolean);
    },
  };
};

const ticks = (pids: readonly number[]): number => pids.reduce((n, p) => n + cpuTicks(p), 0);

export const measureFanout = async (servers: BenchServers, holder: string, o: { readonly rounds: number; readonly subscribers: number; readonly events: number; readonly log: (line: string) => void }): Promise<FanoutResult> => {
  const [a, b] = servers.replicas;
  if (a === undefined || b === undefined) throw new Error('two replicas needed');
  const half = Math.floor(o.subscribers / 2);
  const sides: Partial<Record<Subject, Audience>> = {};
  try {
    sides.cluster = await audience([a.url, b.url], half);
    sides.single = await audience([servers.single.url, servers.single.url], half);
    o.log(`  ${half * 2} subscribers on r0 and r1, ${half * 2} on the single process`);
    const source = { cluster: holder, single: servers.single.url };
    const rxconfPids = { cluster: servers.replicas.map((r) => r.pid), single: [servers.single.pid] };
    const all = (): number[] => [servers.single.pid, ...servers.replicas.map((r) => r.pid), ...servers.natsPids()];
    const runs = await pairedRounds(o.rounds, all, async (subject, round) => {
      const side = sides[subject] as Audience;
      const nats = subject === 'cluster' ? servers.natsPids() : [];
      const events = round < 0 ? Math.max(1, Math.floor(o.events / 4)) : o.events;
      const before = { rxconf: ticks(rxconfPids[subject]), nats: ticks(nats), at: performance.now() };
      if (!(await burst(source[subject], events))) throw new Error(`${subject}: the source is not listened to on ${source[subject]} any more`);
      if (!(await side.reach(events, 120_000))) throw new Error(`${subject}: not every subscriber had every event within 120 s`);
      const run: Run = { deliveries: half * 2 * events, rxconfTicks: ticks(rxconfPids[subject]) - before.rxconf, natsTicks: ticks(nats) - before.nats, wallMs: performance.now() - before.at };
      if (round >= 0) o.log(`  fan-out round ${round + 1} ${subject}: ${Math.round(perCpu(run))} events per server CPU-second (CPU ${cpuMs(run.rxconfTicks + run.natsTicks)} ms${subject === 'cluster' ? `, NATS ${cpuMs(run.natsTicks)} ms` : ''}), ${Math.round(run.deliveries / (run.wallMs / 1000))}/s`);
      return run;
    });
    const side = (rs: readonly Run[]): FanoutSide => ({
      perCpuSecond: median(rs.map(perCpu)),
      perRxconfCpuSecond: median(rs.map((r) => r.deliveries / Math.max(1, r.rxconfTicks) * TICKS_PER_S)),
      perSecond: median(rs.map((r) => r.deliveries / (r.wallMs / 1000))),
      cpuMs: median(rs.map((r) => cpuMs(r.rxconfTicks + r.natsTicks))),
      natsCpuMs: median(rs.map((r) => cpuMs(r.natsTicks))),
    });
    return {
      subscribers: half * 2,
      events: o.events,
      cluster: side(runs.cluster),
      single: side(runs.single),
      ratio: spread(runs.cluster.map((r, i) => perCpu(r) / perCpu(runs.single[i] as Run))),
    };
  } finally {
    for (const s of [sides.cluster, sides.single]) for (const c of s?.clients ?? []) await c.remote.close();
  }
};

const cpuMs = (t: number): number => Math.round(t * 1000 / TICKS_PER_S);
const perCpu = (r: Run): number => r.deliveries / Math.max(1, r.rxconfTicks + r.natsTicks) * TICKS_PER_S;
