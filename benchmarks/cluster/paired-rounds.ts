/**
 * Paired rounds: each round measures the cluster and the single process
 * back to back, the first mover swapped every round, every run started with
 * the servers idle. A figure's ratio is the median of the rounds' ratios,
 * given with their 25th–75th percentile.
 */
import { settle } from '../http/process-stats.ts';
import { median, quantile } from '../lib/stats.ts';

export type Subject = 'cluster' | 'single';

export interface Spread {
  readonly median: number;
  readonly p25: number;
  readonly p75: number;
}

export const spread = (xs: readonly number[]): Spread => ({ median: median(xs), p25: quantile(xs, 0.25), p75: quantile(xs, 0.75) });

export const ratioText = (s: Spread): string => `${s.median.toPrecision(3)} (${s.p25.toPrecision(3)}–${s.p75.toPrecision(3)})`;

/** Runs `measure` for each subject in `rounds` paired rounds (after one warm-up run each); the results by subject, in round order. */
export const pairedRounds = async <R>(
  rounds: number,
  pids: () => readonly number[],
  measure: (subject: Subject, round: number) => Promise<R>,
  warmUp = true,
): Promise<Record<Subject, R[]>> => {
  const out: Record<Subject, R[]> = { cluster: [], single: [] };
  if (warmUp) {
    for (const subject of ['cluster', 'single'] as const) {
      await settle(pids());
      await measure(subject, -1);
    }
  }
  for (let round = 0; round < rounds; round++) {
    for (const subject of round % 2 === 0 ? (['cluster', 'single'] as const) : (['single', 'cluster'] as const)) {
      await settle(pids());
      out[subject].push(await measure(subject, round));
    }
  }
  return out;
};
