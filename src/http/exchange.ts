/**
 * The transport-neutral exchange: what an adapter hands the RESTCONF core and
 * what it gets back. No transport object crosses this line.
 */

export interface CoreRequest {
  /** Upper-case method name. */
  readonly method: string;
  /** The raw path, still percent-encoded, without the query string. */
  readonly path: string;
  /** The raw query string without `?` ('' when absent). */
  readonly query: string;
  /** Header names in lower case; repeated headers joined with ', '. */
  readonly headers: ReadonlyMap<string, string>;
  /** The request body. Pulled by the core; the adapter buffers at most what was pulled plus one chunk. */
  readonly body: AsyncIterable<Uint8Array>;
  /**
   * Fires when the client goes away (connection closed or reset) before the
   * answer ended. Made on first read (an AbortController per request costs
   * memory for as long as the answer lasts): read it only to listen to it.
   */
  readonly signal: AbortSignal;
  /**
   * The client's address. Adapters read it from the connection on first use;
   * read it while the request is being answered (first read after the answer
   * ended may give '').
   */
  readonly remoteAddress: string;
  /** 'http/1.1' or 'h2'. */
  readonly protocol: string;
  /** Whether the connection is over TLS. */
  readonly secure: boolean;
  /** The client's TLS certificate, when it sent one that verified against the configured CAs. */
  readonly peerCertificate?: () => PeerCertificate | undefined;
}

/** What a TLS transport tells of a verified client certificate. */
export interface PeerCertificate {
  /** SHA-256 fingerprint, `AB:CD:...`. */
  readonly fingerprint256: string;
  /** Fingerprint of the issuer's certificate, when the chain is known. */
  readonly issuerFingerprint256?: string;
  readonly subject: Readonly<Record<string, string | readonly string[]>>;
  /** `DNS:a.example, email:x@y, IP Address:...` as node:tls gives it. */
  readonly subjectaltname?: string;
}

/**
 * A response body: a whole string/bytes (the synchronous fast path) or a
 * pull-based stream of chunks. Adapters pull the next chunk only when the
 * socket can take more (backpressure), and call `return()` on the iterator
 * when the client goes away, which must release everything the stream held.
 */
export type ResponseBody = string | Uint8Array | AsyncIterable<string | Uint8Array>;

export interface CoreResponse {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** Undefined for no body (204, 304, HEAD). */
  readonly body: ResponseBody | undefined;
  /**
   * For long-lived streams (SSE): the adapter writes each chunk as soon as it
   * is available instead of waiting to fill a buffer.
   */
  readonly flushEachChunk?: boolean;
  /**
   * The request's id (the access log's, access-log.ts): transports write it
   * as the `x-request-id` field after `headers`, which then hold no field of
   * that name. Apart from the header object, so that an answer's shared
   * frozen headers are not copied per request to add one field.
   */
  readonly requestId?: string;
}

/** The field a response's `requestId` is written as. */
export const REQUEST_ID_FIELD = 'x-request-id';

/** The core as adapters see it. */
export type Handler = (request: CoreRequest) => CoreResponse | Promise<CoreResponse>;

/** A pipeline stage: the handler of the stages after it in, this stage's handler out. */
export type Middleware = (next: Handler) => Handler;
