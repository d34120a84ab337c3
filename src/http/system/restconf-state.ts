/**
 * `ietf-restconf-monitoring:restconf-state` (RFC 8040 §9): the protocol
 * capabilities this server supports and every event stream with its JSON
 * location. Served built in, like the YANG library.
 */

export interface StreamInfo {
  /** Stream name, e.g. `rxconf-demo:overheat` or `rxconf-demo:changes`. */
  readonly name: string;
  readonly description: string;
  /** Absolute URL a client opens with GET (text/event-stream). */
  readonly location: string;
}

/** The query-parameter capabilities of RFC 8040 §9.1.1, with the server's with-defaults basic mode. */
export const CAPABILITIES: readonly string[] = [
  'urn:ietf:params:restconf:capability:defaults:1.0?basic-mode=report-all',
  'urn:ietf:params:restconf:capability:depth:1.0',
  'urn:ietf:params:restconf:capability:fields:1.0',
  'urn:ietf:params:restconf:capability:filter:1.0',
  'urn:ietf:params:restconf:capability:with-defaults:1.0',
];

export const restconfState = (streams: readonly StreamInfo[]): Record<string, unknown> => ({
  'ietf-restconf-monitoring:restconf-state': {
    capabilities: { capability: [...CAPABILITIES] },
    ...(streams.length > 0 ? {
      streams: {
        stream: streams.map((s) => ({
          name: s.name,
          description: s.description,
          'replay-support': false,
          access: [{ encoding: 'json', location: s.location }],
        })),
      },
    } : {}),
  },
});
