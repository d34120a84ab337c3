/**
 * An HTTP answer that is an event stream (RFC 8040 §6.3, Server-Sent
 * Events): the hub subscriber is the body, pulled by the transport (a
 * SyncPullBody, so adapters write each burst as it is delivered); a client
 * that goes away ends the subscription (and, for the last one, the source).
 */
import type { Observable } from 'rxjs';
import type { CoreResponse } from '../http/exchange.ts';
import type { EventHub } from './event-hub.ts';
import { encodePlainEvent, encodeStrictEvent } from './event-encoders.ts';
import type { EventFilter } from './shared-sources.ts';
import type { StreamEvent } from './stream-event.ts';

export interface EventStreamRequest {
  /** One hot source per key: the stream's path. */
  readonly key: string;
  readonly open: () => Observable<StreamEvent>;
  readonly strict: boolean;
  readonly filter: EventFilter<StreamEvent> | undefined;
  /** The request's abort signal: fires when the client goes away. */
  readonly signal: AbortSignal;
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
  const stop = (): void => void body.return();
  if (r.signal.aborted) stop();
  else r.signal.addEventListener('abort', stop, { once: true });
  return {
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' },
    body,
    flushEachChunk: true,
  };
};
