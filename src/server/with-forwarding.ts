/**
 * The forwarded stage: tells each request which peers are trusted proxies
 * and the server's own URL (http/forwarded/forwarding.ts), so that any later
 * layer finds the client's address and the request's base URL from the
 * request alone (`clientAddress`, `requestBaseUrl`). Nothing is read here:
 * the headers are parsed only when something asks.
 */
import { keepForwarding, type Forwarding } from '../http/forwarded/index.ts';
import type { Handler } from '../http/exchange.ts';

export const withForwarding = (inner: Handler, forwarding: Forwarding): Handler => (req) => {
  keepForwarding(req, forwarding);
  return inner(req);
};
