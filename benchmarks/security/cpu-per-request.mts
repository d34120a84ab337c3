/**
 * CPU time per request (the server process's user+system time from /proc,
 * over the requests wrk got answered) of the security benchmark's servers,
 * with and without security: less sensitive to a loaded machine than
 * requests per second. `node --import tsx benchmarks/security/cpu-per-request.mts [leaf|list] [seconds] [rounds]`
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '../http/server-process.ts';
import { runWrk } from '../http/wrk.ts';
import { basicHeader, writeReadData, writeUsers } from './security-data.ts';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'rxconf-cpu-security-'));
const which = process.argv[2] ?? 'leaf';
const seconds = Number(process.argv[3] ?? 5);
const rounds = Number(process.argv[4] ?? 2);
const path = which === 'list' ? '/restconf/data/bench-net:network/interface' : '/restconf/data/bench-net:network/hostname';
const ticks = 100; // USER_HZ
const cpuMs = (pid: number): number => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(f[11]) + Number(f[12])) * 1000) / ticks;
};

const users = join(dir, 'users.txt');
await writeUsers(users);
const servers = await Promise.all([false, true].map(async (secure) => {
  const data = join(dir, `${secure}.json`);
  writeReadData(data, 10_000, secure);
  return { secure, s: await startServerProcess([
    process.execPath, '--import', 'tsx', 'src/cli/main.ts', 'serve', '--path', join('benchmarks', 'fixtures'), '--module', 'bench-net', '--module', 'bench-site',
    '--data', data, '--host', '127.0.0.1', '--port', '0', '--quiet', ...(secure ? ['--users', users, '--nacm'] : []),
  ], root, join(dir, `${secure}.out`)) };
}));
const per: Record<string, number[]> = { on: [], off: [] };
for (let i = 0; i <= rounds; i++) {
  for (const { secure, s } of servers) {
    const before = cpuMs(s.pid);
    const r = await runWrk({ url: `${s.url}${path}`, connections: which === 'list' ? 4 : 16, durationS: i === 0 ? 2 : seconds, ...(secure ? { headers: { authorization: basicHeader('bench') } } : {}) });
    const used = cpuMs(s.pid) - before;
    if (i > 0) per[secure ? 'on' : 'off']?.push((used * 1000) / r.requests);
  }
}
for (const { s } of servers) await s.stop();
const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;
console.log(`${which}: CPU per request, security on ${med(per.on ?? []).toFixed(1)} µs, off ${med(per.off ?? []).toFixed(1)} µs, off/on ${(med(per.off ?? []) / med(per.on ?? [])).toFixed(3)} (rounds ${JSON.stringify(per)})`);
