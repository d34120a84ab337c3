/**
 * The two serialisations of an event: default mode sends the bare content;
 * strict mode the RFC 8040 §6.4 wrapper with eventTime (RFC 3339, UTC).
 * One function each, shared by every subscriber, so the hub encodes an event
 * once per mode.
 */
import type { StreamEvent } from './stream-event.ts';

export const encodePlainEvent = (e: StreamEvent): string => JSON.stringify(e.plain());

export const encodeStrictEvent = (e: StreamEvent): string =>
  JSON.stringify({ 'ietf-restconf:notification': { eventTime: e.time.toISOString(), ...e.content() } });
