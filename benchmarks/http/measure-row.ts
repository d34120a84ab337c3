/**
 * One row on a running pair of servers (see session.ts): a warm-up run on
 * each, then `ROUNDS` paired rounds alternating which goes first, every run
 * started with both servers idle. Each round gives one ratio (the subject's
 * figure ÷ the baseline's, run back to back); the row's ratio is the median
 * of the rounds' ratios, with their spread. Other figures are the medians
 * of the rounds.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { monotonicUs, type ProfileSummary, type Window } from './cpu-profile.ts';
import type { Probe } from './probe-row.ts';
import { peakRss, rssBytes, settle } from './process-stats.ts';
import type { Row } from './rows.ts';
import type { ServerProcess } from './server-process.ts';
import { errorCount, runWrk, type WrkResult } from './wrk.ts';
import { median } from '../lib/stats.ts';

/** Paired rounds per row: BENCH_HTTP_ROUNDS, at least 10 for a verdict. */
export const ROUNDS = Math.max(1, Number(process.env.BENCH_HTTP_ROUNDS ?? '') || 10);

export interface Side {
  /** 2xx answers per second (median of the rounds). */
  readonly perSecond: number;
  readonly bytesPerSecond: number;
  /** Latencies: Infinity when a round saw no answer (slower than the round). */
  readonly meanMs: number;
  readonly p99Ms: number;
  /** How long the latency-measuring client ran per round. */
  readonly windowMs: number;
  /** Failed requests over every run of the row (connect/read/write errors, non-2xx, time-outs). */
  readonly errors: number;
  readonly rssStart: number;
  /** Highest RSS during the row's runs minus the RSS before them. */
  readonly rssGrowth: number;
  /** small-under-big: big GETs answered per round (median). */
  readonly bigPerRound?: number;
}

export interface RowResult {
  readonly row: Row;
  readonly rxconf: Side;
  readonly raw: Side;
  readonly bodyBytes: number;
  readonly rawBodyBytes: number;
  /** The raw baseline's answer has the same bytes as rxconf's. */
  readonly identical: boolean;
  /** Each paired round's ratio (subject ÷ baseline, back to back), in round order. */
  readonly ratios: readonly number[];
  /** edit rows: the data directory was written during the row's runs. */
  readonly persisted?: boolean;
  readonly problems: string[];
  /** When the row ran, on the clock of V8's CPU profiles. */
  readonly window: Window;
  readonly rxconfRequests: number;
  /** How rxconf serve ran for this row. */
  readonly server: string;
  /** What the row was divided by. */
  readonly baseline: string;
  profile?: ProfileSummary;
}

export interface Servers {
  /** The subject: rxconf serve. */
  readonly rxconf: ServerProcess;
  /** The baseline it is divided by. */
  readonly raw: ServerProcess;
  /** The baseline's name in the table (raw uWS, raw node:http, rxconf -q). */
  readonly baseline: string;
  /** The baseline is a raw server (rows' `rawPrefix` apply to it). */
  readonly rawBaseline: boolean;
  /** How rxconf serve runs. */
  readonly how: string;
  /** rxconf's data directory. */
  readonly dataDir: string;
}

interface Run { readonly main: WrkResult; readonly big?: WrkResult }
type SideName = 'rxconf' | 'raw';


const signature = (dir: string): string =>
  readdirSync(dir).sort().map((f) => { const s = statSync(join(dir, f)); return `${f}:${s.size}:${s.mtimeMs}`; }).join(',');

const runOnce = async (row: Row, url: string, durationS: number): Promise<Run> => {
  const main = { connections: row.connections, timeoutS: row.timeoutS, ...(row.edit === undefined ? {} : { edit: row.edit, entries: row.entries }) };
  if (row.kind !== 'small-under-big') return { main: await runWrk({ ...main, url: url + row.path, durationS }) };
  const bigRun = runWrk({ url: url + (row.bigPath ?? ''), connections: row.bigConnections ?? 1, durationS, timeoutS: row.timeoutS });
  await sleep(500); // let the big answers start
  const small = await runWrk({ url: url + row.path, connections: 1, durationS: Math.max(1, durationS - 1), timeoutS: row.timeoutS, paceMs: 10 });
  return { main: small, big: await bigRun };
};

/** A latency in ms; Infinity when nothing was answered within the run. */
const latencyMs = (r: WrkResult, us: number): number => (r.requests === 0 ? Infinity : us / 1000);

const ok = (r: WrkResult): number => (r.requests - r.non2xx) / (r.durationUs / 1e6);

/** The figure a row compares, for one run: req/s (bytes/s for big GETs, in proportion), or the p99 for latency rows. */
const figure = (row: Row, run: Run, bytes: number): number =>
  row.kind === 'small-under-big' ? latencyMs(run.main, run.main.p99Us) : ok(run.main) * (row.kind === 'big-get' ? bytes : 1);

/**
 * `rxconfRssBefore`: rxconf's RSS before the row's probe, when it was the
 * session's first (the probe already read the row's answer once).
 */
