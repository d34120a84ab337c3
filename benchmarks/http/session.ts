/**
 * The rows whose datastore has the same size share their servers, each in
 * a process of its own: `rxconf serve` on a fresh data file (and on
 * node:http, and with `-q`, when a row's pair needs it) and the raw
 * baselines (every answer those rows need). With CPU profiling on, the
 * shipped server's profile is cut into each row's time span.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { profilesIn, summarizeProfile } from './cpu-profile.ts';
import { measureRow, type RowResult } from './measure-row.ts';
import { probeRow, type Probe } from './probe-row.ts';
import { rssBytes, settle } from './process-stats.ts';
import { startRawBaseline, type RawAnswer } from './raw-baseline.ts';
import { pairOf, type Pair, type Row } from './rows.ts';
import { writeSeed } from './seed-data.ts';
import type { ServerProcess } from './server-process.ts';
import type { RxconfLauncher } from './spawn-rxconf.ts';

export interface SessionContext {
  readonly root: string;
  readonly launcher: RxconfLauncher;
  /** BENCH_HTTP_BEFORE: every row's baseline is this other tree's rxconf serve, started as the row's subject is. */
  readonly before?: RxconfLauncher;
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

/** One `rxconf serve` of the session, on a data file of its own (a datastore has one server). */
interface Rxconf {
  readonly server: ServerProcess;
  readonly how: string;
  readonly dataDir: string;
  readonly rssBefore: number;
}

