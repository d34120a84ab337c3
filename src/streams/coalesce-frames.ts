import { Observable, type MonoTypeOperatorFunction, type SchedulerLike } from 'rxjs';
import type { SseFrame } from './sse-frame.ts';

/** Runs `flush` later, once the current burst of events is over; the answer cancels it. */
export type FlushTimer = (flush: () => void) => () => void;

/** Flushes in the check phase of this turn of the event loop (`setImmediate`): events from every I/O callback of the turn share one write. */
export const nextTurn: FlushTimer = (flush) => {
  const handle = setImmediate(flush);
  return () => clearImmediate(handle);
};

/** Flushes through `scheduler` with no delay (a TestScheduler in marble tests: events of one frame share one chunk). */
export const onScheduler =
  (scheduler: SchedulerLike): FlushTimer =>
  (flush) => {
    const action = scheduler.schedule(flush);
    return () => action.unsubscribe();
  };

/** A coalescing stage whose pending burst can also be sent at once, from outside. */
export interface FrameCoalescer {
  /** The stage: one subscription at a time (it sits under a share). */
  readonly operator: MonoTypeOperatorFunction<SseFrame>;
  /** Sends what is pending now; a subscriber about to join calls it, so it gets no event sent before it came. */
  flush(): void;
}

/**
 * Joins the event frames that arrive before `later` fires into one event
 * frame (texts concatenated, counts added), so a burst costs every
 * subscriber one frame, one queue entry and one socket write, and the join
 * is done once for all of them. Comments and final frames are not joined:
 * whatever is pending goes out first, then they pass through at once.
 * Errors and completion flush first too.
 *
 *   source:  -(abc)--d--(e|)
 *   result:  -A------d--(e|)      (A = a, b and c in one frame, count 3)
 */
export const frameCoalescer = (later: FlushTimer): FrameCoalescer => {
  let flushActive: (() => void) | undefined;
  const operator: MonoTypeOperatorFunction<SseFrame> = (source) =>
    new Observable<SseFrame>((subscriber) => {
      let texts: string[] = [];
      let count = 0;
      let cancel: (() => void) | undefined;
      const flush = (): void => {
        cancel?.();
        cancel = undefined;
        if (count === 0) return;
        const text = texts.length === 1 ? (texts[0] as string) : texts.join('');
        const frame: SseFrame = { kind: 'event', text, count };
        texts = [];
        count = 0;
        subscriber.next(frame);
      };
      const timed = (): void => {
        cancel = undefined;
        flush();
      };
      flushActive = flush;
      const subscription = source.subscribe({
        next: (frame) => {
          if (frame.kind !== 'event') {
            flush();
            subscriber.next(frame);
            return;
          }
          texts.push(frame.text);
          count += frame.count;
          cancel ??= later(timed);
        },
        error: (error: unknown) => {
          flush();
          subscriber.error(error);
        },
        complete: () => {
          flush();
          subscriber.complete();
        },
      });
      return () => {
        if (flushActive === flush) flushActive = undefined;
        cancel?.();
        subscription.unsubscribe();
      };
    });
  return { operator, flush: () => flushActive?.() };
};

/** The coalescing stage alone (see frameCoalescer). */
export const coalesceFrames = (later: FlushTimer): MonoTypeOperatorFunction<SseFrame> => frameCoalescer(later).operator;
