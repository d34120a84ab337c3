/**
 * What a server tells each request about where it stands: which peers are
 * trusted proxies, and its own URL (for a request that names no host). One
 * object per server, kept on the transport's request (request-slot.ts: no
 * allocation per request), so that `requestBaseUrl` and `clientAddress`
 * need nothing but the request, from any layer and any rewrite of it.
 */
import type { CoreRequest } from '../exchange.ts';
import { requestSlot } from '../request-slot.ts';

export interface Forwarding {
  /** Whether any peer is trusted (the peer's address is not read otherwise). */
  readonly any: () => boolean;
  /** Whether the peer or a hop at `address` (IPv4-mapped addresses as IPv4) is a trusted proxy. */
  readonly trusted: (address: string) => boolean;
  /** The server's own URL (`http://127.0.0.1:8080`), for a request that names no host. */
  readonly ownUrl: () => string;
}

const slot = requestSlot<Forwarding>();

/** Keeps `forwarding` with the request (on the transport's request). */
export const keepForwarding: (request: CoreRequest, forwarding: Forwarding) => void = slot.keep;

/** What the server told the request, when it went through a server's pipeline. */
export const forwardingOf: (request: CoreRequest) => Forwarding | undefined = slot.of;
