import { defer, share, tap, type MonoTypeOperatorFunction } from 'rxjs';

export interface ShareHooks {
  /** The shared subscription to the source starts (the first subscriber arrived). */
  readonly onStart: () => void;
  /**
   * It ended, once per start: the last subscriber left, or the source errored
   * or completed. On error and completion this runs before subscribers hear
   * of it, so one that reacts by subscribing again does not find the old
   * stream registered.
   */
  readonly onEnd: () => void;
}

/**
 * `share()` (reset on refcount zero, error and completion: the next
 * subscriber starts the source anew) that tells its owner when the shared
 * subscription starts and ends, so a registry of shared streams can count
 * them and forget the ones that ended. Adds no step per value for
 * subscribers.
 */
export const shareWhileSubscribed =
  <T>({ onStart, onEnd }: ShareHooks): MonoTypeOperatorFunction<T> =>
  (source) =>
    defer(() => {
      let live = true;
      const end = (): void => {
        if (!live) return;
        live = false;
        onEnd();
      };
      onStart();
      return source.pipe(tap({ error: end, complete: end, finalize: end }));
    }).pipe(share());
