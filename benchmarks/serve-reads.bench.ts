/**
 * Reads as a user meets them: `rxconf serve` (the assembled server, uWS,
 * embedded datastore loaded from --data) against raw uWebSockets.js in the
 * same run, loaded by wrk (one thread; 50 connections for small GETs, 4 for
 * the big lists). Rows:
 *
 * - GET leaf, GET list entry, GET module root: raw uWS answers the exact
 *   bytes rxconf gave for the same request.
 * - GET a 10,000- and a 100,000-entry list: raw uWS answers
 *   JSON.stringify of the same array, per request; compared in bytes/s.
 *   The server's RSS growth during its list rounds (highest sample, warm-up
 *   included, less the RSS after 2 s of small GETs just before the first)
 *   is reported per size: streaming keeps it flat.
 *
 * rxconf serves one list size at a time (a server per size, started just
 * before its rounds); it and raw uWS alternate within each round; the
 * median of the rounds is kept.
 *
 * Run: npm run bench -- serve-reads
 * Profile one kind instead: node --import tsx benchmarks/serve-reads.bench.ts --profile leaf|entry|root|list10k|list100k
 * (writes a .cpuprofile of rxconf serve and prints where the time went).
 * SERVE_ARGS adds `rxconf serve` arguments (e.g. --quiet: no access log).
 * rxconf runs from dist/ when built (as bin/rxconf.js does), else from the
 * sources through tsx; RXCONF_MAIN=FILE names another main.js.
 */
import { existsSync, mkdtempSync, writeFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report, type BenchRow } from './lib/report.ts';
import { cpuSecondsOf, startChild, rssOf, watchRss, type Child } from './serve-reads/processes.ts';
import { summarizeProfile } from './serve-reads/profile-summary.ts';
import { tableEntries } from './serve-reads/table-data.ts';
import { wrk, type WrkResult } from './serve-reads/wrk.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SMALL_SECONDS = Number(process.env.SECONDS ?? 3);
const BIG_SECONDS = Number(process.env.BIG_SECONDS ?? 5);
const WARMUP_SECONDS = 1;

interface Kind {
  readonly name: string;
  readonly label: string;
  readonly path: string;
  /** Which rxconf server (by list size) answers it. */
  readonly server: 10_000 | 100_000;
  readonly raw: string;
  readonly connections: number;
  readonly seconds: number;
  readonly big: boolean;
}

const allKinds: readonly Kind[] = [
  { name: 'leaf', label: 'GET leaf', path: '/restconf/data/bench-reads:system/hostname', server: 10_000, raw: '/fixed/leaf', connections: 50, seconds: SMALL_SECONDS, big: false },
  { name: 'entry', label: 'GET list entry', path: '/restconf/data/bench-reads:interfaces/interface=eth3', server: 10_000, raw: '/fixed/entry', connections: 50, seconds: SMALL_SECONDS, big: false },
  { name: 'root', label: 'GET module root', path: '/restconf/data/bench-reads:', server: 10_000, raw: '/fixed/root', connections: 50, seconds: SMALL_SECONDS, big: false },
  { name: 'list10k', label: 'GET 10,000-entry list', path: '/restconf/data/bench-table:table/entry', server: 10_000, raw: '/list/10000', connections: 4, seconds: BIG_SECONDS, big: true },
  { name: 'list100k', label: 'GET 100,000-entry list', path: '/restconf/data/bench-table:table/entry', server: 100_000, raw: '/list/100000', connections: 4, seconds: BIG_SECONDS, big: true },
];

/** KINDS=leaf,list10k measures only those. */
const kinds = process.env.KINDS === undefined ? allKinds : allKinds.filter((k) => (process.env.KINDS ?? '').split(',').includes(k.name));

const dataFile = (dir: string, entries: number): string => {
  const file = join(dir, `data-${entries}.json`);
  const doc = {
    'bench-reads:system': { hostname: 'rxconf-bench', location: 'lab 3, rack 12', contact: 'ops@example.com', enabled: true, mtu: 1500, clock: { timezone: 'Europe/Paris' } },
    'bench-reads:interfaces': {
      interface: Array.from({ length: 10 }, (_, i) => ({
        name: `eth${i}`, description: `uplink ${i} to the core switch`, type: 'ethernetCsmacd', enabled: i % 3 !== 0, mtu: 9000, speed: 10_000_000, address: `192.0.2.${i + 1}/24`,
      })),
    },
    'bench-table:table': { entry: tableEntries(entries) },
    'rxconf-server:server': { limits: { 'max-node-count': 100_000_000 } },
  };
  writeFileSync(file, JSON.stringify(doc));
  return file;
};

