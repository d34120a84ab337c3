import { asyncScheduler, interval, Observable, type MonoTypeOperatorFunction, type SchedulerLike } from 'rxjs';

/**
 * Emits `filler` on every tick of a `periodMs` clock (started at
 * subscription) when no source value went through since the previous tick;
 * source values, errors and completion pass through unchanged. The clock is
 * released with the subscription, whatever ends it. A period that is not a
 * positive finite number turns keep-alive off.
 *
 *   source:    --a--------------|
 *   keepAlive(4, k)
 *   ticks:     ----T---T---T---T
 *   result:    --a-----k---k---k|
 */
export const keepAlive =
  <T>(periodMs: number, filler: T, scheduler: SchedulerLike = asyncScheduler): MonoTypeOperatorFunction<T> =>
  (source) =>
    !(periodMs > 0 && Number.isFinite(periodMs))
      ? source
      : new Observable<T>((subscriber) => {
          let active = false;
          subscriber.add(
            interval(periodMs, scheduler).subscribe(() => {
              if (active) active = false;
              else subscriber.next(filler);
            }),
          );
          subscriber.add(
            source.subscribe({
              next: (value) => {
                active = true;
                subscriber.next(value);
              },
              error: (error: unknown) => subscriber.error(error),
              complete: () => subscriber.complete(),
            }),
          );
        });
