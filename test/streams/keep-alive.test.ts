import test from 'ava';
import { keepAlive } from '../../src/streams/index.ts';
import { marbleScheduler } from './helpers.ts';

test('fills each tick with no value since the previous one; values pass through', (t) => {
  const scheduler = marbleScheduler(t);
  scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
    const source = hot('-a-------b--------');
    const unsub = '     ^----------------!';
    // ticks at 4, 8, 12, 16: 4 saw a, 8 saw nothing, 12 saw b, 16 saw nothing
    expectObservable(source.pipe(keepAlive(4, 'k', scheduler)), unsub).toBe('-a------kb------k-');
    expectSubscriptions(source.subscriptions).toBe(unsub);
  });
  t.is(scheduler.actions.length, 0, 'the clock went with the subscription');
});

test('the example in the doc comment', (t) => {
  const scheduler = marbleScheduler(t);
  scheduler.run(({ cold, expectObservable }) => {
    expectObservable(cold('--a--------------|').pipe(keepAlive(4, 'k', scheduler))).toBe('--a-----k---k---k|');
  });
});

test('completion and error pass through and stop the clock', (t) => {
  const scheduler = marbleScheduler(t);
  scheduler.run(({ cold, expectObservable }) => {
    expectObservable(cold('------|').pipe(keepAlive(2, 'k', scheduler))).toBe('--k-k-|');
    expectObservable(cold('-a---#').pipe(keepAlive(2, 'k', scheduler))).toBe('-a--k#');
  });
  t.is(scheduler.actions.length, 0);
});

test('a period of 0 or Infinity leaves the source as it is', (t) => {
  const scheduler = marbleScheduler(t);
  scheduler.run(({ cold, expectObservable }) => {
    expectObservable(cold('-a------|').pipe(keepAlive(0, 'k', scheduler))).toBe('-a------|');
    expectObservable(cold('-a------|').pipe(keepAlive(Infinity, 'k', scheduler))).toBe('-a------|');
  });
});
