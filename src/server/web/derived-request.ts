/**
 * A request as a layer in front of the core rewrites it (other query, other
 * headers): everything else read through from the original, on use (an
 * adapter's request computes its signal and address lazily).
 */
import type { CoreRequest } from '../../http/exchange.ts';
import { ORIGIN, originOf } from '../../http/request-origin.ts';

class DerivedRequest implements CoreRequest {
  readonly #from: CoreRequest;
  readonly [ORIGIN]: CoreRequest;
  readonly method: string;
  readonly path: string;
  readonly protocol: string;
  readonly secure: boolean;
  readonly peerCertificate?: CoreRequest['peerCertificate'];

  constructor(from: CoreRequest, readonly query: string, readonly headers: ReadonlyMap<string, string>) {
    this.#from = from;
    this[ORIGIN] = originOf(from);
    this.method = from.method;
    this.path = from.path;
    this.protocol = from.protocol;
    this.secure = from.secure;
    if (from.peerCertificate !== undefined) this.peerCertificate = () => from.peerCertificate?.();
  }

  get body(): AsyncIterable<Uint8Array> {
    return this.#from.body;
  }

  get signal(): AbortSignal {
    return this.#from.signal;
  }

  get remoteAddress(): string {
    return this.#from.remoteAddress;
  }
}

/** `from` with this query and these headers (lower-case names). */
export const derivedRequest = (from: CoreRequest, query: string, headers: ReadonlyMap<string, string>): CoreRequest =>
  new DerivedRequest(from, query, headers);
