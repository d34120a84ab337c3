/**
 * The RESTCONF core over both adapters, against raw uWebSockets.js: GET of a
 * small container, GET of a leaf, PATCH of a leaf and GET of a 10,000-entry
 * list, each served by createRestconfCore on the embedded datastore (nodes
 * that answer synchronously) through listenUws and listenNode (HTTP/1.1),
 * and by a raw uWS server answering the same number of bytes (for PATCH: 204
 * after reading the body). For GETs one more row: listenUws with a plain
 * data node made once instead of the datastore's per-request root. Figures: requests/s and p99 latency, each as a
 * ratio to raw uWS measured the same way in the same run (servers alternate
 * within each round; the median of the rounds is kept).
 *
 * The list is in a module of its own: the embedded datastore copies a
 * module's whole tree before each edit (for rollback), so a 10,000-entry
 * list beside the PATCHed leaf would make the PATCH row measure that copy.
 *
 * Load runs in a child process. GETs with content-length use load.ts's bare
 * keep-alive sockets; the list answer is streamed (chunked), so its row uses
 * load.ts's node:http agent; PATCH uses fixed-request-load.ts (bare sockets).
 *
 * Run: npm run bench -- http
 */
import { Browser, DataContainerNode, Datastore, Device } from '../src/actors/index.ts';
import { decodeDatastore } from '../src/data/json/index.ts';
import { listenNode, listenUws } from '../src/http/adapters/index.ts';
import { createRestconfCore } from '../src/http/core/index.ts';
import type { ModuleMeta } from '../src/meta/meta.ts';
import { httpSchema } from '../test/http/core/served.ts';
import { fixedRequestLoadInChild } from './http/fixed-request-load.ts';
import { rawPatchServer } from './http/raw-patch.ts';
import { loadInChild, type LoadResult } from './lib/load.ts';
import { jsonOfSize, rawJsonServer } from './lib/raw-uws.ts';
import { report, type BenchRow } from './lib/report.ts';

const HOST = '127.0.0.1';
const CONNECTIONS = 16;
const WARMUP_MS = 500;
const DURATION_MS = 1_500;
const ROUNDS = 5;
const LIST_ENTRIES = 10_000;

const schema = httpSchema(['hx-bench', 'hx-bench-list']);
const store = Datastore.load(schema);
const seed = decodeDatastore({
  'hx-bench:system': { hostname: 'rxconf-bench', location: 'lab 3', contact: 'ops@example.com', enabled: true, mtu: 1500, clock: { timezone: 'UTC' } },
  'hx-bench-list:table': { entry: Array.from({ length: LIST_ENTRIES }, (_, i) => ({ id: i, name: `entry-${i}` })) },
}, schema, { strict: true, content: 'all' });
if (!seed.ok) throw new Error(JSON.stringify(seed.errors));
const device = new Device(schema);
for (const [name, tree] of seed.value) {
  const module = schema.modules.get(name) as ModuleMeta;
  for (const [m, v] of tree.values) store.root(module).set(m, v);
  device.add(new Browser(module, schema, () => store.node(module)));
}
const core = createRestconfCore({ device, maxNodeCount: 1_000_000 });

/**
 * The same data behind a plain DataContainerNode made once, instead of the
 * embedded datastore's per-request root (with its edit hooks): what the
 * core and the read walk cost apart from the datastore's node. GETs only.
 */
const plainDevice = new Device(schema);
for (const name of seed.value.keys()) {
  const module = schema.modules.get(name) as ModuleMeta;
  const node = new DataContainerNode(store.root(module));
  plainDevice.add(new Browser(module, schema, () => node));
}
const plainCore = createRestconfCore({ device: plainDevice, maxNodeCount: 1_000_000 });

interface Running { readonly port: number; close(): Promise<void> }
interface Scenario {
  readonly name: string;
  readonly method: 'GET' | 'PATCH';
  readonly path: string;
  readonly client: 'socket' | 'agent';
  readonly body?: string;
}

