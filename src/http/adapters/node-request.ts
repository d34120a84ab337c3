import type { IncomingMessage } from 'node:http';
import type { Http2ServerRequest } from 'node:http2';
import { HeaderList } from './header-list.ts';

/** node:http's request or node:http2's compatibility request (h2 and TLS HTTP/1.1 alike). */
export type NodeRequest = IncomingMessage | Http2ServerRequest;

/**
 * The header fields of a node request, names lower-cased, from `rawHeaders`
 * (node's own `headers` object drops some repeats). HTTP/2 pseudo-headers
 * are left out; `:authority` stands in for a missing `host`.
 */
export const readNodeHeaders = (req: NodeRequest): HeaderList => {
  const raw = req.rawHeaders;
  const fields: string[] = [];
  let authority: string | undefined;
  let host = false;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    const value = raw[i + 1] as string;
    if (name.charCodeAt(0) === 58 /* ':' */) {
      if (name === ':authority') authority = value;
      continue;
    }
    if (name === 'host') host = true;
    fields.push(name, value);
  }
  if (authority !== undefined && !host) fields.push('host', authority);
  return new HeaderList(fields);
};

/** A request target split into path and query string (without '?'; '' when absent). */
export const splitTarget = (target: string): [path: string, query: string] => {
  const mark = target.indexOf('?');
  return mark < 0 ? [target, ''] : [target.slice(0, mark), target.slice(mark + 1)];
};
