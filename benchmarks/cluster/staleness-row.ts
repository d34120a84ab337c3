/**
 * Staleness between replicas. A writer PATCHes bench-net's mtu leaf on
 * replica r0, one edit at a time (the next once the last was seen); a
 * watcher holds r1's changes stream. An edit's staleness is the time from
 * the writer receiving the 2xx answer from r0 to the watcher receiving the
 * edit's change event from r1: how long after an edit is acknowledged
 * another replica still serves the old value. Both clients are in this
 * process, one clock. (Negative when r1 told before the writer heard r0.)
 * Baseline: the same writer and watcher on the single process, the edit's
 * answer to its own change event. Figures: p50 and p99 over all rounds'
 * edits; the ratio is the median of the rounds' p99 ratios.
 */
import { watchChanges } from './change-watcher.ts';
import { pairedRounds, spread, type Spread } from './paired-rounds.ts';
import type { BenchServers } from './start-servers.ts';
import { quantile } from '../lib/stats.ts';

export interface StalenessSide {
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly edits: number;
  /** Edits whose event did not come within 5 s, or whose answer was not 2xx. */
  readonly missed: number;
}

export interface StalenessResult {
  readonly cluster: StalenessSide;
  readonly single: StalenessSide;
  readonly ratio: Spread;
}

const EVENT_TIMEOUT_MS = 5_000;

export const measureStaleness = async (servers: BenchServers, o: { readonly rounds: number; readonly edits: number; readonly log: (line: string) => void }): Promise<StalenessResult> => {
  const [writerAt, watchedAt] = servers.replicas;
  if (writerAt === undefined || watchedAt === undefined) throw new Error('two replicas needed');
  const pairs = {
    cluster: { writer: writerAt.url, watcher: await watchChanges(watchedAt.url) },
    single: { writer: servers.single.url, watcher: await watchChanges(servers.single.url) },
  };
  let mtu = 0;
  const pids = (): number[] => [servers.single.pid, ...servers.replicas.map((r) => r.pid), ...servers.natsPids()];
  try {
    const runs = await pairedRounds(o.rounds, pids, async (subject, round) => {
      const { writer, watcher } = pairs[subject];
      const times: number[] = [];
      let missed = 0;
      for (let i = 0; i < (round < 0 ? 10 : o.edits); i++) {
        mtu = (mtu + 1) % 8_000;
        const value = 1_000 + mtu;
        const r = await fetch(`${writer}/restconf/data/bench-net:network/mtu`, {
          method: 'PATCH', headers: { 'content-type': 'application/yang-data+json' }, body: JSON.stringify({ 'bench-net:mtu': value }),
        });
        const answered = performance.now();
        await r.arrayBuffer();
        if (r.status >= 300) {
          missed += 1;
          continue;
        }
        const seen = await watcher.arrival(value, EVENT_TIMEOUT_MS);
        if (seen === Infinity) {
          missed += 1;
          if (missed >= 3) throw new Error(`${subject}: 3 edits on ${writer} never reached the changes stream watched`);
        }
        times.push(seen - answered);
      }
      if (round >= 0) o.log(`  staleness round ${round + 1} ${subject}: p50 ${quantile(times, 0.5).toFixed(2)} ms, p99 ${quantile(times, 0.99).toFixed(2)} ms${missed > 0 ? `, ${missed} MISSED` : ''}`);
      return { times, missed };
    });
    const side = (rs: readonly { times: number[]; missed: number }[]): StalenessSide => {
      const all = rs.flatMap((r) => r.times);
      return { p50Ms: quantile(all, 0.5), p99Ms: quantile(all, 0.99), maxMs: Math.max(...all), edits: all.length, missed: rs.reduce((n, r) => n + r.missed, 0) };
    };
    return {
      cluster: side(runs.cluster),
      single: side(runs.single),
      ratio: spread(runs.cluster.map((r, i) => quantile(r.times, 0.99) / quantile(runs.single[i]?.times ?? [], 0.99))),
    };
  } finally {
    pairs.cluster.watcher.close();
    pairs.single.watcher.close();
  }
};
