/**
 * Replay by start time. The source sends `events` events (the burst rpc,
 * in calls of 10,000) on the replica holding the source lease and on the
 * single process; then, each round, one subscriber asks replica r1 (which
 * did not run the source: the events come from NATS's `<stream>_EVENTS`)
 * or the single process (its replay log in memory) for the tick stream
 * with `start-time` just before the first of them. Figure: the time from
 * opening the stream to its last replayed event; the ratio is cluster ÷
 * single (above 1: the cluster is slower).
 */
import { burst } from './burst.ts';
import { pairedRounds, spread, type Spread } from './paired-rounds.ts';
import type { BenchServers } from './start-servers.ts';
import { openSseSockets } from '../lib/sse-sockets.ts';
import { median } from '../lib/stats.ts';

export interface ReplayResult {
  readonly events: number;
  /** Seconds to replay every event (median of the rounds). */
  readonly clusterS: number;
  readonly singleS: number;
  readonly ratio: Spread;
  /** Rounds that did not receive every event within the time-out. */
  readonly short: number;
  /** Events the cluster's events stream stored of those the source sent. */
  readonly stored: number;
}

const CALL = 10_000;
const TIMEOUT_MS = 60_000;

/** Seconds from opening the stream to its `events`-th event (Infinity past the time-out), and the events received. */
const replay = async (url: string, path: string, events: number): Promise<{ readonly s: number; readonly received: number }> => {
  const began = performance.now();
  const sockets = await openSseSockets(Number(new URL(url).port), path, 1, 0);
  try {
    while (sockets.received() < events && performance.now() - began < TIMEOUT_MS) await new Promise((r) => setTimeout(r, 1));
    return { s: sockets.received() >= events ? (performance.now() - began) / 1000 : Infinity, received: sockets.received() };
  } finally {
    sockets.close();
  }
};

export const measureReplay = async (servers: BenchServers, holder: string, o: { readonly rounds: number; readonly events: number; readonly log: (line: string) => void }): Promise<ReplayResult> => {
  const reader = servers.replicas[1];
  if (reader === undefined) throw new Error('two replicas needed');
  const startTime = new Date(Date.now() - 1).toISOString();
  const stored = await servers.eventsStored();
  const began = performance.now();
  for (let sent = 0; sent < o.events; sent += CALL) {
    const count = Math.min(CALL, o.events - sent);
    const [onCluster, onSingle] = await Promise.all([burst(holder, count), burst(servers.single.url, count)]);
    if (!onCluster || !onSingle) throw new Error(`the source is not listened to on ${onCluster ? 'the single process' : holder}`);
  }
  o.log(`  ${o.events} events sent on ${holder} and the single process in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  // the source's events go into NATS unacknowledged: wait until the stream has stored them, and say if it did not
  let kept = 0;
  for (const limit = performance.now() + 30_000; performance.now() < limit; await new Promise((r) => setTimeout(r, 250))) {
    kept = (await servers.eventsStored()) - stored;
    if (kept >= o.events) break;
  }
  if (kept < o.events) o.log(`  PROBLEM the cluster's events stream stored ${kept} of the ${o.events} events the source sent (published without acknowledgement); the cluster's replay waits for those`);
  const expected = { cluster: Math.min(o.events, kept), single: o.events };
  const path = `/restconf/streams/bench-cluster:tick?start-time=${encodeURIComponent(startTime)}`;
  const urls = { cluster: reader.url, single: servers.single.url };
  const all = (): number[] => [servers.single.pid, ...servers.replicas.map((r) => r.pid), ...servers.natsPids()];
  const runs = await pairedRounds(o.rounds, all, async (subject, round) => {
    const { s, received } = await replay(urls[subject], path, expected[subject]);
    o.log(`  replay round ${round + 1} ${subject}: ${s === Infinity ? `${received} of ${expected[subject]} events within ${TIMEOUT_MS / 1000} s` : `${s.toFixed(2)} s`}`);
    return s;
  }, false);
  return {
    events: o.events,
    clusterS: median(runs.cluster),
    singleS: median(runs.single),
    ratio: spread(runs.cluster.map((s, i) => s / (runs.single[i] ?? NaN))),
    short: [...runs.cluster, ...runs.single].filter((s) => s === Infinity).length,
    stored: expected.cluster,
  };
};
