/**
 * The notification hub in memory: one source, N subscribers each pulling its
 * stream as fast as it can (a `for await` loop per subscriber, as the HTTP
 * adapter does when the socket always has room). Figure: events delivered to
 * all subscribers per second, as a ratio to a baseline in the same run: a
 * plain loop appending the same pre-encoded frames to N arrays, emptied
 * after each burst as a consumer would.
 *
 * Events arrive in bursts of BURST, then the event loop turns (setImmediate)
 * so the consumers can pull; a burst is coalesced into one or two chunks per
 * subscriber. Deliveries per size are held near DELIVERIES so every row
 * does the same amount of work.
 *
 * Run: npm run bench -- streams-hub
 */
import { Subject } from 'rxjs';
import os from 'node:os';
import { setImmediate as turn } from 'node:timers/promises';
import { createEventHub, encodeEventJson, sseData } from '../src/streams/index.ts';
import { report } from './lib/report.ts';
import type { BenchRow } from './lib/report.ts';
import { median } from './lib/stats.ts';

const SIZES = [100, 1_000, 10_000] as const;
const DELIVERIES = 4_000_000;
const BURST = 100;
const RUNS = 7;

interface Alarm {
  readonly 'ex:alarm': { readonly id: number; readonly severity: string; readonly text: string };
}
const alarms = (count: number): Alarm[] =>
  Array.from({ length: count }, (_, id) => ({ 'ex:alarm': { id, severity: 'major', text: 'link down on ge-0/0/1' } }));

const gc = (globalThis as { gc?: () => void }).gc;

/** Seconds for the hub to deliver every event to every subscriber; checks the bytes. */
const runHub = async (subscribers: number, events: readonly Alarm[]): Promise<{ seconds: number; chunks: number }> => {
  const hub = createEventHub<Alarm>();
  const subject = new Subject<Alarm>();
  const expectedBytes = events.reduce((n, e) => n + sseData(encodeEventJson(e)).length, 0);
  let chunks = 0;
  const consumers = Array.from({ length: subscribers }, async () => {
    const stream = hub.subscribe({ key: '/ex:alarm', open: () => subject });
    let bytes = 0;
    for await (const chunk of stream) {
      bytes += chunk.length;
      chunks += 1;
    }
    if (bytes !== expectedBytes) throw new Error(`a subscriber got ${bytes} bytes, not ${expectedBytes}`);
  });
  await turn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < events.length; i += BURST) {
    const end = Math.min(events.length, i + BURST);
    for (let j = i; j < end; j += 1) subject.next(events[j] as Alarm);
    await turn();
  }
  subject.complete();
  await Promise.all(consumers);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const counters = hub.counters();
  if (counters.eventsDelivered !== subscribers * events.length || counters.subscribersDropped !== 0) {
    throw new Error(`counters disagree: ${JSON.stringify(counters)}`);
  }
  if (counters.sources !== 0 || counters.subscribers !== 0) throw new Error('the hub kept something');
  return { seconds, chunks };
};

/** Seconds for a plain loop to append the same frames to the same number of arrays. */
const runBaseline = async (subscribers: number, events: readonly Alarm[]): Promise<number> => {
  const frames = events.map((e) => sseData(encodeEventJson(e)));
  const arrays = Array.from({ length: subscribers }, (): string[] => []);
  let bytes = 0;
  await turn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < frames.length; i += BURST) {
    const end = Math.min(frames.length, i + BURST);
    for (let j = i; j < end; j += 1) {
      const frame = frames[j] as string;
      for (const array of arrays) array.push(frame);
    }
    for (const array of arrays) {
      bytes += array.length;
      array.length = 0;
    }
    await turn();
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (bytes !== subscribers * frames.length) throw new Error('baseline lost frames');
  return seconds;
};

/**
 * Milliseconds to release `subscribers` idle subscribers one by one (what a
 * server does when its clients go away), subscribed in order and released in
 * order: the case where a Subject's array search costs O(n) each.
 */
const runRelease = (subscribers: number): number => {
  const hub = createEventHub<Alarm>({ keepAliveMs: 0 });
  const subject = new Subject<Alarm>();
  const streams = Array.from({ length: subscribers }, () => hub.subscribe({ key: '/ex:alarm', open: () => subject }));
  const start = process.hrtime.bigint();
  for (const stream of streams) void stream.return();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (hub.counters().subscribers !== 0 || subject.observed) throw new Error('release left a subscriber');
  return ms;
};

const rows: BenchRow[] = [];
for (const subscribers of SIZES) {
  const events = alarms(Math.round(DELIVERIES / subscribers));
  const deliveries = subscribers * events.length;
  await runHub(subscribers, events.slice(0, 1_000)); // warm-up
  await runBaseline(subscribers, events.slice(0, 1_000));
  const hubSeconds: number[] = [];
  const baseSeconds: number[] = [];
  const ratios: number[] = [];
  let chunks = 0;
  for (let run = 0; run < RUNS; run += 1) {
    gc?.();
    const hub = await runHub(subscribers, events);
    chunks = hub.chunks;
    gc?.();
    const base = await runBaseline(subscribers, events);
    hubSeconds.push(hub.seconds);
    baseSeconds.push(base);
    ratios.push(base / hub.seconds);
  }
  rows.push({
    subscribers,
    events: events.length,
    'hub deliveries/s': Math.round(deliveries / median(hubSeconds)),
    'baseline deliveries/s': Math.round(deliveries / median(baseSeconds)),
    'hub/baseline': median(ratios),
    'ratio min–max': `${Math.min(...ratios).toPrecision(2)}–${Math.max(...ratios).toPrecision(2)}`,
    'events/chunk': deliveries / chunks,
    'release all, ms': median(Array.from({ length: RUNS }, () => runRelease(subscribers))),
  });
}

report('streams-hub', rows, {
  burst: BURST,
  runs: `${RUNS}; hub/baseline is the median of the ratios of adjacent hub and baseline runs`,
  load: os.loadavg()[0]?.toFixed(1) ?? '?',
  'frame bytes': sseData(encodeEventJson(alarms(1)[0])).length,
  node: process.version,
});
