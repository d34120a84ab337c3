/**
 * The frames that end a stream early. Exact bytes, for clients and for the
 * documentation of the service:
 *
 * A subscriber whose queue overflowed (the client reads slower than events
 * arrive) gets, instead of everything still queued for it:
 *
 *   event: error
 *   data: {"reason":"overflow","max-queued-events":1000}
 *   <blank line>
 *
 * (with the hub's actual bound), then the stream ends.
 *
 * A subscriber whose source failed (the application's notification stream
 * errored, or the stream's filter or encoder threw) gets, after everything
 * queued before the failure:
 *
 *   event: error
 *   data: {"reason":"source-error"}
 *   <blank line>
 *
 * then the stream ends. The error itself is not sent to the client (it may
 * hold server internals); the hub hands it to `onSourceError`.
 *
 * A subscriber whose filter exceeded its evaluation budget on an event
 * (event-filter.ts) gets, after everything queued before that event:
 *
 *   event: error
 *   data: {"reason":"filter-budget","max-steps":100000}
 *   <blank line>
 *
 * (with the filter's actual budget), then the stream ends. Every subscriber
 * of the same filter text gets it: they share one evaluation.
 *
 * A source that completes ends its subscribers' streams with no extra frame.
 * When the server closes, every stream gets the comment `: server closing`
 * and ends.
 */
import { FilterBudgetExceeded } from './event-filter.ts';
import { sseEvent, type SseFrame } from './sse-frame.ts';

export const overflowFrame = (maxQueuedEvents: number): SseFrame => ({
  kind: 'final',
  text: sseEvent('error', JSON.stringify({ reason: 'overflow', 'max-queued-events': maxQueuedEvents })),
  count: 0,
});

export const SOURCE_ERROR_FRAME: SseFrame = Object.freeze({
  kind: 'final',
  text: sseEvent('error', JSON.stringify({ reason: 'source-error' })),
  count: 0,
});

export const filterBudgetFrame = (maxSteps: number): SseFrame => ({
  kind: 'final',
  text: sseEvent('error', JSON.stringify({ reason: 'filter-budget', 'max-steps': maxSteps })),
  count: 0,
});

/** Ends a stream's source when the server closes: its subscribers get `CLOSING_FRAME`, not an error. */
export class ServerClosing extends Error {
  constructor() {
    super('the server is closing');
  }
}

/** The last frame of every stream when the server closes: a comment, then the stream ends. */
export const CLOSING_FRAME: SseFrame = Object.freeze({ kind: 'final', text: ': server closing\n\n', count: 0 });

/** The final frame for a stream that failed with `error`. */
export const finalFrameFor = (error: unknown): SseFrame =>
  error instanceof FilterBudgetExceeded ? filterBudgetFrame(error.maxSteps) : error instanceof ServerClosing ? CLOSING_FRAME : SOURCE_ERROR_FRAME;
