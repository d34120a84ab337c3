/**
 * CPU time per request of the security benchmark's reads without sockets:
 * `server.inject()` in a loop under process.cpuUsage(), the benchmark's
 * model, data and 20 NACM rules, Basic authentication as the benchmark
 * sends it, against the same server with security off; rounds alternate.
 * Less sensitive to a loaded machine than wrk's requests per second.
 * `node --import tsx benchmarks/security/inject-cpu.mts [leaf|list|all] [requests] [rounds]`
 * (ONLY=on or ONLY=off measures one server: for --cpu-prof).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';
import { basicHeader, writeReadData, writeUsers } from './security-data.ts';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'rxconf-inject-security-'));
const which = process.argv[2] ?? 'all';
const requests = Number(process.argv[3] ?? 0);
const rounds = Number(process.argv[4] ?? 5);
const PATHS = {
  leaf: '/restconf/data/bench-net:network/hostname',
  list: '/restconf/data/bench-net:network/interface',
} as const;

const users = join(dir, 'users.txt');
await writeUsers(users);
const make = (secure: boolean): RxconfServer => {
  const data = join(dir, `${secure ? 'on' : 'off'}.json`);
  writeReadData(data, 10_000, secure);
  return createServer({
    searchPath: [join(root, 'benchmarks', 'fixtures')], modules: ['bench-net', 'bench-site'], data, logger: false, accessLog: false,
    ...(secure ? { auth: { basic: { usersFile: users } }, nacm: true } : {}),
  });
};
const servers = { off: make(false), on: make(true) };
const headers = { authorization: basicHeader('bench') };

/** µs of CPU per request over `n` requests. */
const measure = async (server: RxconfServer, path: string, secure: boolean, n: number): Promise<number> => {
  const h = secure ? headers : undefined;
  const first = await server.inject({ path, ...(h === undefined ? {} : { headers: h }) });
  if (first.status !== 200) throw new Error(`${path}: ${first.status} ${first.body.slice(0, 200)}`);
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) await server.inject({ path, ...(h === undefined ? {} : { headers: h }) });
  const used = process.cpuUsage(before);
  return (used.user + used.system) / n;
};

const med = (v: readonly number[]): number => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;
for (const [name, path] of Object.entries(PATHS)) {
  if (which !== 'all' && which !== name) continue;
  const n = requests > 0 ? requests : name === 'list' ? 40 : 20_000;
  const per = { on: [] as number[], off: [] as number[] };
  for (let i = 0; i <= rounds; i++) {
    for (const secure of process.env['ONLY'] === 'on' ? [true] : process.env['ONLY'] === 'off' ? [false] : [false, true]) {
      const us = await measure(secure ? servers.on : servers.off, path, secure, i === 0 ? Math.ceil(n / 4) : n);
      if (i > 0) per[secure ? 'on' : 'off'].push(us);
    }
  }
  const on = med(per.on);
  const off = med(per.off);
  console.log(`${name}: µs CPU per request, security on ${on.toFixed(1)}, off ${off.toFixed(1)}, off/on ${(off / on).toFixed(3)}  (on ${per.on.map((x) => x.toFixed(1)).join(' ')}; off ${per.off.map((x) => x.toFixed(1)).join(' ')})`);
}
process.exit(0);
