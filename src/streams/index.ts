/**
 * RESTCONF event streams (RFC 8040 §6): the notification multiplexer and its
 * Server-Sent Events framing.
 */
export {
  createEventHub,
  DEFAULT_KEEP_ALIVE_MS,
  DEFAULT_MAX_QUEUED_EVENTS,
  type EventHub,
  type EventHubOptions,
  type SubscribeRequest,
} from './event-hub.ts';
export type { ErrorReporter, EventFilter, SourceRequest } from './shared-sources.ts';
export { encodeEventJson, lastFrameEncoder, type EventEncoder } from './last-frame-encoder.ts';
export { PullStream, type PullStreamOptions, type StreamSubscriber } from './pull-stream.ts';
export { keepAlive } from './keep-alive.ts';
export { coalesceFrames, frameCoalescer, nextTurn, onScheduler, type FlushTimer, type FrameCoalescer } from './coalesce-frames.ts';
export { eventFrame, KEEP_ALIVE_FRAME, sseComment, sseData, sseEvent, type SseFrame } from './sse-frame.ts';
export { CLOSING_FRAME, filterBudgetFrame, finalFrameFor, overflowFrame, ServerClosing, SOURCE_ERROR_FRAME } from './final-frames.ts';
export { createStreamCounters, type StreamCounters } from './stream-counters.ts';
export { type StreamEvent, notificationEvent, changeEvent } from './stream-event.ts';
export { encodePlainEvent, encodeStrictEvent } from './event-encoders.ts';
export {
  compileEventFilter, FILTER_LIMITS, FILTER_MAX_STEPS, FilterBudgetExceeded, type CompiledFilter,
} from './event-filter.ts';
export { notificationEvents, changeSource, nestIn, sharedNotification } from './event-sources.ts';
export { sourceWhenAdded } from './source-when-added.ts';
export { ReplayBuffer, type ReplayLimits } from './replay-buffer.ts';
export { ReplayLog } from './replay-log.ts';
export { replayWindow, type ReplayWindow } from './replay-window.ts';
export { recordStreams } from './record-streams.ts';
export { failOnClosing } from './fail-on-closing.ts';
