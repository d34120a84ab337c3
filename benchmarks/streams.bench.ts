/**
 * Events delivered per second from one notification source to 100, 1,000
 * and 10,000 SSE subscribers over uWebSockets.js, and p99 delivery latency,
 * as ratios to a raw uWS SSE server writing the same bytes to the same
 * number of sockets in the same run; and memory per idle subscriber.
 */
import { join } from 'node:path';
import { startServer } from '../src/server/start-server.ts';
import { encodePlainEvent } from '../src/streams/index.ts';
import { ticks } from './fixtures/bench-stream-app.ts';
import { rawSseServer } from './lib/raw-uws.ts';
import { report } from './lib/report.ts';
import { openSseSockets, type SseSockets } from './lib/sse-sockets.ts';

const here = join(process.cwd(), 'benchmarks');
const payload = 'x'.repeat(64);
const event = (seq: number) => ({ seq, sent: String(performance.now()), payload });
const frameOf = (seq: number): string => `data: ${encodePlainEvent({ time: new Date(), content: () => ({}), plain: () => event(seq) })}\n\n`;

/** Waits until every subscriber got every event; gives up after 30 s (then the figure counts what arrived). */
const settle = async (socks: SseSockets, expected: number): Promise<void> => {
  const deadline = performance.now() + 30_000;
  while (socks.received() < expected && performance.now() < deadline) await new Promise((r) => setImmediate(r));
  if (socks.received() < expected) console.error(`only ${socks.received()} of ${expected} events arrived`);
};

const p99 = (socks: SseSockets, sentAt: number[]): number => {
  const lat: number[] = [];
  for (const times of socks.arrivals) times.forEach((t, i) => lat.push(t - (sentAt[i] ?? t)));
  lat.sort((a, b) => a - b);
  return lat[Math.floor(lat.length * 0.99)] ?? NaN;
};

/** Sends `events` in bursts of 50 (one tick each), returns [events/s delivered, p99 ms]. */
const run = async (send: (seq: number) => void, socks: SseSockets, subscribers: number, events: number): Promise<[number, number]> => {
  const sentAt: number[] = [];
  const base = socks.received();
  const started = performance.now();
  for (let seq = 0; seq < events; seq++) {
    sentAt.push(performance.now());
    send(seq);
    if (seq % 50 === 49) await new Promise((r) => setImmediate(r));
  }
  await settle(socks, base + subscribers * events);
  const seconds = (performance.now() - started) / 1000;
  return [(socks.received() - base) / seconds, p99(socks, sentAt)];
};

const heap = (): number => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
};

const main = async (): Promise<void> => {
  const server = await startServer({
    searchPath: [join(here, 'fixtures')], modules: ['bench-streams'], app: join(here, 'fixtures', 'bench-stream-app.ts'),
    host: '127.0.0.1', port: 0, log: () => undefined,
  });
  const raw = await rawSseServer();
  const rows = [];
  // BENCH_STREAM_SIZES=100,1000,10000 (default 100,1000: with 10,000 in-process clients the client side, not the server, is the bottleneck).
  const sizes = (process.env['BENCH_STREAM_SIZES'] ?? '100,1000').split(',').map(Number);
  for (const subscribers of sizes) {
    const events = Math.max(10, Math.round(200_000 / subscribers));
    console.error(`streams: ${subscribers} subscribers`);
    const h0 = heap();
    const ours = await openSseSockets(server.port, '/restconf/data/bench-streams:tick', subscribers);
    const perSubscriber = (heap() - h0) / subscribers;
    const h1 = heap();
    const theirs = await openSseSockets(raw.port, '/', subscribers);
    await raw.waitForClients(subscribers);
    const rawPer = (heap() - h1) / subscribers;
    const [oursRate, oursP99] = await run((seq) => ticks.next(event(seq)), ours, subscribers, events);
    const [rawRate, rawP99] = await run((seq) => raw.broadcast(frameOf(seq)), theirs, subscribers, events);
    rows.push({
      subscribers,
      events,
      'rxconf events/s': Math.round(oursRate),
      'raw uWS events/s': Math.round(rawRate),
      'rate vs raw': oursRate / rawRate,
      'rxconf p99 ms': oursP99,
      'raw p99 ms': rawP99,
      'p99 vs raw': oursP99 / rawP99,
      'heap/idle subscriber KB (rxconf incl. client)': perSubscriber / 1024,
      'heap/idle subscriber KB (raw incl. client)': rawPer / 1024,
    });
    ours.close();
    theirs.close();
    await new Promise((r) => setTimeout(r, 500));
  }
  raw.close();
  await server.close();
  report('streams', rows, { aim: 'rate vs raw >= 0.8', note: 'server and clients share one process and the 2 cores' });
};

await main();
process.exit(0);
