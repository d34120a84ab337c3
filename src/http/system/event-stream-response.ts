/**
 * An HTTP answer that is an event stream (RFC 8040 §6.3, Server-Sent
 * Events): the hub subscriber is the body, pulled by the transport (a
 * SyncPullBody, so adapters write each burst as it is delivered); a client
 * that goes away ends the subscription (and, for the last one, the source):
 * the transport calls the body's `return()`.
 */
import type { Observable } from 'rxjs';
import type { CoreResponse } from '../exchange.ts';
import type { EventHub } from '../../streams/event-hub.ts';
import { encodePlainEvent, encodeStrictEvent } from '../../streams/event-encoders.ts';
import type { EventFilter } from '../../streams/shared-sources.ts';
import type { StreamEvent } from '../../streams/stream-event.ts';

export interface EventStreamRequest {
  /** One hot source per key: the stream's path. */
  readonly key: string;
  readonly open: () => Observable<StreamEvent>;
  readonly strict: boolean;
  readonly filter: EventFilter<StreamEvent> | undefined;
  /**
   * Not needed, and best not passed: reading a request's `signal` makes its
   * AbortController. The transport calls the body's `return()` when the
   * client goes away (or when it never started the answer), which releases
   * the subscriber.
   */
  readonly signal?: AbortSignal;
}

/** The first bytes of every stream: transports send the head with the first body bytes, so clients see the 200 at once. */
export const OPENING_FRAME = ': stream open\n\n';

export const eventStreamResponse = (hub: EventHub<StreamEvent>, r: EventStreamRequest): CoreResponse => {
  const body = hub.subscribe({
    key: r.key,
    open: r.open,
    ...(r.filter === undefined ? {} : { filter: r.filter }),
    encode: r.strict ? encodeStrictEvent : encodePlainEvent,
    opening: OPENING_FRAME,
  });
  if (r.signal?.aborted === true) void body.return();
  return {
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' },
    body,
    flushEachChunk: true,
  };
};
