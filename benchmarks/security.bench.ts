/**
 * What security costs, as ratios within one run (the machine is shared):
 *
 * - GET of a leaf and of a 10,000-entry list from `rxconf serve` with Basic
 *   authentication (every request carries credentials; verified once, then
 *   known) and NACM with 20 rules (the user's reads pass through the
 *   guarded module), against the same server and data with security off.
 *   wrk, one thread; rounds alternate the two servers; medians.
 * - SSE fan-out: 1,000 subscribers of one notification, 10 users (100
 *   each) in 3 access classes (everything; no payload; the sequence only),
 *   with NACM, against the same subscribers without NACM (users named by a
 *   trusted-proxy header in both). Events delivered per second, medians of
 *   alternating rounds.
 *
 * Servers run as users run them: the built CLI (bin/rxconf.js, dist/)
 * when it is built, else the sources through tsx; each in its own process.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess, type ServerProcess } from './http/server-process.ts';
import { errorCount, runWrk, wrkVersion, type WrkResult } from './http/wrk.ts';
import { report, type BenchRow } from './lib/report.ts';
import { spawnSseClients } from './lib/sse-clients.ts';
import { spawnSseServer } from './lib/sse-server-remote.ts';
import { basicHeader, STREAM_RULES, STREAM_USERS, writeReadData, writeUsers } from './security/security-data.ts';
import { writeFileSync } from 'node:fs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const dir = mkdtempSync(join(tmpdir(), 'rxconf-bench-security-'));
const ENTRIES = 10_000;
const ROUNDS = Number(process.env['BENCH_SECURITY_ROUNDS'] ?? 3);
const SECONDS = Number(process.env['BENCH_SECURITY_SECONDS'] ?? 8);

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** The built CLI when there is one (what users run), else the sources. */
const built = existsSync(join(root, 'dist', 'cli', 'main.js'));
const cli = built ? ['bin/rxconf.js'] : ['--import', 'tsx', 'src/cli/main.ts'];

const serve = (name: string, data: string, args: readonly string[]): Promise<ServerProcess> => startServerProcess([
  process.execPath, ...cli, 'serve',
  '--path', join('benchmarks', 'fixtures'), '--module', 'bench-net', '--module', 'bench-site',
  '--data', data, '--host', '127.0.0.1', '--port', '0', '--quiet', ...args,
], root, join(dir, `${name}.out`));

const rate = (r: WrkResult): number => r.requests / (r.durationUs / 1e6);

const reads = async (): Promise<BenchRow[]> => {
  const users = join(dir, 'users.txt');
  await writeUsers(users);
  writeReadData(join(dir, 'off.json'), ENTRIES, false);
  writeReadData(join(dir, 'on.json'), ENTRIES, true);
  const off = await serve('off', join(dir, 'off.json'), []);
  const on = await serve('on', join(dir, 'on.json'), ['--users', users, '--nacm']);
  const auth = { authorization: basicHeader('bench') };
  const rows: BenchRow[] = [];
  try {
    for (const [what, path, connections] of [['GET leaf', '/restconf/data/bench-net:network/hostname', 16], ['GET 10,000-entry list', '/restconf/data/bench-net:network/interface', 4]] as const) {
      const runs = { off: [] as number[], on: [] as number[] };
      let errors = 0;
      const once = async (secure: boolean, seconds: number): Promise<number> => {
        const r = await runWrk({ url: `${secure ? on.url : off.url}${path}`, connections, durationS: seconds, timeoutS: 30, ...(secure ? { headers: auth } : {}) });
        errors += errorCount(r);
        return rate(r);
      };
      await once(false, 3);
      await once(true, 3);
      for (let i = 0; i < ROUNDS; i++) {
        runs.off.push(await once(false, SECONDS));
        runs.on.push(await once(true, SECONDS));
      }
      const a = median(runs.on);
      const b = median(runs.off);
      console.error(`security: ${what}: on ${a.toFixed(1)}/s, off ${b.toFixed(1)}/s`);
      rows.push({ case: what, 'security on req/s': Math.round(a), 'security off req/s': Math.round(b), ratio: a / b, errors });
    }
  } finally {
    await on.stop();
    await off.stop();
  }
  return rows;
};

const SUBSCRIBERS = 1_000;
const EVENTS = 500;

const fanOut = async (): Promise<BenchRow> => {
  writeFileSync(join(dir, 'streams.json'), JSON.stringify(STREAM_RULES));
  const auth = { auth: { proxy: { trusted: ['127.0.0.1'] } } };
  const withNacm = await spawnSseServer('rxconf', { ...auth, nacm: true, dataFile: join(dir, 'streams.json') });
  const without = await spawnSseServer('rxconf', auth);
  const headers = STREAM_USERS.map((u) => `x-remote-user: ${u}`);
  const clients = {
    nacm: await spawnSseClients(withNacm.port, withNacm.path, SUBSCRIBERS, headers),
    plain: await spawnSseClients(without.port, without.path, SUBSCRIBERS, headers),
  };
  const tally = { nacm: 0, plain: 0 };
  const rates = { nacm: [] as number[], plain: [] as number[] };
  let complete = true;
  const round = async (kind: 'nacm' | 'plain'): Promise<number> => {
    const server = kind === 'nacm' ? withNacm : without;
    const { started } = await server.round(EVENTS, 'notify');
    const want = tally[kind] + SUBSCRIBERS * EVENTS;
    const { received, last } = await clients[kind].waitFor(want, 60_000);
    if (received < want) complete = false;
    const got = received - tally[kind];
    tally[kind] = received;
    await clients[kind].arrivals();
    return got / ((last - started) / 1000);
  };
  try {
    await round('nacm');
    await round('plain');
    for (let i = 0; i < ROUNDS + 2; i++) {
      rates.nacm.push(await round('nacm'));
      rates.plain.push(await round('plain'));
    }
  } finally {
    await clients.nacm.close();
    await clients.plain.close();
    await withNacm.close();
    await without.close();
  }
  const a = median(rates.nacm);
  const b = median(rates.plain);
  return { case: `SSE fan-out, ${SUBSCRIBERS} subscribers, 10 users, 3 access classes`, 'security on req/s': Math.round(a), 'security off req/s': Math.round(b), ratio: a / b, errors: complete ? 0 : 1 };
};

const main = async (): Promise<void> => {
  const wrk = wrkVersion();
  const rows = [...await reads(), await fanOut()];
  report('security', rows, {
    aim: 'ratio >= 0.8 for each row',
    'GET rows': `rxconf serve ${built ? 'built (bin/rxconf.js, dist/)' : 'from the sources (tsx)'}, --users (Basic, scrypt ln=14, every request authenticated) and --nacm with 20 rules against the same server and data with neither; ${wrk}, 1 thread, 16 connections (leaf) and 4 (list), ${ROUNDS} rounds of ${SECONDS} s alternating after a 3 s warm-up each; medians`,
    'SSE row': `events delivered per second (the "req/s" columns) to ${SUBSCRIBERS} subscribers, 10 users in 3 access classes named by a trusted-proxy header, NACM against none; ${EVENTS} events per round, ${ROUNDS + 2} rounds alternating after a warm-up; medians; errors 1 when a round did not deliver everything`,
    note: 'each server and the clients in processes of their own; 2 cores shared by all (other work on the machine)',
  });
};

await main();
process.exit(0);
