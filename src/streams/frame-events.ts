import { catchError, map, of, type OperatorFunction, type SchedulerLike } from 'rxjs';
import { finalFrameFor } from './final-frames.ts';
import { keepAlive } from './keep-alive.ts';
import { KEEP_ALIVE_FRAME, type SseFrame } from './sse-frame.ts';

export interface FrameEventsOptions<E> {
  /** An event's frame (see lastFrameEncoder). */
  readonly frameOf: (event: E) => SseFrame;
  /** Keep-alive period; 0 for none. */
  readonly keepAliveMs: number;
  readonly scheduler: SchedulerLike;
  /** Told when `frameOf` throws. */
  readonly onEncodeError: (error: unknown) => void;
}

/**
 * Notifications to SSE frames: one event frame per event, a keep-alive
 * comment on each idle tick, and a failure of the source or of the encoder
 * turned into its final frame (`finalFrameFor`: `SOURCE_ERROR_FRAME`, or the
 * `filter-budget` frame for a filter over its budget) and completion (a
 * stream body cannot carry an error, only bytes).
 *
 *   events:  -a-----#
 *   result:  -A----k(X|)     (keepAliveMs 3, A = frameOf(a), X = SOURCE_ERROR_FRAME)
 */
export const frameEvents = <E>({
  frameOf,
  keepAliveMs,
  scheduler,
  onEncodeError,
}: FrameEventsOptions<E>): OperatorFunction<E, SseFrame> => {
  const guarded = (event: E): SseFrame => {
    try {
      return frameOf(event);
    } catch (error) {
      onEncodeError(error);
      throw error;
    }
  };
  return (events) =>
    events.pipe(
      map(guarded),
      keepAlive(keepAliveMs, KEEP_ALIVE_FRAME, scheduler),
      catchError((error: unknown) => of(finalFrameFor(error))),
    );
};
