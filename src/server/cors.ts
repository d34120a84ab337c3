/**
 * Cross-origin access (the Fetch standard's CORS protocol) for browser
 * clients: preflights answered, allowed origins echoed on every answer,
 * event streams included. A write from another origin that is not allowed
 * is refused (403 access-denied) even when the browser would not ask first
 * (a form post), so a page the operator visits cannot change the server.
 */
import type { CoreRequest, CoreResponse, Handler } from '../http/exchange.ts';
import { withHeaders } from '../http/with-headers.ts';
import { requestError } from './request-error.ts';

export interface CorsOptions {
  /** Origins allowed (`https://ui.example:8443`), or '*' for any. Default: none. */
  readonly origins: readonly string[] | '*';
  /** Allow cookies and HTTP authentication from those origins. Default false. */
  readonly credentials?: boolean;
  /** How long a browser may cache a preflight's answer. Default 600. */
  readonly maxAgeSeconds?: number;
}

const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'accept, authorization, content-type, last-event-id, x-request-id';
const EXPOSED = 'location, www-authenticate, x-request-id, allow';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const sameOrigin = (origin: string, host: string | undefined): boolean => {
  if (host === undefined) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
};

export const withCors = (inner: Handler, options: CorsOptions = { origins: [] }): Handler => {
  const allowed = options.origins === '*' ? undefined : new Set(options.origins.map((o) => o.toLowerCase()));
  const allows = (origin: string): boolean => allowed === undefined || allowed.has(origin.toLowerCase());
  const grant = (origin: string): Record<string, string> => ({
    'access-control-allow-origin': origin,
    ...(options.credentials === true ? { 'access-control-allow-credentials': 'true' } : {}),
    vary: 'origin',
  });
  const decorate = (origin: string) => (res: CoreResponse): CoreResponse =>
    withHeaders(res, { ...grant(origin), 'access-control-expose-headers': EXPOSED });

  return (req: CoreRequest) => {
    const origin = req.headers.get('origin');
    if (origin === undefined || sameOrigin(origin, req.headers.get('host'))) return inner(req);
    const preflight = req.method === 'OPTIONS' && req.headers.has('access-control-request-method');
    if (!allows(origin)) {
      if (preflight || !READS.has(req.method)) {
        return requestError(req, 'access-denied', `origin ${origin} may not ${preflight ? 'send requests to' : 'change'} this server (CORS)`, { status: 403 });
      }
      return inner(req);
    }
    if (preflight) {
      return {
        status: 204,
        headers: {
          ...grant(origin),
          'access-control-allow-methods': METHODS,
          'access-control-allow-headers': req.headers.get('access-control-request-headers') ?? ALLOWED_HEADERS,
          'access-control-max-age': String(options.maxAgeSeconds ?? 600),
        },
        body: undefined,
      };
    }
    const answer = inner(req);
    return answer instanceof Promise ? answer.then(decorate(origin)) : decorate(origin)(answer);
  };
};
