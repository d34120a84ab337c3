/**
 * Commits per second: PATCH of one random entry of the interface list (a
 * new description each time, persisted) by 50 keep-alive clients, for
 * `durationS` per round. The cluster's 50 clients are spread over its 3
 * replicas (17, 17, 16), one wrk process per replica running at the same
 * time, each with edits of its own (its own random entries and
 * descriptions: otherwise all three send the same edits, and two of every
 * three would change nothing); the single process gets all 50 from one
 * wrk. Figures: acknowledged
 * (2xx) commits per second, and the p99 latency of a commit (for the
 * cluster the highest of its three wrk processes' p99s, each over its own
 * third of the requests: at or above the p99 of all of them).
 */
import { pairedRounds, spread, type Spread } from './paired-rounds.ts';
import type { BenchServers } from './start-servers.ts';
import { errorCount, runWrk, type WrkResult } from '../http/wrk.ts';
import { median } from '../lib/stats.ts';

export const CLIENTS = 50;

export interface CommitsSide {
  /** Acknowledged commits per second (median of the rounds). */
  readonly perSecond: number;
  /** p99 commit latency in ms (median of the rounds). */
  readonly p99Ms: number;
  /** Failed requests over all rounds (non-2xx: 409 in-use, 503; time-outs, socket errors). */
  readonly errors: number;
  readonly commits: number;
}

export interface CommitsResult {
  readonly cluster: CommitsSide;
  readonly single: CommitsSide;
  readonly ratio: Spread;
}

interface Run {
  readonly okPerSecond: number;
  readonly p99Ms: number;
  readonly errors: number;
  readonly commits: number;
}

const split = (total: number, parts: number): number[] =>
  Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));

const combine = (runs: readonly WrkResult[]): Run => ({
  okPerSecond: runs.reduce((n, r) => n + (r.requests - r.non2xx) / (r.durationUs / 1e6), 0),
  p99Ms: Math.max(...runs.map((r) => (r.requests === 0 ? Infinity : r.p99Us / 1000))),
  errors: runs.reduce((n, r) => n + errorCount(r), 0),
  commits: runs.reduce((n, r) => n + r.requests - r.non2xx, 0),
});

const PATH = '/restconf/data/bench-net:network/interface';

export const measureCommits = async (servers: BenchServers, o: { readonly rounds: number; readonly durationS: number; readonly entries: number; readonly log: (line: string) => void }): Promise<CommitsResult> => {
  const urls = { cluster: servers.replicas.map((r) => r.url), single: [servers.single.url] };
  const pids = (): number[] => [servers.single.pid, ...servers.replicas.map((r) => r.pid), ...servers.natsPids()];
  const runs = await pairedRounds(o.rounds, pids, async (subject, round) => {
    const targets = urls[subject];
    const conns = split(CLIENTS, targets.length);
    const durationS = round < 0 ? 1 : o.durationS;
    // (each wrk process its own edits: alike, those of the later ones would change nothing)
    const results = await Promise.all(targets.map((url, i) => runWrk({ url: url + PATH, connections: conns[i] as number, durationS, timeoutS: 10, edit: 'entry', entries: o.entries, stream: i + 1 })));
    const run = combine(results);
    if (round >= 0) o.log(`  commits round ${round + 1} ${subject}: ${Math.round(run.okPerSecond)}/s, p99 ${run.p99Ms.toFixed(1)} ms${run.errors > 0 ? `, ${run.errors} FAILED` : ''}`);
    return run;
  });
  const side = (rs: readonly Run[]): CommitsSide => ({
    perSecond: median(rs.map((r) => r.okPerSecond)),
    p99Ms: median(rs.map((r) => r.p99Ms)),
    errors: rs.reduce((n, r) => n + r.errors, 0),
    commits: rs.reduce((n, r) => n + r.commits, 0),
  });
  return {
    cluster: side(runs.cluster),
    single: side(runs.single),
    ratio: spread(runs.cluster.map((r, i) => r.okPerSecond / (runs.single[i]?.okPerSecond ?? NaN))),
  };
};