export const measureRow = async (row: Row, s: Servers, probe: Probe, log: (line: string) => void, rxconfRssBefore?: number): Promise<RowResult> => {
  const problems: string[] = [];
  const pids = [s.rxconf.pid, s.raw.pid];
  await settle(pids);
  const written = signature(s.dataDir);
  const start = { rxconf: rxconfRssBefore ?? rssBytes(s.rxconf.pid), raw: rssBytes(s.raw.pid) };
  const peaks = { rxconf: peakRss(s.rxconf.pid), raw: peakRss(s.raw.pid) };
  const runs = { rxconf: [] as Run[], raw: [] as Run[] };
  const errors = { rxconf: 0, raw: 0 };
  let rxconfRequests = 0;
  const diagnosed = new Set<SideName>();
  const base = (side: SideName): string => s[side].url + (side === 'raw' && s.rawBaseline ? row.rawPrefix ?? '' : '');
  const measure = async (side: SideName, durationS: number): Promise<Run> => {
    await settle(pids);
    const run = await runOnce(row, base(side), durationS);
    const failed = errorCount(run.main) + (run.big === undefined ? 0 : errorCount(run.big));
    errors[side] += failed;
    if (side === 'rxconf') rxconfRequests += run.main.requests + (run.big?.requests ?? 0);
    if (failed > 0 && !diagnosed.has(side)) {
      diagnosed.add(side);
      problems.push(`${side}: ${describeFailures(run)}${await captureBad(row, base(side))}`);
    }
    return run;
  };
  const fromUs = monotonicUs();
  const warmS = row.entries >= 10_000 ? 2 : 1;
  await measure('rxconf', warmS);
  await measure('raw', warmS);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const side of round % 2 === 0 ? (['rxconf', 'raw'] as const) : (['raw', 'rxconf'] as const)) {
      const run = await measure(side, row.durationS);
      runs[side].push(run);
      log(`  ${row.key} round ${round + 1} ${side === 'raw' ? s.baseline : 'rxconf'}: ${describe(row, run)}`);
    }
  }
  const window: Window = { fromUs, toUs: monotonicUs() };
  const growth = { rxconf: peaks.rxconf.stop() - start.rxconf, raw: peaks.raw.stop() - start.raw };
  // acknowledged edits are durable: the data directory has changed by now
  const persisted = signature(s.dataDir) !== written;
  const side = (name: SideName, bytes: number): Side => {
    const rs = runs[name];
    const perSecond = median(rs.map((r) => ok(r.main)));
    return {
      perSecond,
      bytesPerSecond: perSecond * bytes,
      meanMs: median(rs.map((r) => latencyMs(r.main, r.main.meanUs))),
      p99Ms: median(rs.map((r) => latencyMs(r.main, r.main.p99Us))),
      windowMs: row.kind === 'small-under-big' ? (row.durationS - 1) * 1000 : row.durationS * 1000,
      errors: errors[name],
      rssStart: start[name],
      rssGrowth: growth[name],
      ...(row.kind === 'small-under-big' ? { bigPerRound: median(rs.map((r) => (r.big?.requests ?? 0) - (r.big?.non2xx ?? 0))) } : {}),
    };
  };
  const ratios = runs.rxconf.map((r, i) => {
    const base = runs.raw[i];
    return base === undefined ? NaN : figure(row, r, probe.bodyBytes) / figure(row, base, probe.rawBodyBytes);
  });
  return {
    row,
    ratios,
    baseline: s.baseline,
    rxconf: side('rxconf', probe.bodyBytes),
    raw: side('raw', probe.rawBodyBytes),
    bodyBytes: probe.bodyBytes,
    rawBodyBytes: probe.rawBodyBytes,
    identical: probe.identical,
    ...(row.kind === 'edit' ? { persisted } : {}),
    problems,
    window,
    rxconfRequests,
    server: s.how,
  };
};

const describe = (row: Row, run: Run): string => {
  const r = run.main;
  const base = r.requests === 0 ? 'no answer' : `${Math.round(ok(r))}/s mean ${(r.meanUs / 1000).toFixed(2)} ms p99 ${(r.p99Us / 1000).toFixed(2)} ms`;
  const errs = errorCount(r) + (run.big === undefined ? 0 : errorCount(run.big));
  return `${base}${run.big === undefined ? '' : `, ${run.big.requests} big GETs`}${errs > 0 ? `, ${errs} FAILED` : ''}${row.kind === 'edit' ? ` (${r.requests} edits)` : ''}`;
};

const describeFailures = (run: Run): string =>
  [run.main, ...(run.big === undefined ? [] : [run.big])]
    .map((r) => `${r.requests} answers, ${r.non2xx} non-2xx, ${r.timeouts} time-outs, ${r.connectErrors} connect / ${r.readErrors} read / ${r.writeErrors} write errors`)
    .join('; ');

/** A short wrk run that prints the first non-2xx answers (status and body). */
const captureBad = async (row: Row, url: string): Promise<string> => {
  const r = await runWrk({ url: url + row.path, connections: row.connections, durationS: 1, timeoutS: row.timeoutS, capture: true, ...(row.edit === undefined ? {} : { edit: row.edit, entries: row.entries }) });
  return r.bad.length === 0 ? ' (a 1 s re-run with capture saw no non-2xx answer)' : `; first non-2xx answers: ${r.bad.join(' | ')}`;
};
