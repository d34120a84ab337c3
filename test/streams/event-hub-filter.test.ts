import test from 'ava';
import { createEventHub, type EventFilter } from '../../src/streams/index.ts';
import { counted, frameOf, marbleScheduler } from './helpers.ts';

const numbers = { 1: 1, 2: 2, 3: 3, 4: 4, 5: 5 };
const framesOfNumbers = Object.fromEntries(Object.entries(numbers).map(([k, v]) => [k, frameOf(v)]));

test('a filter runs once per event per distinct filter text, not once per subscriber', (t) => {
  const scheduler = marbleScheduler(t);
  const calls = { even: 0, odd: 0 };
  const filterOf = (text: 'even' | 'odd'): EventFilter<number> => ({
    text,
    test: (n) => {
      calls[text] += 1;
      return n % 2 === (text === 'even' ? 0 : 1);
    },
  });
  const filters: number[] = [];
  let source!: ReturnType<typeof counted<number>>;
  scheduler.run(({ cold, expectObservable }) => {
    source = counted(cold('-1-2-3-4-5', numbers));
    const hub = createEventHub<number>({ scheduler, keepAliveMs: 0 });
    // three filtered subscribers on two filters (each with its own test function), and one unfiltered
    const even1 = hub.frames({ key: '/n', open: source.open, filter: filterOf('even') });
    const even2 = hub.frames({ key: '/n', open: source.open, filter: filterOf('even') });
    const odd = hub.frames({ key: '/n', open: source.open, filter: filterOf('odd') });
    const all = hub.frames({ key: '/n', open: source.open });
    const unsub = '^---------!';
    expectObservable(even1, unsub).toBe('---2---4--', framesOfNumbers);
    expectObservable(even2, unsub).toBe('---2---4--', framesOfNumbers);
    expectObservable(odd, unsub).toBe('-1---3---5', framesOfNumbers);
    expectObservable(all, unsub).toBe('-1-2-3-4-5', framesOfNumbers);
    scheduler.schedule(() => filters.push(hub.counters().filters), 5);
    scheduler.schedule(() => filters.push(hub.counters().filters), 11);
  });
  t.deepEqual(calls, { even: 5, odd: 5 }, 'five events, each tested once per filter');
  t.deepEqual(filters, [2, 0], 'two shared filtered streams while subscribed, none after');
  t.is(source.opens(), 1);
  t.is(source.closes(), 1);
});

test('a filtered stream lives only while it has subscribers; the source lives while any does', (t) => {
  const scheduler = marbleScheduler(t);
  const seen: Array<[number, number]> = [];
  scheduler.run(({ cold, expectObservable }) => {
    const source = counted(cold('-1-2-3-4-5-6', numbers));
    const hub = createEventHub<number>({ scheduler, keepAliveMs: 0 });
    const even: EventFilter<number> = { text: 'even', test: (n) => n % 2 === 0 };
    expectObservable(hub.frames({ key: '/n', open: source.open, filter: even }), '^---!').toBe('---2', framesOfNumbers);
    expectObservable(hub.frames({ key: '/n', open: source.open }), '^-------!').toBe('-1-2-3-4', framesOfNumbers);
    for (const frame of [2, 6, 9]) {
      scheduler.schedule(() => seen.push([hub.counters().filters, hub.counters().sources]), frame);
    }
  });
  t.deepEqual(seen, [
    [1, 1],
    [0, 1],
    [0, 0],
  ]);
});

test('a filter that throws ends its own subscribers with the error frame; others go on', (t) => {
  const scheduler = marbleScheduler(t);
  const errors: unknown[] = [];
  scheduler.run(({ cold, expectObservable }) => {
    const source = counted(cold('-1-2-3', numbers));
    const hub = createEventHub<number>({ scheduler, keepAliveMs: 0, onError: (key, error) => errors.push([key, error]) });
    const broken: EventFilter<number> = {
      text: 'broken',
      test: (n) => {
        if (n === 2) throw new Error('bad filter');
        return true;
      },
    };
    const values = { ...framesOfNumbers, x: { kind: 'final' as const, text: 'event: error\ndata: {"reason":"source-error"}\n\n', count: 0 } };
    expectObservable(hub.frames({ key: '/n', open: source.open, filter: broken })).toBe('-1-(x|)', values);
    expectObservable(hub.frames({ key: '/n', open: source.open, filter: broken })).toBe('-1-(x|)', values);
    expectObservable(hub.frames({ key: '/n', open: source.open }), '^-----!').toBe('-1-2-3', values);
  });
  t.deepEqual(errors, [['/n', new Error('bad filter')]], 'reported once, not per subscriber');
});