/** More `rxconf serve` arguments (SERVE_ARGS='--quiet' leaves the access log out). */
const moreArgs = (process.env.SERVE_ARGS ?? '').split(' ').filter((a) => a !== '');

const serveArgs = (data: string, extra: readonly string[] = []): string[] => [
  ...extra, ...rxconfMain(), 'serve', '--path', join(here, 'fixtures'), '--module', 'bench-reads', '--module', 'bench-table',
  '--data', data, '--host', '127.0.0.1', '--port', '0', ...moreArgs,
];

/** The rxconf command: RXCONF_MAIN, else the built dist/ (as bin/rxconf.js runs it), else the sources through tsx. */
const rxconfMain = (): string[] => {
  if (process.env.RXCONF_MAIN !== undefined) return [process.env.RXCONF_MAIN];
  const built = join(root, 'dist', 'cli', 'main.js');
  return existsSync(built) ? [built] : ['--import', 'tsx', join(root, 'src', 'cli', 'main.ts')];
};

const startRxconf = (data: string, extra: readonly string[] = []): Promise<Child> =>
  startChild(serveArgs(data, extra), /listening on http:\/\/127\.0\.0\.1:(\d+)/);

/** The RSS of a server warmed up by small requests (what it holds serving, before any big list). */
const warmRss = async (port: number, pid: number): Promise<number> => {
  await wrk(`http://127.0.0.1:${port}/restconf/data/bench-reads:system/hostname`, 4, 2);
  return rssOf(pid);
};

const fetchBody = async (port: number, path: string): Promise<string> => {
  const r = await fetch(`http://127.0.0.1:${port}${path}`);
  const text = await r.text();
  if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${text.slice(0, 300)}`);
  return text;
};

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

const profile = async (kindName: string, dir: string): Promise<void> => {
  const kind = allKinds.find((k) => k.name === kindName);
  if (kind === undefined) throw new Error(`no kind ${kindName}: ${allKinds.map((k) => k.name).join(', ')}`);
  const profDir = join(dir, 'prof');
  const started = Date.now();
  const server = await startRxconf(dataFile(dir, kind.server), ['--cpu-prof', '--cpu-prof-dir', profDir]);
  const url = `http://127.0.0.1:${server.port}${kind.path}`;
  await wrk(url, kind.connections, WARMUP_SECONDS);
  const skip = (Date.now() - started) / 1000;
  const r = await wrk(url, kind.connections, Number(process.env.PROFILE_SECONDS ?? 10));
  await server.stop();
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  if (file === undefined) throw new Error('no profile written');
  console.log(`${kind.label}: ${r.requestsPerSecond.toFixed(0)} req/s under the profiler; profile ${join(profDir, file)}`);
  summarizeProfile(join(profDir, file), Number(process.env.TOP ?? 40), skip);
};

