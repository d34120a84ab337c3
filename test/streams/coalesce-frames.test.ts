import test from 'ava';
import { coalesceFrames, nextTurn, onScheduler } from '../../src/streams/coalesce-frames.ts';
import { KEEP_ALIVE_FRAME, SOURCE_ERROR_FRAME, type SseFrame } from '../../src/streams/index.ts';
import { Subject } from 'rxjs';
import { frameOf, framesOf, marbleScheduler } from './helpers.ts';

const joined = (letters: string): SseFrame => ({
  kind: 'event',
  text: [...letters].map((l) => frameOf(l).text).join(''),
  count: letters.length,
});

test('the event frames of one burst become one frame carrying their count; lone ones pass as they are', (t) => {
  const scheduler = marbleScheduler(t);
  scheduler.run(({ cold, expectObservable }) => {
    const values = { ...framesOf('abcde'), A: joined('abc') };
    expectObservable(cold('-(abc)--d--(e|)', values).pipe(coalesceFrames(onScheduler(scheduler)))).toBe('-A------d--(e|)', values);
  });
});

test('a comment or final frame sends what is pending first, then passes at once', (t) => {
  const scheduler = marbleScheduler(t);
  scheduler.run(({ cold, expectObservable }) => {
    const values = { ...framesOf('abc'), k: KEEP_ALIVE_FRAME, X: SOURCE_ERROR_FRAME, A: joined('ab') };
    expectObservable(cold('-(abkc)-(aX)', values).pipe(coalesceFrames(onScheduler(scheduler)))).toBe('-(Akc)--(aX)', values);
  });
});

test('an error flushes what is pending before it', (t) => {
  const scheduler = marbleScheduler(t);
  scheduler.run(({ cold, expectObservable }) => {
    const values = { ...framesOf('ab'), A: joined('ab') };
    expectObservable(cold('-(ab#)', values).pipe(coalesceFrames(onScheduler(scheduler)))).toBe('-(A#)', values);
  });
});

test('nextTurn: a burst within one turn of the event loop is one frame; unsubscribing cancels the pending flush', async (t) => {
  const source = new Subject<SseFrame>();
  const seen: SseFrame[] = [];
  const subscription = source.pipe(coalesceFrames(nextTurn)).subscribe((f) => seen.push(f));
  for (const letter of 'abc') source.next(frameOf(letter));
  t.deepEqual(seen, [], 'nothing yet within the burst');
  await new Promise((r) => setImmediate(r));
  t.deepEqual(seen, [joined('abc')]);
  source.next(frameOf('d'));
  subscription.unsubscribe();
  await new Promise((r) => setImmediate(r));
  t.is(seen.length, 1, 'no flush after unsubscribing');
  t.false(source.observed);
});
