import test from 'ava';
import { shareWhileSubscribed } from '../../src/streams/share-while-subscribed.ts';
import { marbleScheduler } from './helpers.ts';

const recorder = () => {
  const log: string[] = [];
  return { log, hooks: { onStart: () => log.push('start'), onEnd: () => log.push('end') } };
};

test('shares one subscription; start with the first subscriber, end (once) with the last', (t) => {
  const scheduler = marbleScheduler(t);
  const { log, hooks } = recorder();
  scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
    const source = cold('a-b-c-d-e-f-g');
    const shared = source.pipe(shareWhileSubscribed(hooks));
    expectObservable(shared, '^---!').toBe('a-b-');
    expectObservable(shared, '--^-----!').toBe('--b-c-d-');
    expectObservable(shared, '----------^-!').toBe('----------a-');
    expectSubscriptions(source.subscriptions).toBe(['^-------!', '----------^-!']);
  });
  t.deepEqual(log, ['start', 'end', 'start', 'end']);
});

test('ends once on error and on completion, before subscribers hear of it', (t) => {
  const scheduler = marbleScheduler(t);
  const { log, hooks } = recorder();
  scheduler.run(({ cold }) => {
    const failing = cold('a-#').pipe(shareWhileSubscribed(hooks));
    failing.subscribe({ error: () => log.push('error seen') });
    failing.subscribe({ error: () => log.push('error seen') });
    const completing = cold('a-|').pipe(shareWhileSubscribed(hooks));
    completing.subscribe({ complete: () => log.push('complete seen') });
  });
  t.deepEqual(log, ['start', 'start', 'end', 'error seen', 'error seen', 'end', 'complete seen']);
});

test('a subscriber that resubscribes on error starts a new period, and the old one does not end it', (t) => {
  const scheduler = marbleScheduler(t);
  const { log, hooks } = recorder();
  scheduler.run(({ cold }) => {
    const shared = cold('a-#').pipe(shareWhileSubscribed(hooks));
    const again = shared.subscribe({ error: () => void shared.subscribe({ error: () => log.push('second error') }) });
    scheduler.schedule(() => log.push(`closed: ${again.closed}`), 1);
  });
  // start (first), closed: false, end (error), start (resubscribed), end (its error at 4)
  t.deepEqual(log, ['start', 'closed: false', 'end', 'start', 'end', 'second error']);
});