/** Runs `rows` (all with the same `entries`) on the servers their pairs need. */
export const runSession = async (entries: number, rows: readonly Row[], c: SessionContext): Promise<SessionOutcome> => {
  const dir = mkdtempSync(join(tmpdir(), `rxconf-http-bench-${entries}-`));
  const profDir = join(dir, 'prof');
  mkdirSync(profDir);
  const outcome: SessionOutcome = { results: [], failures: [], problems: [] };
  const started: { readonly name: string; readonly server: ServerProcess }[] = [];
  const pairs = new Set(rows.map(pairOf));
  const startRxconf = async (name: string, extraArgs: readonly string[], profile: boolean, launcher = c.launcher): Promise<Rxconf> => {
    const dataDir = join(dir, `data-${name}`);
    mkdirSync(dataDir);
    writeSeed(join(dataDir, 'data.json'), entries);
    const s = await launcher.start({
      dataFile: join(dataDir, 'data.json'),
      stdoutFile: join(dir, `${name}-stdout.log`),
      extraArgs: [...(c.serveArgs ?? []), ...extraArgs],
      ...(profile && c.profileTop !== undefined ? { cpuProfileDir: profDir } : {}),
    });
    started.push({ name, server: s.server });
    await settle([s.server.pid]);
    return { server: s.server, how: s.how, dataDir, rssBefore: rssBytes(s.server.pid) };
  };
  try {
    // the subjects: rxconf as shipped, and on node:http when a row compares that path
    const shipped = pairs.has('uws') || (pairs.has('quiet') && c.before !== undefined) ? await startRxconf('rxconf', [], true) : undefined;
    const onHttp1 = pairs.has('node-http') ? await startRxconf('rxconf-http1', ['--transport', 'http1'], shipped === undefined) : undefined;
    // The access log's rows compare two servers that differ in the log alone: started together, each
    // serving the same requests in the same order. The server of the other rows would carry their
    // history (code compiled for every kind of request they made, a heap grown by their edits) against
    // a -q server that served only these rows.
    const logged = pairs.has('quiet') && c.before === undefined ? await startRxconf('rxconf-log', [], shipped === undefined && onHttp1 === undefined) : undefined;
    const subjectOf = (row: Row): Rxconf | undefined => {
      const pair = pairOf(row);
      if (pair === 'node-http') return onHttp1;
      return pair === 'quiet' && logged !== undefined ? logged : shipped;
    };
    const probes = new Map<Row, Probe>();
    const probe = async (row: Row): Promise<Probe | undefined> => {
      try {
        const subject = subjectOf(row);
        if (subject === undefined) throw new Error('its server did not start');
        const p = await probeRow(row, subject.server.url);
        probes.set(row, p);
        return p;
      } catch (e) {
        outcome.failures.push(`${row.key}: probe: ${message(e)}`);
        return undefined;
      }
    };
    // The reads' answers first (the raw baselines serve them). An edit row is probed just before it
    // runs: the first edit of a run writes a whole snapshot, whose garbage must not count in the
    // list rows' RSS growth (the reads run first for that reason).
    for (const row of rows) if (row.kind !== 'edit') await probe(row);
    const answers = new Map<string, RawAnswer>();
    for (const p of probes.values()) for (const a of p.answers) answers.set(a.path, a);
    const edits = rows.some((r) => r.kind === 'edit');
    const startRaw = async (name: string, transport: 'uws' | 'http1'): Promise<ServerProcess> => {
      const rawDir = join(dir, name);
      mkdirSync(rawDir);
      const server = await startRawBaseline(rawDir, c.root, [...answers.values()], edits, transport);
      started.push({ name, server });
      return server;
    };
    const baselines = new Map<Pair, { readonly server: ServerProcess; readonly name: string; readonly raw?: true }>();
    if (c.before !== undefined) {
      const before = c.before;
      const start = async (pair: Pair, name: string, args: readonly string[]): Promise<void> => {
        if (pairs.has(pair)) baselines.set(pair, { server: (await startRxconf(`before-${pair}`, args, false, before)).server, name });
      };
      await start('uws', 'rxconf before', []);
      await start('node-http', 'rxconf before (http1)', ['--transport', 'http1']);
      await start('quiet', 'rxconf before', []);
    } else {
      if (pairs.has('uws')) baselines.set('uws', { server: await startRaw('raw-uws', 'uws'), name: 'raw uWS', raw: true });
      if (pairs.has('node-http')) baselines.set('node-http', { server: await startRaw('raw-http1', 'http1'), name: 'raw node:http', raw: true });
      if (pairs.has('quiet')) baselines.set('quiet', { server: (await startRxconf('rxconf-quiet', ['--quiet'], false)).server, name: 'rxconf -q' });
    }
    const firsts = new Set<Rxconf>();
    for (const row of rows) {
      const subject = subjectOf(row);
      const baseline = baselines.get(pairOf(row));
      const p = row.kind === 'edit' ? await probe(row) : probes.get(row);
      if (p === undefined || subject === undefined || baseline === undefined) continue;
      const began = Date.now();
      c.log(`${row.key}: ${row.title} (${row.entries.toLocaleString('en')} entries, ${row.connections} connection${row.connections === 1 ? '' : 's'}, ${row.durationS} s rounds; ÷ ${baseline.name})`);
      // the first row on a server counts RSS growth from before its probes
      const before = firsts.has(subject) ? undefined : subject.rssBefore;
      firsts.add(subject);
      const servers = { rxconf: subject.server, raw: baseline.server, baseline: baseline.name, rawBaseline: baseline.raw === true, how: subject.how, dataDir: subject.dataDir };
      try {
        outcome.results.push(await measureRow(row, servers, p, c.log, before));
        c.log(`  (${((Date.now() - began) / 1000).toFixed(0)} s)`);
      } catch (e) {
        outcome.failures.push(`${row.key}: ${message(e)}`);
      }
    }
    for (const { name, server } of started) {
      for (const line of server.stderr) outcome.problems.push(`${name} (${entries} entries) stderr: ${line}`);
      const end = await server.stop();
      if (end !== 'exit 0' && name.startsWith('rxconf')) outcome.problems.push(`${name} (${entries} entries) ended with ${end} on SIGTERM`);
    }
    if (c.profileTop !== undefined) attachProfiles(profDir, c.root, c.profileTop, outcome);
  } catch (e) {
    const settled = (row: Row): boolean => outcome.results.some((r) => r.row === row) || outcome.failures.some((f) => f.startsWith(`${row.key}:`));
    for (const row of rows) if (!settled(row)) outcome.failures.push(`${row.key}: ${message(e)}`);
  } finally {
    for (const { server } of started) await server.stop();
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