const scenarios: readonly Scenario[] = [
  { name: 'GET small container', method: 'GET', path: '/restconf/data/hx-bench:system', client: 'socket' },
  { name: 'GET leaf', method: 'GET', path: '/restconf/data/hx-bench:system/hostname', client: 'socket' },
  { name: 'PATCH leaf', method: 'PATCH', path: '/restconf/data/hx-bench:system/mtu', client: 'socket', body: '{"mtu":1500}' },
  { name: `GET ${LIST_ENTRIES.toLocaleString('en')}-entry list`, method: 'GET', path: '/restconf/data/hx-bench-list:table/entry', client: 'agent' },
];

const wrap = (server: { port: number; close(): void }): Running => ({ port: server.port, close: async () => server.close() });

/** What the core answers (the raw baseline answers as many bytes). */
const probe = async (s: Scenario): Promise<{ status: number; bytes: number }> => {
  const server = await listenUws(core, { host: HOST, port: 0 });
  try {
    const r = await fetch(`http://${HOST}:${server.port}${s.path}`, { method: s.method, ...(s.body === undefined ? {} : { body: s.body, headers: { 'content-type': 'application/json' } }) });
    const text = await r.text();
    if (s.method === 'GET' && r.status !== 200) throw new Error(`${s.name}: ${r.status} ${text}`);
    if (s.method === 'PATCH' && r.status !== 204) throw new Error(`${s.name}: ${r.status} ${text}`);
    if (s.method === 'GET') JSON.parse(text);
    return { status: r.status, bytes: Buffer.byteLength(text) };
  } finally {
    await server.close();
  }
};

const contenders = (s: Scenario, bytes: number): { name: string; start(): Promise<Running> }[] => [
  { name: 'raw uWS (baseline)', start: async () => wrap(s.method === 'PATCH' ? await rawPatchServer(HOST) : await rawJsonServer(bytes, HOST)) },
  {
    name: 'listenUws',
    start: async () => {
      const server = await listenUws(core, { host: HOST, port: 0 });
      if (!server.native) throw new Error('uWS fell back to node:http: this benchmark would compare nothing');
      return server;
    },
  },
  { name: 'listenNode http/1.1', start: () => listenNode(core, { host: HOST, port: 0 }) },
  ...(s.method === 'GET' ? [{ name: 'listenUws, plain data node', start: () => listenUws(plainCore, { host: HOST, port: 0 }) }] : []),
];

const measure = async (s: Scenario, server: Running): Promise<LoadResult> => {
  const common = { host: HOST, port: server.port, connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS };
  const result = s.method === 'PATCH'
    ? await fixedRequestLoadInChild({ ...common, method: 'PATCH', path: s.path, headers: { 'content-type': 'application/json' }, body: s.body ?? '', status: 204 })
    : await loadInChild({ ...common, path: s.path, client: s.client });
  if (result.errors > 0) throw new Error(`${s.name}: ${result.errors} requests failed`);
  return result;
};

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const rows: BenchRow[] = [];
for (const s of scenarios) {
  const { bytes } = await probe(s);
  if (s.method === 'GET' && bytes !== jsonOfSize(bytes).length) throw new Error('size mismatch');
  const servers = contenders(s, bytes);
  const runs = new Map<string, LoadResult[]>(servers.map((c) => [c.name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const c of servers) {
      const server = await c.start();
      try {
        runs.get(c.name)?.push(await measure(s, server));
      } finally {
        await server.close();
      }
    }
  }
  const summary = servers.map((c) => ({ name: c.name, rps: median((runs.get(c.name) ?? []).map((r) => r.requestsPerSecond)), p99: median((runs.get(c.name) ?? []).map((r) => r.p99Ms)) }));
  const base = summary[0];
  if (base === undefined) throw new Error('no baseline');
  for (const x of summary) {
    rows.push({ request: s.name, bytes, server: x.name, 'req/s': Math.round(x.rps), 'req/s ÷ raw': x.rps / base.rps, 'p99 ms': x.p99, 'p99 ÷ raw': x.p99 / base.p99 });
  }
}

report('http', rows, {
  connections: CONNECTIONS,
  'per run': `${WARMUP_MS} ms warm-up + ${DURATION_MS} ms measured; median of ${ROUNDS} rounds, servers alternating`,
  mode: 'simplified (no Accept header), embedded datastore, synchronous nodes',
  'load generator': 'child process; GETs: benchmarks/lib/load.ts (socket; agent for the chunked list answer); PATCH: benchmarks/http/fixed-request-load.ts',
});
