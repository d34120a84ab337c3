import { asyncScheduler, Observable, type SchedulerLike } from 'rxjs';
import { nextTurn, onScheduler, type FlushTimer } from './coalesce-frames.ts';
import { overflowFrame } from './final-frames.ts';
import { frameEvents } from './frame-events.ts';
import { encodeEventJson, lastFrameEncoder, type EventEncoder } from './last-frame-encoder.ts';
import type { FrameSink } from './frame-fan-out.ts';
import { PullStream, type PullStreamOptions, type StreamSubscriber } from './pull-stream.ts';
import { sharedSources, type ErrorReporter, type SourceRequest } from './shared-sources.ts';
import type { SseFrame } from './sse-frame.ts';
import { createStreamCounters, type StreamCounters } from './stream-counters.ts';

export interface EventHubOptions {
  /** Event frames a subscriber may have waiting; one more drops it. Default 1,000. */
  readonly maxQueuedEvents?: number;
  /**
   * Period of the keep-alive clock; on each tick that saw no event, idle
   * streams get a keep-alive comment (so an idle stream hears something at
   * least every 2 × keepAliveMs). 0 turns it off. Default 15,000.
   */
  readonly keepAliveMs?: number;
  /** Clock for keep-alive (a TestScheduler in tests). Default `asyncScheduler`. */
  readonly scheduler?: SchedulerLike;
  /**
   * When the event frames of a burst go out, joined into one chunk per
   * subscriber. Default: through `scheduler` when one is given (in marble
   * tests the events of one frame are joined), else in the check phase of
   * the event loop's turn (`nextTurn`), so the events of every I/O callback
   * of a turn share one write per socket.
   */
  readonly flushLater?: FlushTimer;
  /** Told once per failure: a source that errored, a filter or an encoder that threw. */
  readonly onError?: ErrorReporter;
}

export interface SubscribeRequest<E> extends SourceRequest<E> {
  /**
   * This subscriber's serialisation of an event. Default: bare JSON.
   * Subscribers share encoding and keep-alive work only when they pass the
   * same function: use one function per output mode, not one per request.
   */
  readonly encode?: EventEncoder<E>;
  /** Text the subscriber's stream starts with, before any frame (not an event). */
  readonly opening?: string;
}

export interface EventHub<E> {
  /** Joins the key's source now; the result is the response body, pulled by the transport. */
  subscribe(request: SubscribeRequest<E>): StreamSubscriber;
  /** The same subscriber as a cold stream of frames, unbounded (for tests and push transports). */
  frames(request: SubscribeRequest<E>): Observable<SseFrame>;
  /** A copy of the counters as they are now. */
  counters(): StreamCounters;
}

export const DEFAULT_MAX_QUEUED_EVENTS = 1_000;
export const DEFAULT_KEEP_ALIVE_MS = 15_000;

/**
 * The notification multiplexer behind RESTCONF event streams: many
 * subscribers, one hot source per key, one filter evaluation per event per
 * distinct filter text, one encoding per event per encoder, a bounded queue
 * per subscriber, and keep-alive comments on idle streams (one clock per
 * key, filter and encoder, not per subscriber).
 */
export const createEventHub = <E = unknown>(options: EventHubOptions = {}): EventHub<E> => {
  const maxQueuedEvents = options.maxQueuedEvents ?? DEFAULT_MAX_QUEUED_EVENTS;
  const keepAliveMs = options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS;
  if (!Number.isInteger(maxQueuedEvents) || maxQueuedEvents < 1) {
    throw new RangeError(`maxQueuedEvents must be a positive integer, not ${maxQueuedEvents}`);
  }
  if (!(keepAliveMs >= 0)) throw new RangeError(`keepAliveMs must be 0 or more, not ${keepAliveMs}`);
  const scheduler = options.scheduler ?? asyncScheduler;
  const flushLater = options.flushLater ?? (options.scheduler === undefined ? nextTurn : onScheduler(options.scheduler));
  const onError: ErrorReporter = options.onError ?? (() => undefined);

  const counters = createStreamCounters();
  const encoders = new WeakMap<EventEncoder<E>, (event: E) => SseFrame>();
  const frameOfFor = (encode: EventEncoder<E>): ((event: E) => SseFrame) => {
    let frameOf = encoders.get(encode);
    if (frameOf === undefined) encoders.set(encode, (frameOf = lastFrameEncoder(encode)));
    return frameOf;
  };
  const framed = sharedSources<E>({
    counters,
    onError,
    flushLater,
    toFrames: (key, encode) =>
      frameEvents({
        frameOf: frameOfFor(encode),
        keepAliveMs,
        scheduler,
        onEncodeError: (error) => onError(key, error),
      }),
  });

  const frames = (request: SubscribeRequest<E>): Observable<SseFrame> =>
    new Observable<SseFrame>((subscriber) => {
      counters.subscribers += 1;
      const sink: FrameSink = { push: (frame) => subscriber.next(frame), close: () => subscriber.complete() };
      const source = framed(request, request.encode ?? encodeEventJson);
      source.join(sink);
      return () => {
        counters.subscribers -= 1;
        source.leave(sink);
      };
    });

  // one options object for every subscriber of the hub
  const pullOptions: PullStreamOptions = {
    maxQueuedEvents,
    overflowFrame: overflowFrame(maxQueuedEvents),
    onDelivered: (delivered, comments) => {
      counters.eventsDelivered += delivered;
      counters.keepAlivesSent += comments;
    },
    onOverflow: (discarded) => {
      counters.eventsDropped += discarded;
      counters.subscribersDropped += 1;
    },
    onEnd: () => {
      counters.subscribers -= 1;
    },
  };

  return {
    subscribe: (request) => {
      counters.subscribers += 1;
      return new PullStream(framed(request, request.encode ?? encodeEventJson), pullOptions, request.opening);
    },
    frames,
    counters: () => ({ ...counters }),
  };
};
