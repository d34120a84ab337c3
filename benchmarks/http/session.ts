/**
 * The rows whose datastore has the same size share one pair of servers:
 * `rxconf serve` on a fresh data file and the raw uWS baseline (every
 * answer those rows need), each in a process of its own. With CPU
 * profiling on, the server's profile is cut into each row's time span.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { profilesIn, summarizeProfile } from './cpu-profile.ts';
import { measureRow, type RowResult } from './measure-row.ts';
import { probeRow, type Probe } from './probe-row.ts';
import { rssBytes, settle } from './process-stats.ts';
import { startRawBaseline, type RawAnswer } from './raw-baseline.ts';
import type { Row } from './rows.ts';
import { writeSeed } from './seed-data.ts';
import type { ServerProcess } from './server-process.ts';
import type { RxconfLauncher } from './spawn-rxconf.ts';

export interface SessionContext {
  readonly root: string;
  readonly launcher: RxconfLauncher;
  /** Profile rxconf serve and keep this many functions per row. */
  readonly profileTop?: number;
  readonly serveArgs?: readonly string[];
  readonly log: (line: string) => void;
}

export interface SessionOutcome {
  readonly results: RowResult[];
  /** Rows that could not be measured, and why. */
  readonly failures: string[];
  /** What the session saw beside the rows (server stderr, exit). */
  readonly problems: string[];
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Runs `rows` (all with the same `entries`) on one pair of servers. */
export const runSession = async (entries: number, rows: readonly Row[], c: SessionContext): Promise<SessionOutcome> => {
  const dir = mkdtempSync(join(tmpdir(), `rxconf-http-bench-${entries}-`));
  const dataDir = join(dir, 'data');
  const rawDir = join(dir, 'raw');
  const profDir = join(dir, 'prof');
  for (const d of [dataDir, rawDir, profDir]) mkdirSync(d);
  const outcome: SessionOutcome = { results: [], failures: [], problems: [] };
  let rxconf: ServerProcess | undefined;
  let raw: ServerProcess | undefined;
  try {
    writeSeed(join(dataDir, 'data.json'), entries);
    const started = await c.launcher.start({
      dataFile: join(dataDir, 'data.json'),
      stdoutFile: join(dir, 'rxconf-stdout.log'),
      extraArgs: c.serveArgs ?? [],
      ...(c.profileTop === undefined ? {} : { cpuProfileDir: profDir }),
    });
    rxconf = started.server;
    await settle([rxconf.pid]);
    const rssBefore = rssBytes(rxconf.pid);
    const url = rxconf.url;
    const probes = new Map<Row, Probe>();
    const probe = async (row: Row): Promise<Probe | undefined> => {
      try {
        const p = await probeRow(row, url);
        probes.set(row, p);
        return p;
      } catch (e) {
        outcome.failures.push(`${row.key}: probe: ${message(e)}`);
        return undefined;
      }
    };
    // The reads' answers first (the raw baseline serves them). An edit row is probed just before it
    // runs: the first edit of a run writes a whole snapshot, whose garbage must not count in the
    // list rows' RSS growth (the reads run first for that reason).
    for (const row of rows) if (row.kind !== 'edit') await probe(row);
    const answers = new Map<string, RawAnswer>();
    for (const p of probes.values()) for (const a of p.answers) answers.set(a.path, a);
    raw = await startRawBaseline(rawDir, c.root, [...answers.values()], rows.some((r) => r.kind === 'edit'));
    const servers = { rxconf, raw, how: started.how, dataDir };
    let first = true;
    for (const row of rows) {
      const p = row.kind === 'edit' ? await probe(row) : probes.get(row);
      if (p === undefined) continue;
      const began = Date.now();
      c.log(`${row.key}: ${row.title} (${row.entries.toLocaleString('en')} entries, ${row.connections} connection${row.connections === 1 ? '' : 's'}, ${row.durationS} s rounds)`);
      const before = first ? rssBefore : undefined;
      first = false;
      try {
        outcome.results.push(await measureRow(row, servers, p, c.log, before));
        c.log(`  (${((Date.now() - began) / 1000).toFixed(0)} s)`);
      } catch (e) {
        outcome.failures.push(`${row.key}: ${message(e)}`);
      }
    }
    for (const line of rxconf.stderr) outcome.problems.push(`rxconf serve (${entries} entries) stderr: ${line}`);
    const end = await rxconf.stop();
    if (end !== 'exit 0') outcome.problems.push(`rxconf serve (${entries} entries) ended with ${end} on SIGTERM`);
    if (c.profileTop !== undefined) attachProfiles(profDir, c.root, c.profileTop, outcome);
  } catch (e) {
    const settled = (row: Row): boolean => outcome.results.some((r) => r.row === row) || outcome.failures.some((f) => f.startsWith(`${row.key}:`));
    for (const row of rows) if (!settled(row)) outcome.failures.push(`${row.key}: ${message(e)}`);
  } finally {
    await rxconf?.stop();
    await raw?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return outcome;
};

/** Each row's share of the server's profile: the samples within its time span (not start-up). */
const attachProfiles = (dir: string, root: string, top: number, outcome: SessionOutcome): void => {
  const [file] = profilesIn(dir);
  if (file === undefined) {
    outcome.problems.push('no CPU profile was written (did the server exit normally?)');
    return;
  }
  for (const r of outcome.results) r.profile = summarizeProfile(file, root, top, r.window);
};
