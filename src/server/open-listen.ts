/**
 * Secure by default: a server listening beyond loopback (any address other
 * than 127.0.0.0/8, ::1 or localhost, `0.0.0.0` and `::` included) with no
 * authentication would take every read and write from anyone who reaches
 * the port. It refuses to start unless the operator says that is what they
 * want (`allowUnauthenticated`, `rxconf serve --allow-unauthenticated`), as
 * Redis' protected mode does. Anonymous access alone is no authentication.
 */
import type { AuthOptions } from './auth/authenticate.ts';
import { isLoopback } from './host-check.ts';

const authenticates = (auth: AuthOptions | undefined): boolean =>
  auth !== undefined && (auth.basic !== undefined || auth.bearer !== undefined || auth.certificates !== undefined || auth.proxy !== undefined);

/** Throws when `host` is beyond loopback, nothing authenticates and the operator did not allow it. */
export const refuseOpenListen = (host: string, auth: AuthOptions | undefined, allowUnauthenticated: boolean | undefined): void => {
  if (allowUnauthenticated === true || authenticates(auth)) return;
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (isLoopback(bare.toLowerCase())) return;
  throw new TypeError(
    `createServer: listening on ${host} without authentication would let anyone who reaches the port read and change everything; `
    + 'configure authentication (auth: basic, bearer, certificates or proxy; --users, --jwks, --cert-user, --trusted-proxy), '
    + 'listen on a loopback address, or allow it explicitly (allowUnauthenticated: true; --allow-unauthenticated)',
  );
};
