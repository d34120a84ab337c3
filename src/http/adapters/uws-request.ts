import type { HttpRequest, HttpResponse } from '@trufflesuite/uws-js-unofficial';
import type { RequestHead } from './adapter-request.ts';

const decoder = new TextDecoder();

/** Everything the adapter needs from a uWS request, read at once: `req` dies when the route handler returns. */
export const readUwsRequest = (res: HttpResponse, req: HttpRequest): RequestHead => {
  const headers = new Map<string, string>();
  req.forEach((name, value) => {
    const seen = headers.get(name);
    headers.set(name, seen === undefined ? value : `${seen}, ${value}`);
  });
  return {
    method: req.getCaseSensitiveMethod(),
    path: req.getUrl(),
    // getQuery() gives undefined, not '', when the target has no '?'
    query: (req.getQuery() as string | undefined) ?? '',
    headers,
    remoteAddress: decoder.decode(res.getRemoteAddressAsText()),
  };
};
