/**
 * A trusted front proxy that authenticated the client itself and names the
 * user (and groups) in headers. The headers count only on connections from
 * the configured proxy addresses; from anywhere else they are ignored.
 */
import type { CoreRequest } from '../../http/exchange.ts';
import { plainAddress } from '../../http/forwarded/index.ts';
import type { Identity } from './identity.ts';

export interface ProxyOptions {
  /** Addresses of the proxies (as the transport reports the peer: `127.0.0.1`, `::1`...). */
  readonly trusted: readonly string[];
  /** Default `x-remote-user`. */
  readonly userHeader?: string;
  /** Comma-separated groups; default `x-remote-groups`. */
  readonly groupsHeader?: string;
}

export class ProxyAuth {
  private readonly trusted: ReadonlySet<string>;
  private readonly userHeader: string;
  private readonly groupsHeader: string;

  constructor(options: ProxyOptions) {
    this.trusted = new Set(options.trusted.map(plainAddress));
    this.userHeader = (options.userHeader ?? 'x-remote-user').toLowerCase();
    this.groupsHeader = (options.groupsHeader ?? 'x-remote-groups').toLowerCase();
  }

  /** The identity the proxy asserts, or undefined (no header, or not from a trusted proxy). */
  identify(req: CoreRequest): Identity | undefined {
    const user = req.headers.get(this.userHeader);
    if (user === undefined || user === '' || !this.trusted.has(plainAddress(req.remoteAddress))) return undefined;
    const groups = (req.headers.get(this.groupsHeader) ?? '').split(',').map((g) => g.trim()).filter((g) => g !== '');
    return { user, groups, method: 'proxy' };
  }
}
