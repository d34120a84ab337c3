import test from 'ava';
import { asyncScheduler, Observable, Subject, type SchedulerLike } from 'rxjs';
import { nextTurn } from '../../src/streams/coalesce-frames.ts';
import { createEventHub, type EventHub, type StreamSubscriber } from '../../src/streams/index.ts';
import { marbleScheduler } from './helpers.ts';

const CYCLES = 1_000;
const even = { text: 'even', test: (n: number) => n % 2 === 0 };

/** Every way a subscriber can end, in turn: return(), return() while a pull waits, overflow, source completion, source error. */
const endings = ['return', 'return-pending', 'overflow', 'complete', 'error'] as const;

interface Tally {
  subscribes: number;
  teardowns: number;
}

const cycle = async (hub: EventHub<number>, tally: Tally, i: number): Promise<void> => {
  const subject = new Subject<number>();
  const open = () =>
    new Observable<number>((subscriber) => {
      tally.subscribes += 1;
      const inner = subject.subscribe(subscriber);
      return () => {
        tally.teardowns += 1;
        inner.unsubscribe();
      };
    });
  const key = `/n${i % 7}`;
  const streams: StreamSubscriber[] = [];
  for (let s = 0; s <= i % 3; s += 1) {
    streams.push(hub.subscribe({ key, open, ...(s === 1 ? { filter: even } : {}) }));
  }
  subject.next(i);
  await streams[0]?.next();
  switch (endings[i % endings.length]) {
    case 'return':
      for (const stream of streams) await stream.return();
      break;
    case 'return-pending': {
      const pending = streams.map((stream) => stream.next());
      for (const stream of streams) await stream.return();
      await Promise.all(pending);
      break;
    }
    case 'overflow':
      // a burst of 4 while nobody pulls: more than the bound of 2 waits
      for (let n = 0; n < 4; n += 1) subject.next(n * 2);
      await new Promise((r) => setImmediate(r));
      break;
    case 'complete':
      subject.complete();
      break;
    case 'error':
      subject.error(new Error('gone'));
      break;
  }
  // the stream ends by itself, after what was queued (and its final frame, if any)
  for (const stream of streams) while (!(await stream.next()).done);
};

const runCycles = async (scheduler: SchedulerLike) => {
  const hub = createEventHub<number>({ scheduler, flushLater: nextTurn, keepAliveMs: 5, maxQueuedEvents: 2 });
  const tally: Tally = { subscribes: 0, teardowns: 0 };
  for (let i = 0; i < CYCLES; i += 1) await cycle(hub, tally, i);
  return { hub, tally };
};

const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

test('1,000 subscribe/unsubscribe cycles on real timers leave no source, subscriber, filter or timer', async (t) => {
  const before = timers();
  const { hub, tally } = await runCycles(asyncScheduler);
  t.is(tally.subscribes, CYCLES, 'one hot source per cycle');
  t.is(tally.teardowns, tally.subscribes, 'every open() was closed');
  t.like(hub.counters(), { sources: 0, subscribers: 0, filters: 0 });
  t.true(hub.counters().subscribersDropped > 0, 'the overflow path was taken');
  t.is(timers(), before, 'no keep-alive timer left');
});

test('1,000 cycles on a virtual clock leave no scheduled action', async (t) => {
  const scheduler = marbleScheduler(t);
  const { hub, tally } = await runCycles(scheduler);
  t.is(tally.teardowns, tally.subscribes);
  t.like(hub.counters(), { sources: 0, subscribers: 0, filters: 0 });
  t.is(scheduler.actions.length, 0);
});
