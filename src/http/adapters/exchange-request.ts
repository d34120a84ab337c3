import type { CoreRequest } from '../exchange.ts';
import { clientGone } from './client-gone.ts';
import { emptyBody } from './empty-body.ts';

const noHeaders: ReadonlyMap<string, string> = new Map();

/**
 * The request side of one exchange: the exchange object is itself the
 * CoreRequest the core reads, so a request costs one object, not a request,
 * a head and an abort latch. `signal` is made on first use: the common
 * small request that nobody cancels never pays for an AbortController, and
 * neither does an event stream (its transport returns the body when the
 * client goes away).
 */
export abstract class ExchangeRequest implements CoreRequest {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  #headers: ReadonlyMap<string, string>;
  body: AsyncIterable<Uint8Array> = emptyBody;
  abstract readonly protocol: string;
  abstract readonly secure: boolean;
  abstract readonly remoteAddress: string;
  #controller: AbortController | undefined;
  #gone = false;

  constructor(method: string, path: string, query: string, headers: ReadonlyMap<string, string>) {
    this.method = method;
    this.path = path;
    this.query = query;
    this.#headers = headers;
  }

  get headers(): ReadonlyMap<string, string> {
    return this.#headers;
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#gone) this.#controller.abort(clientGone());
    }
    return this.#controller.signal;
  }

  /** Whether the client went away before the answer ended. */
  get gone(): boolean {
    return this.#gone;
  }

  /**
   * Lets go of the header fields once an answer that may last for hours
   * (an event stream) has started: the core read what it needed while
   * answering, and a subscriber should hold no more than its socket needs.
   */
  protected forgetHeaders(): void {
    this.#headers = noHeaders;
  }

  /** The client went away: fires the signal, if anyone made it. Idempotent. */
  protected markGone(): void {
    if (this.#gone) return;
    this.#gone = true;
    this.#controller?.abort(clientGone());
  }
}
