/**
 * Start-up of a cluster replica holding 100,000 list entries (ENTRIES=N):
 * a real nats-server (R1) on loopback; one replica writes the entries in
 * commits of 1,000; a second replica is then started (createServer +
 * listen, the schema compiled each time) from the log as it is (100
 * commits replayed), and again after `datastore.compact()` (the snapshot
 * loaded, nothing replayed). Prints the wall times; the machine's load
 * is printed beside them.
 *
 * Run: npx tsx benchmarks/cluster-startup.ts   (needs nats-server)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as netServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../src/server/create-server.ts';

const ENTRIES = Number(process.env.ENTRIES ?? 100_000);
const BATCH = 1_000;
const fixtures = join(import.meta.dirname, '..', 'test', 'store', 'fixtures');

const freePort = (): Promise<number> => new Promise((resolve) => {
  const s = netServer().listen(0, '127.0.0.1', () => {
    const port = (s.address() as { port: number }).port;
    s.close(() => resolve(port));
  });
});

const replica = (url: string, id: string) => createServer({
  searchPath: [fixtures], modules: ['st-store'], data: false, host: '127.0.0.1', port: 0, logger: false,
  cluster: { servers: [url], stream: 'STARTUP', replica: id, snapshotEvery: 0 },
});

const timeStart = async (url: string, id: string, seq: number): Promise<number> => {
  const began = performance.now();
  const server = replica(url, id);
  const address = await server.listen();
  const took = performance.now() - began;
  for (const id of [1, ENTRIES]) {
    const got = await fetch(`${address.url}/restconf/data/st-store:entry=${id}`, { headers: { 'rxconf-sequence': String(seq) } });
    if (got.status !== 200) throw new Error(`entry ${id}: ${got.status} ${await got.text()}`);
  }
  await server.close();
  return took;
};

const dir = mkdtempSync(join(tmpdir(), 'rxconf-bench-nats-'));
const port = await freePort();
const nats = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { stdio: 'ignore' });
const url = `nats://127.0.0.1:${port}`;
try {
  await new Promise((r) => setTimeout(r, 500));
  const writer = replica(url, 'writer');
  const address = await writer.listen();
  let seq = 0;
  for (let from = 1; from <= ENTRIES; from += BATCH) {
    const entries = Array.from({ length: Math.min(BATCH, ENTRIES - from + 1) }, (_, i) => ({ id: from + i, v: `entry number ${from + i}` }));
    const r = await fetch(`${address.url}/restconf/data`, { method: 'PATCH', headers: { 'content-type': 'application/yang-data+json' }, body: JSON.stringify({ 'st-store:entry': entries }) });
    if (r.status !== 204) throw new Error(`PATCH: ${r.status} ${await r.text()}`);
    seq = Number(r.headers.get('rxconf-sequence'));
  }
  const replay = await timeStart(url, 'replaying', seq);
  await writer.datastore.compact();
  const snapshot = await timeStart(url, 'from-snapshot', seq);
  await writer.close();
  console.log(`${ENTRIES} entries in ${seq} commits: replica start-up replaying the log ${Math.round(replay)} ms, from the snapshot ${Math.round(snapshot)} ms (load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}, ${new Date().toISOString().slice(0, 10)})`);
} finally {
  nats.kill();
  rmSync(dir, { recursive: true, force: true });
}
