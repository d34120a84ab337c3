/**
 * DNS-rebinding defence: a server listening on a loopback address answers
 * only requests whose Host names it (localhost names, the listen address,
 * and the names configured), so a web page whose name was re-pointed at
 * 127.0.0.1 cannot reach it. Servers bound to other addresses check Host
 * only when names are configured.
 */
import type { CoreRequest, Handler } from '../http/exchange.ts';
import { requestError } from './request-error.ts';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1', '[::1]'];

/** Whether a host name or address is a loopback one (127.0.0.0/8, ::1, localhost). */
export const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '::1' || host.startsWith('127.') || host.endsWith('.localhost');

/** The host name of a Host header, without port and brackets kept for IPv6. */
export const hostName = (header: string): string => {
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.indexOf(':');
  return colon < 0 ? h : h.slice(0, colon);
};

/** The names allowed in Host, or undefined when any is. */
export const allowedHosts = (listenHost: string, configured: readonly string[] | undefined): ReadonlySet<string> | undefined => {
  if (configured === undefined && !isLoopback(listenHost)) return undefined;
  const names = new Set([...LOOPBACK_NAMES, ...(configured ?? []).map((n) => n.toLowerCase())]);
  names.add(listenHost.includes(':') && !listenHost.startsWith('[') ? `[${listenHost.toLowerCase()}]` : listenHost.toLowerCase());
  return names;
};

export const withHostCheck = (inner: Handler, allowed: () => ReadonlySet<string> | undefined): Handler => {
  // the last Host that passed, for the same set of names: most requests repeat it
  let passedHost: string | undefined;
  let passedFor: ReadonlySet<string> | undefined;
  return (req: CoreRequest) => {
    const names = allowed();
    if (names === undefined) return inner(req);
    const host = req.headers.get('host') ?? req.headers.get(':authority');
    if (host === undefined) return inner(req); // HTTP/1.0 and bare h2 clients: no name to rebind
    if (host === passedHost && names === passedFor) return inner(req);
    const name = hostName(host);
    if (!names.has(name) && !name.endsWith('.localhost')) {
      return requestError(req, 'access-denied', `Host "${name}" is not a name of this server (add it with --allowed-host, or createServer's allowedHosts)`, { status: 403 });
    }
    passedHost = host;
    passedFor = names;
    return inner(req);
  };
};
