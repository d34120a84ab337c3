/**
 * What the server is while it runs: where it listens (once `listen()`
 * resolved), the Call Home clients it serves, the Host names it answers and
 * its base URL (the address planned from the settings before it listens).
 */
import { plannedUrl } from '../http/system/protocol-modules.ts';
import type { CallHome } from './call-home/call-home.ts';
import { allowedHosts } from './host-check.ts';
import type { Listening } from './listen-transport.ts';
import type { ServerSettings } from './server-settings.ts';

export interface EndpointChoice {
  readonly host?: string;
  readonly port?: number;
  readonly allowedHosts?: readonly string[];
}

export class ServerEndpoint {
  listening: Listening | undefined;
  callHome: CallHome | undefined;
  #hosts: ReadonlySet<string> | undefined;

  constructor(
    private readonly o: EndpointChoice,
    private readonly settings: () => ServerSettings,
  ) {
    this.#hosts = allowedHosts(o.host ?? settings().address, o.allowedHosts);
  }

  /** The Host names requests may carry (host-check.ts). */
  get hosts(): ReadonlySet<string> | undefined {
    return this.#hosts;
  }

  readonly baseUrl = (): string => this.listening?.address.url ?? plannedUrl(this.o.host ?? this.settings().address, this.o.port ?? this.settings().port);

  /** Now listening: the Host names are those of the address bound. */
  bound(listening: Listening): void {
    this.listening = listening;
    this.#hosts = allowedHosts(listening.address.host, this.o.allowedHosts);
  }
}
