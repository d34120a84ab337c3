/**
 * What the server is while it runs: where it listens (once `listen()`
 * resolved), the Call Home clients it serves, the Host names it answers and
 * its base URL (the address planned from the settings before it listens).
 */
import type { RequestContext } from '../actors/request-context.ts';
import { contextBaseUrl, nodeAddress, type Forwarding } from '../http/forwarded/index.ts';
import { plannedUrl } from '../http/system/protocol-modules.ts';
import type { CallHome } from './call-home/call-home.ts';
import { allowedHosts } from './host-check.ts';
import type { Listening } from './listen-transport.ts';
import type { ServerSettings } from './server-settings.ts';

export interface EndpointChoice {
  readonly host?: string;
  readonly port?: number;
  readonly allowedHosts?: readonly string[];
  readonly forwardedBy?: readonly string[];
}

export class ServerEndpoint {
  listening: Listening | undefined;
  callHome: CallHome | undefined;
  #hosts: ReadonlySet<string> | undefined;
  readonly #proxies: ReadonlySet<string>;

  constructor(
    private readonly o: EndpointChoice,
    private readonly settings: () => ServerSettings,
  ) {
    this.#hosts = allowedHosts(o.host ?? settings().address, o.allowedHosts);
    this.#proxies = new Set((o.forwardedBy ?? []).map(nodeAddress));
  }

  /** The Host names requests may carry (host-check.ts). */
  get hosts(): ReadonlySet<string> | undefined {
    return this.#hosts;
  }

  readonly baseUrl = (): string => this.listening?.address.url ?? plannedUrl(this.o.host ?? this.settings().address, this.o.port ?? this.settings().port);

  /** The base URL of the request `context` is of (its Host, or what a trusted proxy tells), else the server's own. */
  readonly baseUrlFor = (context: RequestContext): string => contextBaseUrl(context, this.baseUrl);

  /** What each request is told (the forwarded stage): the trusted proxies and the server's own URL. */
  readonly forwarding: Forwarding = {
    any: () => this.#proxies.size > 0,
    trusted: (address) => this.#proxies.has(address),
    ownUrl: this.baseUrl,
  };

  /** Now listening: the Host names are those of the address bound. */
  bound(listening: Listening): void {
    this.listening = listening;
    this.#hosts = allowedHosts(listening.address.host, this.o.allowedHosts);
  }
}
