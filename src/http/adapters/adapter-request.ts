import type { CoreRequest } from '../exchange.ts';
import type { AbortLatch } from './abort-latch.ts';

/** What an adapter reads from the request head. */
export interface RequestHead {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly headers: ReadonlyMap<string, string>;
  readonly remoteAddress: string;
}

/** A CoreRequest whose `signal` is made on first use (see AbortLatch). */
export class AdapterRequest implements CoreRequest {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly headers: ReadonlyMap<string, string>;
  readonly remoteAddress: string;
  readonly body: AsyncIterable<Uint8Array>;
  readonly protocol: string;
  readonly secure: boolean;
  readonly #latch: AbortLatch;

  constructor(head: RequestHead, body: AsyncIterable<Uint8Array>, protocol: string, secure: boolean, latch: AbortLatch) {
    this.method = head.method;
    this.path = head.path;
    this.query = head.query;
    this.headers = head.headers;
    this.remoteAddress = head.remoteAddress;
    this.body = body;
    this.protocol = protocol;
    this.secure = secure;
    this.#latch = latch;
  }

  get signal(): AbortSignal {
    return this.#latch.signal;
  }
}
