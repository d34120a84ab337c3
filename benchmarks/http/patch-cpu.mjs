/**
 * CPU and memory allocated per PATCH of the http benchmark's leaf
 * (bench-net:network/mtu), persisted, without sockets: `server.inject()` of
 * the built package (dist/), `concurrency` edits in flight at a time, under
 * process.cpuUsage() (all threads: the journal's fdatasync counts). Less
 * sensitive to a loaded machine than wrk; compare builds in the same
 * minutes (RXCONF_ROOT: another checkout's built package).
 * `node benchmarks/http/patch-cpu.mjs [concurrency=50] [edits=4000] [rounds=5]`
 * ALLOC=file: a sampling heap profile of the measured rounds (allocation per
 * edit); MARK=file: the monotonic µs the measured rounds start at (to cut
 * a --cpu-prof profile to them).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.env.RXCONF_ROOT ?? join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const { createServer } = await import(join(root, 'dist', 'server', 'create-server.js'));

const concurrency = Number(process.argv[2] ?? 50);
const edits = Number(process.argv[3] ?? 4000);
const rounds = Number(process.argv[4] ?? 5);
const dir = mkdtempSync(join(tmpdir(), 'rxconf-patch-cpu-'));
const data = join(dir, 'data.json');
// The benchmark's seed (benchmarks/http/seed-data.ts), 100 entries, in its shape.
writeFileSync(data, JSON.stringify({
  'bench-net:network': {
    hostname: 'edge-router-17', domain: 'lab.example.net', mtu: 1500,
    interface: Array.from({ length: 100 }, (_, i) => ({ name: `eth${i}`, description: `access port ${i}`, mtu: 1500, address: `10.0.0.${i}`, 'prefix-length': 24 })),
  },
  'bench-site:site': { name: 'lab-3', 'management-interface': 'eth0' },
}));
const server = createServer({ searchPath: [join(root, 'benchmarks', 'fixtures')], modules: ['bench-net', 'bench-site'], data, logger: false, accessLog: false });
const path = '/restconf/data/bench-net:network/mtu';
const headers = { 'content-type': 'application/yang-data+json' };
let n = 0;
const one = async () => {
  n += 1;
  const r = await server.inject({ method: 'PATCH', path, headers, body: `{"bench-net:mtu":${1500 + (n % 7000)}}` });
  if (r.status !== 204) throw new Error(`${r.status} ${r.body.slice(0, 300)}`);
};
const run = async (count) => {
  let left = count;
  const worker = async () => {
    while (left > 0) {
      left -= 1;
      await one();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
};

await run(500);
let session;
if (process.env.ALLOC !== undefined) {
  const { Session } = await import('node:inspector/promises');
  session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', { samplingInterval: 512, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
}
if (process.env.MARK !== undefined) writeFileSync(process.env.MARK, String(Number(process.hrtime.bigint() / 1000n)));
const cpu = [];
for (let i = 0; i < rounds; i++) {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  await run(edits);
  const c = process.cpuUsage(c0);
  const wall = Number(process.hrtime.bigint() - t0) / 1e3;
  cpu.push((c.user + c.system) / edits);
  console.log(`round ${i + 1}: ${((c.user + c.system) / edits).toFixed(1)} µs CPU/edit (user ${(c.user / edits).toFixed(1)}, sys ${(c.system / edits).toFixed(1)}), ${(edits / (wall / 1e6)).toFixed(0)} edits/s wall`);
}
if (session !== undefined) {
  const { profile } = await session.post('HeapProfiler.stopSampling');
  writeFileSync(process.env.ALLOC, JSON.stringify(profile));
  let total = 0;
  const walk = (n) => { total += n.selfSize; for (const c of n.children) walk(c); };
  walk(profile.head);
  console.log(`allocated ≈ ${(total / (edits * rounds) / 1024).toFixed(1)} KB per edit (sampled)`);
}
const med = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
if (rounds > 0) console.log(`median ${med(cpu).toFixed(1)} µs CPU per edit, concurrency ${concurrency}`);
await server.close();
rmSync(dir, { recursive: true, force: true });
