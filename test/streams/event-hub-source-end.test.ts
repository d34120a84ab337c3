import test from 'ava';
import { createEventHub, SOURCE_ERROR_FRAME, type EventFilter, type StreamCounters } from '../../src/streams/index.ts';
import { counted, framesOf, marbleScheduler } from './helpers.ts';

const always: EventFilter<string> = { text: 'always', test: () => true };

test('a source error ends every subscriber with the error frame, is reported once, and forgets the source', (t) => {
  const scheduler = marbleScheduler(t);
  const errors: unknown[] = [];
  const counters: StreamCounters[] = [];
  let source!: ReturnType<typeof counted<string>>;
  scheduler.run(({ cold, expectObservable }) => {
    source = counted(cold('a-b-#', undefined, new Error('notify failed')));
    const hub = createEventHub<string>({ scheduler, keepAliveMs: 0, onError: (key, error) => errors.push([key, error]) });
    const values = framesOf('ab', { x: SOURCE_ERROR_FRAME });
    expectObservable(hub.frames({ key: '/k', open: source.open })).toBe('a-b-(x|)', values);
    expectObservable(hub.frames({ key: '/k', open: source.open, filter: always })).toBe('a-b-(x|)', values);
    // a subscriber arriving after the error opens the source anew
    expectObservable(hub.frames({ key: '/k', open: source.open }), '------^---!').toBe('------a-b-', values);
    scheduler.schedule(() => counters.push(hub.counters()), 5);
    scheduler.schedule(() => counters.push(hub.counters()), 11);
  });
  t.deepEqual(errors, [['/k', new Error('notify failed')]]);
  t.is(source.opens(), 2);
  t.is(source.closes(), 2, 'the closer runs after an error too');
  t.like(counters[0], { sources: 0, filters: 0, subscribers: 0 });
  t.like(counters[1], { sources: 0, filters: 0, subscribers: 0 });
});

test('a completing source ends every subscriber without an extra frame and is forgotten', (t) => {
  const scheduler = marbleScheduler(t);
  let source!: ReturnType<typeof counted<string>>;
  scheduler.run(({ cold, expectObservable }) => {
    source = counted(cold('a-b-|'));
    const hub = createEventHub<string>({ scheduler, keepAliveMs: 4 });
    expectObservable(hub.frames({ key: '/k', open: source.open })).toBe('a-b-|', framesOf('ab'));
    expectObservable(hub.frames({ key: '/k', open: source.open, filter: always })).toBe('a-b-|', framesOf('ab'));
    expectObservable(hub.frames({ key: '/k', open: source.open }), '-----^--!').toBe('-----a-b', framesOf('ab'));
    scheduler.schedule(() => t.like(hub.counters(), { sources: 1, subscribers: 1 }), 6);
  });
  t.is(source.opens(), 2);
  t.is(source.closes(), 2);
  t.is(scheduler.actions.length, 0, 'no keep-alive clock left');
});

test('open() throwing is a source error', (t) => {
  const scheduler = marbleScheduler(t);
  const errors: unknown[] = [];
  scheduler.run(({ expectObservable }) => {
    const hub = createEventHub<string>({ scheduler, keepAliveMs: 0, onError: (_key, error) => errors.push(error) });
    const open = () => {
      throw new Error('no such stream');
    };
    expectObservable(hub.frames({ key: '/k', open })).toBe('(x|)', { x: SOURCE_ERROR_FRAME });
    scheduler.schedule(() => t.like(hub.counters(), { sources: 0, subscribers: 0 }), 1);
  });
  t.is(errors.length, 1);
});

test('a pulled subscriber gets what was queued before the error, then the error frame, then done', async (t) => {
  const scheduler = marbleScheduler(t);
  const hub = createEventHub<string>({ scheduler, keepAliveMs: 0 });
  const source = counted(scheduler.createColdObservable<string>('a-b-#'));
  const stream = hub.subscribe({ key: '/k', open: source.open });
  scheduler.flush();
  t.deepEqual(await stream.next(), { done: false, value: 'data: "a"\n\ndata: "b"\n\n' + SOURCE_ERROR_FRAME.text });
  t.deepEqual(await stream.next(), { done: true, value: undefined });
  t.like(hub.counters(), { sources: 0, subscribers: 0, eventsDelivered: 2 });
  t.is(source.closes(), 1);
});
