/** Shared helpers for the streams tests. */
import type { ExecutionContext } from 'ava';
import { Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { eventFrame, type SseFrame } from '../../src/streams/index.ts';

/** A TestScheduler whose marble assertions are ava assertions. */
export const marbleScheduler = (t: ExecutionContext): TestScheduler =>
  new TestScheduler((actual, expected) => t.deepEqual(actual, expected));

/** The frame the default encoder makes of `value`. */
export const frameOf = (value: unknown): SseFrame => eventFrame(JSON.stringify(value));

/** Marble values: each letter stands for the default frame of itself. */
export const framesOf = (letters: string, extra: Record<string, SseFrame> = {}): Record<string, SseFrame> => ({
  ...Object.fromEntries([...letters].map((letter) => [letter, frameOf(letter)])),
  ...extra,
});

/** Counts how often a source is opened (Notify) and closed (closer). */
export interface CountedSource<E> {
  readonly open: () => Observable<E>;
  readonly opens: () => number;
  readonly closes: () => number;
}

export const counted = <E>(source: Observable<E>): CountedSource<E> => {
  let opens = 0;
  let closes = 0;
  return {
    open: () =>
      new Observable<E>((subscriber) => {
        opens += 1;
        const inner = source.subscribe(subscriber);
        return () => {
          closes += 1;
          inner.unsubscribe();
        };
      }),
    opens: () => opens,
    closes: () => closes,
  };
};
