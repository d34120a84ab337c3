import { defer, filter, tap, type Observable, type OperatorFunction } from 'rxjs';
import { FrameFanOut, type FrameSource } from './frame-fan-out.ts';
import { frameCoalescer, type FlushTimer } from './coalesce-frames.ts';
import type { EventEncoder } from './last-frame-encoder.ts';
import { shareWhileSubscribed } from './share-while-subscribed.ts';
import type { SseFrame } from './sse-frame.ts';
import type { StreamCounters } from './stream-counters.ts';

/** A subscriber's filter: `text` names it (equal texts share one evaluation), `test` decides. */
export interface EventFilter<E> {
  readonly text: string;
  readonly test: (event: E) => boolean;
}

export interface SourceRequest<E> {
  /** The notification's path: one hot source per key. */
  readonly key: string;
  /** Cold source: subscribing calls the application's Notify, unsubscribing its closer. */
  readonly open: () => Observable<E>;
  readonly filter?: EventFilter<E>;
}

/** Told of a failure of a source, or of a filter or encoder that threw, once per failure. */
export type ErrorReporter = (key: string, error: unknown) => void;

export interface SharedSourcesOptions<E> {
  readonly counters: StreamCounters;
  readonly onError: ErrorReporter;
  /** Events to frames for one encoder; run once per (key, filter, encoder), shared by its subscribers. */
  readonly toFrames: (key: string, encode: EventEncoder<E>) => OperatorFunction<E, SseFrame>;
  /** When the frames of a burst are sent, joined, to the subscribers of a frame stream. */
  readonly flushLater: FlushTimer;
}

interface Branch<E> {
  readonly events$: Observable<E>;
  readonly framed: Map<EventEncoder<E>, FrameFanOut>;
}

interface Source<E> extends Branch<E> {
  readonly filtered: Map<string, Branch<E>>;
}

/** The value under `key`, made and registered if missing; `forget` unregisters that very value. */
const registered = <K, V>(registry: Map<K, V>, key: K, make: (forget: () => void) => V): V => {
  const known = registry.get(key);
  if (known !== undefined) return known;
  const value = make(() => {
    if (registry.get(key) === value) registry.delete(key);
  });
  registry.set(key, value);
  return value;
};

/** The frame stream a subscriber joins (joining starts the shared streams it needs, if they are not running). */
export type FramedSource<E> = (request: SourceRequest<E>, encode: EventEncoder<E>) => FrameSource;

/**
 * The shared streams of a hub, as a tree: one hot subscription to `open()`
 * per key; under it one filtered stream per filter text (a filter runs once
 * per event, however many subscribers use it); under each of those (and
 * under the unfiltered source) one frame stream per encoder (an event is
 * encoded once per encoder, one keep-alive clock serves them all, and the
 * frames of a burst are joined once for all of them), handed to its
 * subscribers by a FrameFanOut.
 * Every stream starts with its first subscriber and stops, and is
 * forgotten, when its last one leaves or it ends; a source that errors or
 * completes ends everything under it. The first subscriber's `open` and
 * `test` stand for the key and the filter text.
 */
export const sharedSources = <E>({ counters, onError, toFrames, flushLater }: SharedSourcesOptions<E>): FramedSource<E> => {
  const sources = new Map<string, Source<E>>();

  const sourceOf = (key: string, open: () => Observable<E>): Source<E> =>
    registered(sources, key, (forget) => ({
      events$: defer(open).pipe(
        tap({ error: (error: unknown) => onError(key, error) }),
        shareWhileSubscribed({
          onStart: () => {
            counters.sources += 1;
          },
          onEnd: () => {
            forget();
            counters.sources -= 1;
          },
        }),
      ),
      filtered: new Map(),
      framed: new Map(),
    }));

  const branchOf = (key: string, source: Source<E>, { text, test }: EventFilter<E>): Branch<E> =>
    registered(source.filtered, text, (forget) => ({
      events$: source.events$.pipe(
        filter((event) => {
          try {
            return test(event);
          } catch (error) {
            onError(key, error);
            throw error;
          }
        }),
        shareWhileSubscribed({
          onStart: () => {
            counters.filters += 1;
          },
          onEnd: () => {
            forget();
            counters.filters -= 1;
          },
        }),
      ),
      framed: new Map(),
    }));

  const framedOf = (key: string, branch: Branch<E>, encode: EventEncoder<E>): FrameFanOut =>
    registered(branch.framed, encode, (forget) => {
      const burst = frameCoalescer(flushLater);
      // A newcomer joins after the pending burst went out: it gets no event sent before it subscribed.
      return new FrameFanOut(branch.events$.pipe(toFrames(key, encode), burst.operator), { beforeJoin: burst.flush, onEnd: forget });
    });

  return ({ key, open, filter: eventFilter }: SourceRequest<E>, encode: EventEncoder<E>): FrameSource => {
    const source = sourceOf(key, open);
    return framedOf(key, eventFilter === undefined ? source : branchOf(key, source, eventFilter), encode);
  };
};
