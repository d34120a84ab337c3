/**
 * The one place that decides a request's base URL: the scheme and host
 * every URL the server gives out starts with (a created resource's
 * Location, stream locations, subscription URIs, YANG library schema
 * URLs, the OpenAPI servers). From a trusted proxy, the scheme and host it
 * says the client used (`X-Forwarded-Proto`/`-Host`, RFC 7239 `Forwarded`);
 * else the request's own Host header (which the host check already
 * accepted) and the listener's scheme; with no usable Host either, the
 * server's own URL.
 */
import type { CoreRequest } from '../exchange.ts';
import { forwardedClient, validHost } from './forwarded-client.ts';
import { forwardingOf } from './forwarding.ts';

/** `https://example.com` or `http://127.0.0.1:8080`, no trailing slash ('' outside a server, for a request with no Host). */
export const requestBaseUrl = (request: CoreRequest): string => {
  const f = forwardingOf(request);
  const told = f !== undefined && f.any() ? forwardedClient(request, f.trusted) : undefined;
  const scheme = told?.proto ?? (request.secure ? 'https' : 'http');
  const host = told?.host ?? validHost(request.headers.get('host'));
  if (host !== undefined) return `${scheme}://${host}`;
  return f?.ownUrl() ?? '';
};
