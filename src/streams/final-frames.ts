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
 * A source that completes ends its subscribers' streams with no extra frame.
 */
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
