/**
 * `ietf-restconf-monitoring:restconf-state` (RFC 8040 §9) as an RFC 7951
 * document: the protocol capabilities this server supports and every event
 * stream with its JSON location and its replay support. Served as the
 * ietf-restconf-monitoring module's state data (state-data-node.ts).
 */

export interface StreamInfo {
  /** Stream name, e.g. `rxconf-demo:overheat` or `rxconf-demo:changes`. */
  readonly name: string;
  readonly description: string;
  /** Absolute URL a client opens with GET (text/event-stream). */
  readonly location: string;
  /** When the stream's replay buffer was created (RFC 3339), when it keeps one. */
  readonly replayLogCreationTime?: string;
}

/** The capabilities of RFC 8040 §9.1.1, with the server's with-defaults basic mode, and YANG Patch (RFC 8072 §4) (replay: when a stream keeps a log). */
export const CAPABILITIES: readonly string[] = [
  'urn:ietf:params:restconf:capability:defaults:1.0?basic-mode=report-all',
  'urn:ietf:params:restconf:capability:depth:1.0',
  'urn:ietf:params:restconf:capability:fields:1.0',
  'urn:ietf:params:restconf:capability:filter:1.0',
  'urn:ietf:params:restconf:capability:with-defaults:1.0',
  'urn:ietf:params:restconf:capability:yang-patch:1.0',
];

export const REPLAY = 'urn:ietf:params:restconf:capability:replay:1.0';

const streamEntry = (s: StreamInfo): Record<string, unknown> => ({
  name: s.name,
  description: s.description,
  'replay-support': s.replayLogCreationTime !== undefined,
  ...(s.replayLogCreationTime === undefined ? {} : { 'replay-log-creation-time': s.replayLogCreationTime }),
  access: [{ encoding: 'json', location: s.location }],
});

export const restconfState = (streams: readonly StreamInfo[]): Record<string, unknown> => ({
  'ietf-restconf-monitoring:restconf-state': {
    capabilities: { capability: streams.some((s) => s.replayLogCreationTime !== undefined) ? [...CAPABILITIES, REPLAY] : [...CAPABILITIES] },
    ...(streams.length > 0 ? { streams: { stream: streams.map(streamEntry) } } : {}),
  },
});
