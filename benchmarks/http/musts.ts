/**
 * The aims of the http benchmark, judged on one run's rows (each a median
 * of paired rounds). A row that had failed requests meets nothing.
 */
import type { RowResult } from './measure-row.ts';
import { quantile } from '../lib/stats.ts';

export interface Must {
  readonly what: string;
  readonly value: number | null;
  readonly threshold: string;
  readonly status: 'met' | 'not met' | 'not measured';
  readonly note?: string;
}

type Find = (key: string) => RowResult | undefined;

const judge = (what: string, rows: readonly (RowResult | undefined)[], value: (() => number) | undefined, threshold: string, met: (v: number) => boolean): Must => {
  if (rows.some((r) => r === undefined) || value === undefined) return { what, value: null, threshold, status: 'not measured' };
  const v = value();
  if (!Number.isFinite(v)) return { what, value: null, threshold, status: 'not met', note: 'not finite: nothing answered within a round, or a zero baseline' };
  const failed = rows.filter((r) => r !== undefined && r.rxconf.errors > 0).map((r) => r?.row.key);
  if (failed.length > 0) return { what, value: v, threshold, status: 'not met', note: `failed requests in ${failed.join(', ')}` };
  return { what, value: v, threshold, status: met(v) ? 'met' : 'not met' };
};

/** The row's figure ÷ its baseline's: the median of its paired rounds' ratios. */
const ratio = (r: RowResult | undefined): number => (r === undefined ? NaN : quantile(r.ratios, 0.5));

/** What one client's edits can reach on this disk: the raw server that writes each edit durably (row patch-leaf-1-durable). */
const withDiskCeiling = (m: Must, durable: RowResult | undefined): Must => {
  if (durable === undefined) return m;
  const ceiling = `raw uWS writing each edit durably: ${Math.round(durable.raw.perSecond).toLocaleString('en')}/s, rxconf ${ratio(durable).toFixed(2)} of it`;
  return { ...m, note: m.note === undefined ? ceiling : `${m.note}; ${ceiling}` };
};

export const judgeMusts = (find: Find): Must[] => {
  const at = (key: string) => find(key);
  const ratioMust = (key: string, what: string, min: number): Must =>
    judge(what, [at(key)], () => ratio(at(key)), `≥ ${min} of ${at(key)?.baseline ?? 'the baseline'}`, (v) => v >= min);
  const e100 = at('edit-100');
  const e100k = at('edit-100k');
  const l10k = at('list-10k');
  const l100k = at('list-100k');
  const small = at('small-under-big');
  return [
    ratioMust('get-leaf', 'GET leaf, req/s ÷ raw uWS', 0.5),
    ratioMust('get-entry', 'GET list entry, req/s ÷ raw uWS', 0.4),
    ratioMust('get-root', 'GET module root, req/s ÷ raw uWS', 0.25),
    ratioMust('patch-leaf-50', 'PATCH leaf persisted, 50 clients, req/s ÷ raw uWS (read body, 204)', 0.25),
    withDiskCeiling(judge('PATCH leaf persisted, 1 client: acknowledged edits/s', [at('patch-leaf-1')], () => at('patch-leaf-1')?.rxconf.perSecond ?? NaN, '≥ 2,000 edits/s', (v) => v >= 2000), at('patch-leaf-1-durable')),
    judge('PATCH one entry: time per edit at 100,000 entries ÷ at 100 (same module)', [e100, e100k], () => (e100k?.rxconf.meanMs ?? NaN) / (e100?.rxconf.meanMs ?? NaN), '≤ 1.5', (v) => v <= 1.5),
    judge('GET 10,000-entry list, bytes/s ÷ raw uWS + JSON.stringify', [l10k], () => ratio(l10k), '≥ 0.5', (v) => v >= 0.5),
    judge('GET 100,000-entry list, bytes/s ÷ raw uWS + JSON.stringify', [l100k], () => ratio(l100k), '≥ 0.5', (v) => v >= 0.5),
    judge('server RSS growth serving the list: 100,000 entries ÷ 10,000', [l10k, l100k], () => (l100k?.rxconf.rssGrowth ?? NaN) / (l10k?.rxconf.rssGrowth ?? NaN), '≤ 1.2', (v) => v <= 1.2),
    judge('GET leaf p99 under 20 concurrent GETs of a 50,000-entry list, 9 MB (ms)', [small], () => small?.rxconf.p99Ms ?? NaN, '≤ 50 ms', (v) => v <= 50),
    ratioMust('get-leaf-log', 'GET leaf, access log on ÷ -q', 0.9),
    ratioMust('patch-leaf-50-log', 'PATCH leaf, 50 clients, access log on ÷ -q', 0.9),
    ratioMust('get-leaf-node', 'GET leaf on node:http, req/s ÷ raw node:http', 0.6),
    ratioMust('patch-leaf-50-node', 'PATCH leaf persisted, 50 clients on node:http, req/s ÷ raw node:http', 0.3),
  ];
};
