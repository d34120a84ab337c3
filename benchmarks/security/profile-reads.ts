/**
 * Where the security benchmark's GET spends CPU: `rxconf serve` with and
 * without security (as security.bench.ts starts them) under --cpu-prof,
 * wrk for a while on one path, then the top functions by self time of each.
 * `node --import tsx benchmarks/security/profile-reads.ts [leaf|list] [seconds]`
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monotonicUs, profilesIn, summarizeProfile } from '../http/cpu-profile.ts';
import { startServerProcess } from '../http/server-process.ts';
import { runWrk } from '../http/wrk.ts';
import { basicHeader, writeReadData, writeUsers } from './security-data.ts';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'rxconf-profile-security-'));
const which = process.argv[2] ?? 'leaf';
const seconds = Number(process.argv[3] ?? 10);
const path = which === 'list' ? '/restconf/data/bench-net:network/interface' : '/restconf/data/bench-net:network/hostname';

const users = join(dir, 'users.txt');
await writeUsers(users);
for (const secure of (process.env['ONLY'] === 'on' ? [true] : process.env['ONLY'] === 'off' ? [false] : [false, true])) {
  const name = secure ? 'on' : 'off';
  const data = join(dir, `${name}.json`);
  writeReadData(data, 10_000, secure);
  const profiles = join(dir, `prof-${name}`);
  const server = await startServerProcess([
    process.execPath, '--cpu-prof', `--cpu-prof-dir=${profiles}`, '--import', 'tsx', 'src/cli/main.ts', 'serve',
    '--path', join('benchmarks', 'fixtures'), '--module', 'bench-net', '--module', 'bench-site',
    '--data', data, '--host', '127.0.0.1', '--port', '0', '--quiet', ...(secure ? ['--users', users, '--nacm'] : []),
  ], root, join(dir, `${name}.out`));
  await runWrk({ url: `${server.url}${path}`, connections: which === 'list' ? 4 : 16, durationS: 2, ...(secure ? { headers: { authorization: basicHeader('bench') } } : {}) });
  const from = monotonicUs();
  const r = await runWrk({ url: `${server.url}${path}`, connections: which === 'list' ? 4 : 16, durationS: seconds, ...(secure ? { headers: { authorization: basicHeader('bench') } } : {}) });
  const to = monotonicUs();
  await server.stop();
  const [file] = profilesIn(profiles);
  if (file === undefined) throw new Error('no profile');
  const s = summarizeProfile(file, root, 45, { fromUs: from, toUs: to });
  console.log(`\n## ${name}: ${(r.requests / (r.durationUs / 1e6)).toFixed(1)} req/s, busy ${s.busyMs.toFixed(0)} ms, ${(s.busyMs * 1000 / r.requests).toFixed(1)} µs CPU per request`);
  for (const t of s.top) console.log(`${(t.share * 100).toFixed(1).padStart(5)}%  ${t.selfMs.toFixed(0).padStart(6)} ms  ${t.where}`);
}
