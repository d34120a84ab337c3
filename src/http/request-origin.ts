/**
 * The request as the transport gave it. A layer in front of the core that
 * rewrites a request (other query, other headers: server/web/derived-request.ts)
 * keeps the original under ORIGIN, so that what is kept on the transport's
 * request (the identity, the forwarding trust) is found from any rewrite.
 */
import type { CoreRequest } from './exchange.ts';

export const ORIGIN = Symbol('rxconf.origin');

/** The request as the transport gave it, before any layer rewrote it (itself when none did). */
export const originOf = (req: CoreRequest): CoreRequest => (req as { [ORIGIN]?: CoreRequest })[ORIGIN] ?? req;
