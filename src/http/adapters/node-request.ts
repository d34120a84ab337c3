import type { IncomingMessage } from 'node:http';
import type { Http2ServerRequest } from 'node:http2';
import type { RequestHead } from './adapter-request.ts';
import { expectsBody } from './request-body-length.ts';

/** node:http's request or node:http2's compatibility request (h2 and TLS HTTP/1.1 alike). */
export type NodeRequest = IncomingMessage | Http2ServerRequest;

export interface NodeRequestHead extends RequestHead {
  readonly protocol: 'http/1.1' | 'h2';
  /** Whether a body follows the head. */
  readonly hasBody: boolean;
}

/**
 * Reads the head of a node request. Names are lower-cased and repeats joined
 * with ', ' (node's own `headers` object drops some repeats). HTTP/2
 * pseudo-headers are left out; `:authority` stands in for a missing `host`.
 */
export const readNodeRequest = (req: NodeRequest): NodeRequestHead => {
  const headers = new Map<string, string>();
  const raw = req.rawHeaders;
  let authority: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] ?? '').toLowerCase();
    const value = raw[i + 1] ?? '';
    if (name.startsWith(':')) {
      if (name === ':authority') authority = value;
      continue;
    }
    const seen = headers.get(name);
    headers.set(name, seen === undefined ? value : `${seen}, ${value}`);
  }
  if (authority !== undefined && !headers.has('host')) headers.set('host', authority);
  const target = req.url ?? '/';
  const mark = target.indexOf('?');
  return {
    method: req.method ?? 'GET',
    path: mark < 0 ? target : target.slice(0, mark),
    query: mark < 0 ? '' : target.slice(mark + 1),
    headers,
    remoteAddress: req.socket.remoteAddress ?? '',
    protocol: req.httpVersionMajor === 2 ? 'h2' : 'http/1.1',
    // HTTP/2 says it by END_STREAM on the HEADERS frame
    hasBody: 'stream' in req ? !req.stream.endAfterHeaders : expectsBody(headers),
  };
};
