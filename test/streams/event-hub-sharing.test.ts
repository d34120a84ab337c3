import test from 'ava';
import { createEventHub } from '../../src/streams/index.ts';
import { counted, framesOf, marbleScheduler } from './helpers.ts';

test('one hot source per key: opened by the first subscriber, shared, closed by the last, reopened later', (t) => {
  const scheduler = marbleScheduler(t);
  const sources: number[] = [];
  let opens = 0;
  scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
    const source = cold('a-b-c-d-e-f-g-h-i-j');
    const hub = createEventHub<string>({ scheduler, keepAliveMs: 0 });
    const request = {
      key: '/ex:alarm',
      open: () => {
        opens += 1;
        return source;
      },
    };
    expectObservable(hub.frames(request), '         ^------!').toBe('a-b-c-d', framesOf('abcd'));
    expectObservable(hub.frames(request), '         -^--------!').toBe('--b-c-d-e-', framesOf('bcde'));
    expectObservable(hub.frames(request), '         ------------^--!').toBe('------------a-b', framesOf('ab'));
    expectSubscriptions(source.subscriptions).toBe(['^---------!', '------------^--!']);
    for (const frame of [0, 5, 11, 13, 16]) scheduler.schedule(() => sources.push(hub.counters().sources), frame);
  });
  t.is(opens, 2, 'open() once per hot period');
  t.deepEqual(sources, [1, 1, 0, 1, 0]);
});

test('keys do not share: each key has its own source', (t) => {
  const scheduler = marbleScheduler(t);
  const snapshot: number[] = [];
  scheduler.run(({ cold, expectObservable }) => {
    const hub = createEventHub<string>({ scheduler, keepAliveMs: 0 });
    const x = counted(cold<string>('x-x-x'));
    const y = counted(cold<string>('-y-y-'));
    expectObservable(hub.frames({ key: '/x', open: x.open }), '^---!').toBe('x-x-', framesOf('x'));
    expectObservable(hub.frames({ key: '/y', open: y.open }), '^---!').toBe('-y-y', framesOf('y'));
    scheduler.schedule(() => snapshot.push(hub.counters().sources, hub.counters().subscribers), 2);
    scheduler.schedule(() => snapshot.push(hub.counters().sources, hub.counters().subscribers), 5);
  });
  t.deepEqual(snapshot, [2, 2, 0, 0]);
});

test('the first subscriber of a key supplies open(); later ones only join', (t) => {
  const scheduler = marbleScheduler(t);
  scheduler.run(({ cold, expectObservable }) => {
    const hub = createEventHub<string>({ scheduler, keepAliveMs: 0 });
    const first = counted(cold<string>('-a-b-c'));
    const second = counted(cold<string>('-z-z-z'));
    expectObservable(hub.frames({ key: '/k', open: first.open }), '^-----!').toBe('-a-b-c', framesOf('abc'));
    expectObservable(hub.frames({ key: '/k', open: second.open }), '--^---!').toBe('---b-c', framesOf('bc'));
    scheduler.schedule(() => t.is(second.opens(), 0), 6);
  });
});
