/** A measured row as the table shows it and results/http.json keeps it. */
import type { RowResult, Side } from './measure-row.ts';
import { quantile } from '../lib/stats.ts';

export interface ResultRow {
  readonly key: string;
  readonly request: string;
  readonly entries: number;
  readonly connections: number;
  /** What rxconf and raw are compared on. */
  readonly figure: 'req/s' | 'acknowledged edits/s' | 'body bytes/s' | 'p99 ms';
  readonly rxconf: number;
  readonly raw: number;
  /** The median of the paired rounds' ratios. */
  readonly ratio: number;
  /** The paired rounds' ratios: 25th and 75th percentiles, and how many rounds. */
  readonly spread: { readonly p25: number; readonly p75: number; readonly rounds: number };
  readonly baseline: string;
  readonly ratioMeaning: string;
  /** Latencies are null in JSON when a round saw no answer (slower than the round). */
  readonly details: Readonly<Record<string, number | string | boolean>>;
  readonly rxconfText: string;
  readonly rawText: string;
  readonly ratioText: string;
  readonly errorsText: string;
}

const n = (x: number): string => (x >= 100 ? Math.round(x).toLocaleString('en') : x.toPrecision(3));
const mb = (bytes: number): string => (bytes / 1_048_576).toFixed(1);
/** A latency, or the round's length when nothing was answered within it. */
const ms = (x: number, s: Side): string => (Number.isFinite(x) ? `${x.toPrecision(3)} ms` : `> ${s.windowMs / 1000} s (no answer in a round)`);

const throughput = (r: RowResult, s: Side): string => {
  switch (r.row.kind) {
    case 'get': return `${n(s.perSecond)} req/s`;
    case 'edit': return `${n(s.perSecond)}/s, ${ms(s.meanMs, s)} each`;
    case 'big-get': return `${mb(s.bytesPerSecond)} MB/s (${n(s.perSecond)} req/s), RSS +${mb(s.rssGrowth)} MB`;
    case 'small-under-big': return `p99 ${ms(s.p99Ms, s)} (${s.bigPerRound ?? 0} big GETs answered)`;
  }
};

export const resultRow = (r: RowResult): ResultRow => {
  const { row, rxconf, raw } = r;
  const latency = row.kind === 'small-under-big';
  const figure = latency ? 'p99 ms' : row.kind === 'big-get' ? 'body bytes/s' : row.kind === 'edit' ? 'acknowledged edits/s' : 'req/s';
  const pick = (s: Side): number => (latency ? s.p99Ms : row.kind === 'big-get' ? s.bytesPerSecond : s.perSecond);
  const ratio = quantile(r.ratios, 0.5);
  const spread = { p25: quantile(r.ratios, 0.25), p75: quantile(r.ratios, 0.75), rounds: r.ratios.length };
  const p = (x: number): string => (Number.isFinite(x) ? x.toPrecision(3) : '—');
  return {
    key: row.key,
    request: row.title,
    entries: row.entries,
    connections: row.connections + (row.bigConnections ?? 0),
    figure,
    rxconf: pick(rxconf),
    raw: pick(raw),
    ratio,
    spread,
    baseline: r.baseline,
    ratioMeaning: `median over paired rounds of ${latency ? `rxconf p99 ÷ ${r.baseline} p99 (lower is better)` : `rxconf ${figure} ÷ ${r.baseline} (higher is better)`}`,
    details: {
      'rxconf mean ms': rxconf.meanMs,
      'rxconf p99 ms': rxconf.p99Ms,
      'raw mean ms': raw.meanMs,
      'raw p99 ms': raw.p99Ms,
      'latency-measuring client per round ms': rxconf.windowMs,
      'rxconf RSS at start MB': rxconf.rssStart / 1_048_576,
      'rxconf RSS growth MB': rxconf.rssGrowth / 1_048_576,
      'raw RSS growth MB': raw.rssGrowth / 1_048_576,
      'answer bytes': r.bodyBytes,
      'raw answer bytes': r.rawBodyBytes,
      'raw answer identical': r.identical,
      'rxconf failed requests': rxconf.errors,
      'raw failed requests': raw.errors,
      ...(r.persisted === undefined ? {} : { persisted: r.persisted }),
      'rxconf serve': r.server,
    },
    rxconfText: throughput(r, rxconf),
    rawText: throughput(r, raw),
    ratioText: !Number.isFinite(ratio) ? '—' : `${p(ratio)} (${p(spread.p25)}–${p(spread.p75)})${latency ? ' ÷ p99' : ''}`,
    errorsText: `${rxconf.errors} / ${raw.errors}`,
  };
};
