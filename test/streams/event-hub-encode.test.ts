import test from 'ava';
import { createEventHub, eventFrame, lastFrameEncoder, SOURCE_ERROR_FRAME, type EventEncoder } from '../../src/streams/index.ts';
import { counted, marbleScheduler } from './helpers.ts';

interface Alarm {
  readonly id: number;
}

test('each subscriber gets its own encoding; each encoder runs once per event however many use it', (t) => {
  const scheduler = marbleScheduler(t);
  const calls = { bare: 0, wrapped: 0 };
  const bare: EventEncoder<Alarm> = (alarm) => {
    calls.bare += 1;
    return JSON.stringify(alarm);
  };
  const wrapped: EventEncoder<Alarm> = (alarm) => {
    calls.wrapped += 1;
    return JSON.stringify({ 'ietf-restconf:notification': { 'ex:alarm': alarm } });
  };
  const events = { a: { id: 1 }, b: { id: 2 }, c: { id: 3 } };
  const bareFrames = { a: eventFrame('{"id":1}'), b: eventFrame('{"id":2}'), c: eventFrame('{"id":3}') };
  const wrappedFrames = {
    a: eventFrame('{"ietf-restconf:notification":{"ex:alarm":{"id":1}}}'),
    b: eventFrame('{"ietf-restconf:notification":{"ex:alarm":{"id":2}}}'),
    c: eventFrame('{"ietf-restconf:notification":{"ex:alarm":{"id":3}}}'),
  };
  scheduler.run(({ hot, expectObservable }) => {
    const hub = createEventHub<Alarm>({ scheduler, keepAliveMs: 0 });
    const source = counted(hot<Alarm>('-a-b-c', events));
    const unsub = '^-----!';
    for (let i = 0; i < 3; i += 1) {
      expectObservable(hub.frames({ key: '/ex:alarm', open: source.open, encode: bare }), unsub).toBe('-a-b-c', bareFrames);
    }
    for (let i = 0; i < 2; i += 1) {
      expectObservable(hub.frames({ key: '/ex:alarm', open: source.open, encode: wrapped }), unsub).toBe(
        '-a-b-c',
        wrappedFrames,
      );
    }
  });
  t.deepEqual(calls, { bare: 3, wrapped: 3 });
});

test('filtered and unfiltered subscribers with one encoder share one encoding per event', (t) => {
  const scheduler = marbleScheduler(t);
  let calls = 0;
  const counting: EventEncoder<number> = (n) => {
    calls += 1;
    return String(n);
  };
  const frames = { a: eventFrame('1'), b: eventFrame('2'), c: eventFrame('3') };
  scheduler.run(({ hot, expectObservable }) => {
    const hub = createEventHub<number>({ scheduler, keepAliveMs: 0 });
    const source = counted(hot<number>('-a-b-c', { a: 1, b: 2, c: 3 }));
    const unsub = '^-----!';
    const any = { text: 'any', test: () => true };
    const odd = { text: 'odd', test: (n: number) => n % 2 === 1 };
    expectObservable(hub.frames({ key: '/n', open: source.open, encode: counting }), unsub).toBe('-a-b-c', frames);
    expectObservable(hub.frames({ key: '/n', open: source.open, encode: counting, filter: any }), unsub).toBe('-a-b-c', frames);
    expectObservable(hub.frames({ key: '/n', open: source.open, encode: counting, filter: odd }), unsub).toBe('-a---c', frames);
  });
  t.is(calls, 3);
});

test('lastFrameEncoder reuses the frame for the same event only', (t) => {
  let calls = 0;
  const frameOf = lastFrameEncoder((n: { n: number }) => {
    calls += 1;
    return String(n.n);
  });
  const one = { n: 1 };
  t.is(frameOf(one), frameOf(one));
  t.is(calls, 1);
  t.deepEqual(frameOf({ n: 1 }), eventFrame('1'), 'an equal but distinct event is encoded again');
  t.is(calls, 2);
  t.is(frameOf(one).text, 'data: 1\n\n');
  t.is(calls, 3, 'only the last event is remembered');
});

test('an encoder that throws ends the subscribers using it, with the error frame, reported once', (t) => {
  const scheduler = marbleScheduler(t);
  const errors: unknown[] = [];
  scheduler.run(({ hot, expectObservable }) => {
    const hub = createEventHub<number>({ scheduler, keepAliveMs: 0, onError: (key, error) => errors.push([key, error]) });
    const source = counted(hot<number>('-a-b-c', { a: 1, b: 2, c: 3 }));
    const picky: EventEncoder<number> = (n) => {
      if (n === 2) throw new TypeError('cannot encode 2');
      return String(n);
    };
    const values = { a: eventFrame('1'), b: eventFrame('2'), c: eventFrame('3'), x: SOURCE_ERROR_FRAME };
    expectObservable(hub.frames({ key: '/n', open: source.open, encode: picky })).toBe('-a-(x|)', values);
    expectObservable(hub.frames({ key: '/n', open: source.open, encode: picky })).toBe('-a-(x|)', values);
    expectObservable(hub.frames({ key: '/n', open: source.open }), '^-----!').toBe('-a-b-c', values);
  });
  t.deepEqual(errors, [['/n', new TypeError('cannot encode 2')]]);
});
