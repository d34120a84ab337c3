/**
 * What the transport adapters cost: a fixed 200-byte JSON GET answered by a
 * trivial synchronous handler through listenUws and listenNode (HTTP/1.1),
 * against raw uWebSockets.js answering the same bytes with no adapter.
 * Figures: requests/s, p99 latency and the server process's CPU time per
 * request, each as a ratio to raw uWS measured the same way in the same run
 * (servers alternate within each round; the median of the rounds is kept).
 * CPU per request is the figure least moved by other work on the machine;
 * requests/s and p99 move with it.
 *
 * The load generator (benchmarks/lib/load.ts) runs in a child process: on a
 * 2-core machine it and the server each get about one core. It runs twice:
 * with node:http keep-alive agents (what a Node client costs; the client
 * caps every figure and squeezes the ratios toward 1) and with bare
 * keep-alive sockets (much cheaper, so the server's own cost shows).
 *
 * Run: npm run bench -- http-adapters
 */
import type { CoreResponse } from '../src/http/exchange.ts';
import { listenNode, listenUws } from '../src/http/adapters/index.ts';
import { loadInChild, type LoadOptions, type LoadResult } from './lib/load.ts';
import { jsonOfSize, rawJsonServer } from './lib/raw-uws.ts';
import { report, type BenchRow } from './lib/report.ts';
import { median } from './lib/stats.ts';

const BODY_BYTES = 200;
const CONNECTIONS = 16;
const WARMUP_MS = 500;
const DURATION_MS = 1_500;
const ROUNDS = 7;
const CLIENTS: readonly NonNullable<LoadOptions['client']>[] = ['agent', 'socket'];
const HOST = '127.0.0.1';

interface Running { readonly port: number; close(): Promise<void> }
interface Contender { readonly name: string; start(): Promise<Running> }

const body = jsonOfSize(BODY_BYTES);
const answer: CoreResponse = { status: 200, headers: { 'content-type': 'application/json' }, body };
const handler = (): CoreResponse => answer;

const contenders: readonly Contender[] = [
  {
    name: 'raw uWS (baseline)',
    start: async () => {
      const server = await rawJsonServer(BODY_BYTES, HOST);
      return { port: server.port, close: async () => server.close() };
    },
  },
  {
    name: 'listenUws',
    start: async () => {
      const server = await listenUws(handler, { host: HOST, port: 0 });
      if (!server.native) throw new Error('uWS fell back to node:http: this benchmark would compare nothing');
      return server;
    },
  },
  { name: 'listenNode http/1.1', start: () => listenNode(handler, { host: HOST, port: 0 }) },
];


/** Every contender must answer the same bytes, or the comparison is void. */
const check = async (contender: Contender): Promise<void> => {
  const server = await contender.start();
  try {
    const response = await fetch(`http://${HOST}:${server.port}/data`);
    const text = await response.text();
    if (response.status !== 200 || text !== body) throw new Error(`${contender.name} answered ${response.status} with ${text.length} bytes`);
  } finally {
    await server.close();
  }
};

interface Measured extends LoadResult {
  /** CPU time (user + system) of this process, which runs the server, per request answered. */
  readonly cpuMicrosPerRequest: number;
}

const measure = async (contender: Contender, client: LoadOptions['client']): Promise<Measured> => {
  const server = await contender.start();
  try {
    let cpuStart: NodeJS.CpuUsage | undefined;
    const result = await loadInChild({
      host: HOST, port: server.port, path: '/data', connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS, client,
    }, () => { cpuStart = process.cpuUsage(); });
    const cpu = process.cpuUsage(cpuStart);
    if (result.errors > 0) throw new Error(`${contender.name}: ${result.errors} requests failed`);
    return { ...result, cpuMicrosPerRequest: (cpu.user + cpu.system) / result.requests };
  } finally {
    await server.close();
  }
};

for (const contender of contenders) await check(contender);

const rows: BenchRow[] = [];
for (const client of CLIENTS) {
  const results = new Map<string, Measured[]>(contenders.map((c) => [c.name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const contender of contenders) results.get(contender.name)?.push(await measure(contender, client));
  }
  const summary = contenders.map((c) => {
    const runs = results.get(c.name) ?? [];
    return {
      name: c.name,
      rps: median(runs.map((r) => r.requestsPerSecond)),
      p99: median(runs.map((r) => r.p99Ms)),
      cpu: median(runs.map((r) => r.cpuMicrosPerRequest)),
    };
  });
  const baseline = summary[0];
  if (baseline === undefined) throw new Error('no baseline');
  for (const s of summary) {
    rows.push({
      client,
      server: s.name,
      'req/s': Math.round(s.rps),
      'req/s ÷ raw': s.rps / baseline.rps,
      'p99 ms': s.p99,
      'p99 ÷ raw': s.p99 / baseline.p99,
      'CPU µs/req': s.cpu,
      'CPU ÷ raw': s.cpu / baseline.cpu,
    });
  }
}

report('http-adapters', rows, {
  body: `${BODY_BYTES} B JSON, GET, trivial synchronous handler`,
  connections: CONNECTIONS,
  'per run': `${WARMUP_MS} ms warm-up + ${DURATION_MS} ms measured; median of ${ROUNDS} rounds, servers alternating`,
  'load generator': 'benchmarks/lib/load.ts in a child process (agent: node:http keep-alive Agent; socket: bare keep-alive sockets); wrk not installed',
});