const measure = async (dir: string): Promise<void> => {
  const sizes = ([10_000, 100_000] as const).filter((size) => kinds.some((k) => k.server === size));
  // One rxconf server at a time, started just before its rounds: none idles
  // (V8 shrinks an idle heap, and regrowing it is not what a read costs).
  let server = await startRxconf(dataFile(dir, sizes[0] ?? 10_000));
  const fixed: Record<string, string> = {};
  for (const k of kinds.filter((x) => !x.big)) fixed[k.name] = await fetchBody(server.port, k.path);
  const fixedFile = join(dir, 'fixed.json');
  writeFileSync(fixedFile, JSON.stringify(fixed));
  const raw = await startChild(['--import', 'tsx', join(here, 'serve-reads', 'raw-server.ts'), fixedFile, '10000,100000'], /listening (\d+)/);
  const bytes = new Map<string, { rxconf: number; raw: number }>();
  /** Per server: RSS after 2 s of small GETs just before its first list round, and the highest RSS during its list rounds. */
  const rss = new Map<number, { before: number; peak: number }>();
  type Measured = WrkResult & { readonly cpuPerRequest: number };
  const results = new Map<string, { rxconf: Measured[]; raw: Measured[] }>(kinds.map((k) => [k.name, { rxconf: [], raw: [] }]));
  for (const [i, size] of sizes.entries()) {
    if (i > 0) server = await startRxconf(dataFile(dir, size));
    const served = kinds.filter((k) => k.server === size);
    for (const k of served) {
      bytes.set(k.name, {
        rxconf: k.big ? Buffer.byteLength(await fetchBody(server.port, k.path)) : Buffer.byteLength(fixed[k.name] ?? ''),
        raw: Buffer.byteLength(await fetchBody(raw.port, k.raw)),
      });
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const k of served) {
        const targets: [string, string, Child][] = [['rxconf', `http://127.0.0.1:${server.port}${k.path}`, server], ['raw', `http://127.0.0.1:${raw.port}${k.raw}`, raw]];
        if (round % 2 === 1) targets.reverse();
        for (const [who, url, child] of targets) {
          if (who === 'rxconf' && k.big && !rss.has(size)) rss.set(size, { before: await warmRss(child.port, child.pid), peak: 0 });
          const watch = who === 'rxconf' && k.big ? watchRss(child.pid) : undefined;
          await wrk(url, k.connections, WARMUP_SECONDS);
          const cpu0 = cpuSecondsOf(child.pid);
          const r = await wrk(url, k.connections, k.seconds);
          const cpu = cpuSecondsOf(child.pid) - cpu0;
          const peak = watch?.stop();
          if (peak !== undefined) {
            const m = rss.get(size);
            if (m !== undefined) m.peak = Math.max(m.peak, peak);
          }
          if (r.errors > 0) console.error(`${k.label} ${who}: ${r.errors} errors`);
          results.get(k.name)?.[who as 'rxconf' | 'raw'].push({ ...r, cpuPerRequest: cpu / Math.max(1, r.requests) });
        }
      }
    }
    await server.stop();
  }
  const rows: BenchRow[] = [];
  for (const k of kinds) {
    const r = results.get(k.name) as { rxconf: Measured[]; raw: Measured[] };
    const cx = median(r.rxconf.map((x) => x.cpuPerRequest));
    const cw = median(r.raw.map((x) => x.cpuPerRequest));
    const b = bytes.get(k.name) as { rxconf: number; raw: number };
    const rx = median(r.rxconf.map((x) => x.requestsPerSecond));
    const rw = median(r.raw.map((x) => x.requestsPerSecond));
    const ratio = k.big ? (rx * b.rxconf) / (rw * b.raw) : rx / rw;
    const growth = k.big ? (() => { const m = rss.get(k.server); return m === undefined ? 0 : (m.peak - m.before) / 2 ** 20; })() : undefined;
    rows.push({
      request: k.label,
      bytes: b.rxconf,
      'rxconf req/s': Math.round(rx),
      'raw req/s': Math.round(rw),
      'rxconf MB/s': (rx * b.rxconf) / 2 ** 20,
      'raw MB/s': (rw * b.raw) / 2 ** 20,
      ratio,
      'CPU µs/req rxconf': cx * 1e6,
      'CPU µs/req raw': cw * 1e6,
      'RSS before MB': k.big ? (rss.get(k.server)?.before ?? 0) / 2 ** 20 : '',
      'RSS growth MB': growth ?? '',
    });
  }
  const g10 = rss.get(10_000);
  const g100 = rss.get(100_000);
  const growthRatio = g10 !== undefined && g100 !== undefined ? (g100.peak - g100.before) / Math.max(1, g10.peak - g10.before) : 0;
  report('serve-reads', rows, {
    'ratio': 'small GETs: req/s ÷ raw uWS with the same bytes; lists: bytes/s ÷ raw uWS doing JSON.stringify per request',
    'CPU µs/req': 'server process CPU time (user + system) per answered request, from /proc',
    'RSS growth at 100,000 ÷ at 10,000': growthRatio,
    'rounds (median kept)': ROUNDS,
    'rxconf serve': moreArgs.length === 0 ? 'as a user runs it (access log on stdout, read and dropped)' : `with ${moreArgs.join(' ')}`,
    'wrk': `1 thread; 50 connections small, 4 lists; ${SMALL_SECONDS}s / ${BIG_SECONDS}s per measurement after ${WARMUP_SECONDS}s warm-up`,
  });
  await raw.stop();
};

const dir = mkdtempSync(join(tmpdir(), 'rxconf-serve-reads-'));
try {
  const at = process.argv.indexOf('--profile');
  if (at >= 0) await profile(process.argv[at + 1] ?? '', dir);
  else await measure(dir);
} finally {
  if (process.env.KEEP === undefined) rmSync(dir, { recursive: true, force: true });
}
