import type { HttpResponse } from '@trufflesuite/uws-js-unofficial';
import { lastAddressText } from './ip-address-text.ts';

/** The remote address of a live `res` as Node writes it ('' when uWS cannot tell: the socket is gone). */
export const uwsRemoteAddress = (res: HttpResponse): string => lastAddressText(new Uint8Array(res.getRemoteAddress()));

/**
 * The clients' address without a system call per request, on the uWS
 * builds that tell each connection's open and close (`app.filter`, v20.5x).
 * uWS reads a request's address with `getpeername` each time it is asked,
 * and its `res` objects tell nothing of their connection, so the address
 * cannot be kept per connection. What can be kept: whether every
 * connection opened since the last moment none was open came from one
 * address (read once, as it opens). While that holds, each open connection
 * is from that address, and so is every request on one: the common case of
 * a management interface (a few clients on one host, or all through one
 * proxy). A connection from another address makes it unknown until no
 * connection is open; requests then read their own, as on 20.30.
 */
export class UwsPeers {
  #open = 0;
  /** The one address of every open connection; undefined when they differ or it is unknown. */
  #address: string | undefined;
  /** Some open connection's address differs (or could not be read): unknown until none is open. */
  #mixed = false;
  /** A close told without its open (never seen): the count cannot be trusted from then on. */
  #broken = false;

  /** The address every open connection shares, or undefined: the request must read its own. */
  get address(): string | undefined {
    return this.#address;
  }

  /** `app.filter`'s callback: `count` is +1 as a connection opens (its `res` still readable), -1 as it closes. */
  readonly filter = (res: HttpResponse, count: number): void => {
    if (count < 0) {
      this.#open += count;
      if (this.#open < 0) this.#broken = true;
      if (this.#open <= 0) this.#address = undefined;
      return;
    }
    this.#open += count;
    if (this.#broken) return;
    if (this.#open === count) {
      // the first connection since none was open: its address is every open connection's
      const address = uwsRemoteAddress(res);
      this.#address = address === '' ? undefined : address;
      this.#mixed = this.#address === undefined;
    } else if (!this.#mixed && uwsRemoteAddress(res) !== this.#address) {
      this.#mixed = true;
      this.#address = undefined;
    }
  };

  /** Open client connections now. */
  get open(): number {
    return this.#open;
  }
}
