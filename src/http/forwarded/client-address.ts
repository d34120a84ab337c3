/**
 * The client's address: the one a trusted proxy names (forwarded-client.ts),
 * else the peer's. What per-client state is keyed by (the authentication
 * failure delay), so that clients behind one proxy do not share the proxy's.
 */
import type { CoreRequest } from '../exchange.ts';
import { forwardedClient } from './forwarded-client.ts';
import { forwardingOf } from './forwarding.ts';

/** The client's address: the one a trusted proxy names, else the peer's. */
export const clientAddress = (request: CoreRequest): string => {
  const f = forwardingOf(request);
  return f !== undefined && f.any() ? forwardedClient(request, f.trusted).address : request.remoteAddress;
};
