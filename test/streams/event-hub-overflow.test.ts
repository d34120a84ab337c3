import test from 'ava';
import { createEventHub, overflowFrame, type StreamCounters } from '../../src/streams/index.ts';
import { counted, marbleScheduler } from './helpers.ts';

const frameText = (letters: string): string => [...letters].map((v) => `data: "${v}"\n\n`).join('');

test('a slow subscriber overflows: one final overflow frame, dropped at once, counted; the fast one gets everything', async (t) => {
  const scheduler = marbleScheduler(t);
  const hub = createEventHub<string>({ scheduler, keepAliveMs: 0, maxQueuedEvents: 3 });
  const seen: StreamCounters[] = [];
  const { source, slow, fast, pulls } = scheduler.run(({ hot }) => {
    const source = counted(hot<string>('-a-b-c-d-e-f-g-h'));
    const slow = hub.subscribe({ key: '/k', open: source.open });
    const fast = hub.subscribe({ key: '/k', open: source.open });
    // the fast consumer always has a pull pending: one now, one after each event (events come at odd frames)
    const pulls = [fast.next()];
    for (let frame = 2; frame <= 16; frame += 2) scheduler.schedule(() => pulls.push(fast.next()), frame);
    scheduler.schedule(() => seen.push(hub.counters()), 6); // a, b, c queued for the slow one
    scheduler.schedule(() => seen.push(hub.counters()), 8); // d overflowed it
    scheduler.schedule(() => void fast.return(), 17);
    return { source, slow, fast, pulls };
  });

  const chunks = (await Promise.all(pulls)).map((result) => result.value);
  t.deepEqual(chunks, [...[...'abcdefgh'].map(frameText), undefined], 'one event per pull, none missing');
  t.true(fast.released);

  t.like(seen[0], { subscribers: 2, eventsDropped: 0, subscribersDropped: 0 });
  t.like(seen[1], { subscribers: 1, sources: 1, eventsDropped: 4, subscribersDropped: 1 });
  t.true(slow.released, 'released at the overflow, before its consumer pulled again');
  const last = await slow.next();
  t.is(last.value, 'event: error\ndata: {"reason":"overflow","max-queued-events":3}\n\n');
  t.is(last.value, overflowFrame(3).text);
  t.deepEqual(await slow.next(), { done: true, value: undefined });
  t.like(hub.counters(), { subscribers: 0, sources: 0, eventsDelivered: 8, eventsDropped: 4, subscribersDropped: 1 });
  t.is(source.closes(), 1);
});

test('a subscriber that keeps up in bursts is never dropped, however many events in total', async (t) => {
  const scheduler = marbleScheduler(t);
  const hub = createEventHub<string>({ scheduler, keepAliveMs: 0, maxQueuedEvents: 3 });
  const { stream, pulls } = scheduler.run(({ hot }) => {
    // bursts of three events, each followed by a pull: the queue never holds more than three
    const source = counted(hot<string>('-(abc)-(def)-(ghi)'));
    const stream = hub.subscribe({ key: '/k', open: source.open });
    const pulls: Array<Promise<IteratorResult<string>>> = [];
    for (const frame of [6, 12, 18]) scheduler.schedule(() => pulls.push(stream.next()), frame);
    return { stream, pulls };
  });
  const chunks = (await Promise.all(pulls)).map((r) => r.value);
  t.deepEqual(chunks, ['abc', 'def', 'ghi'].map(frameText), 'each burst coalesced into one chunk');
  t.false(stream.released);
  await stream.return();
  t.like(hub.counters(), { subscribersDropped: 0, eventsDropped: 0, eventsDelivered: 9, sources: 0 });
});

test('overflow of the last subscriber closes the source at once', async (t) => {
  const scheduler = marbleScheduler(t);
  const hub = createEventHub<string>({ scheduler, keepAliveMs: 0, maxQueuedEvents: 1 });
  const { source, stream } = scheduler.run(({ cold }) => {
    const source = counted(cold<string>('ab'));
    return { source, stream: hub.subscribe({ key: '/k', open: source.open }) };
  });
  t.is(source.closes(), 1);
  t.like(hub.counters(), { sources: 0, subscribers: 0, eventsDropped: 2, subscribersDropped: 1 });
  t.deepEqual(await stream.next(), { done: false, value: overflowFrame(1).text });
  t.true((await stream.next()).done);
});
