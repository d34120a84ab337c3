import { eventFrame, type SseFrame } from './sse-frame.ts';

/** Serialises one notification for one subscriber (default-mode JSON, strict-mode RFC 8040 §6.4 wrapper, ...). */
export type EventEncoder<E> = (event: E) => string;

/** The default encoder: bare JSON (`null` for values JSON cannot hold). */
export const encodeEventJson: EventEncoder<unknown> = (event) => JSON.stringify(event) ?? 'null';

/**
 * Wraps `encode` so that consecutive calls with the same event (compared with
 * `===`) encode and frame it once. An event reaches every stream of its key
 * in one synchronous pass, so the streams using one encoder (filtered and
 * unfiltered) share one frame per event. `encode` must be a pure function of
 * the event. Holds on to the last event and its frame only.
 */
export const lastFrameEncoder = <E>(encode: EventEncoder<E>): ((event: E) => SseFrame) => {
  let lastEvent: E | undefined;
  let lastFrame: SseFrame | undefined;
  return (event) => {
    if (lastFrame !== undefined && event === lastEvent) return lastFrame;
    const frame = eventFrame(encode(event));
    lastEvent = event;
    lastFrame = frame;
    return frame;
  };
};
