/**
 * The client's HTTP: one request and its whole answer, over node:http or
 * node:https (so a CA and a client certificate need no other library).
 * Every request carries the connection's credentials and headers. Event
 * streams are event-stream.ts (kept apart so a plain request loads no rxjs).
 */
import type { ClientRequest, IncomingHttpHeaders, IncomingMessage, RequestOptions } from 'node:http';
import { createRequire } from 'node:module';
import type { ConnectOptions } from './connect-options.ts';

export interface HttpAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

/** A request that could not be made or answered (connection refused, time-out, TLS). */
export class TransportFailure extends Error {
  /** The request went out on a kept-alive connection the server had just closed: nothing was done, sending again is safe. */
  retryable = false;

  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'TransportFailure';
  }
}

const require = createRequire(import.meta.url);

/**
 * node:http through require, not an ES import: on Node 22+ importing it
 * reads every export, and its getters of WebSocket and the like load
 * undici (some 40 ms of CPU in every client command's start).
 */
let http: typeof import('node:http') | undefined;
const httpRequest = (url: URL, options: RequestOptions): ClientRequest =>
  (http ??= require('node:http') as typeof import('node:http')).request(url, options);

/** node:https, loaded by the first https request (TLS costs a plain http command's start some 10 ms of CPU). */
let https: typeof import('node:https') | undefined;
const httpsRequest = (url: URL, options: RequestOptions): ClientRequest =>
  (https ??= require('node:https') as typeof import('node:https')).request(url, options);

const credentialHeaders = (c: ConnectOptions['credentials']): Record<string, string> => {
  if (c === undefined) return {};
  if ('token' in c) return { authorization: `Bearer ${c.token}` };
  return { authorization: `Basic ${Buffer.from(`${c.user}:${c.password}`, 'utf8').toString('base64')}` };
};

export class ClientTransport {
  private readonly headers: Record<string, string>;

  constructor(
    /** The server's origin (scheme, host, port), no trailing slash. */
    readonly origin: string,
    private readonly options: ConnectOptions = {},
  ) {
    this.headers = { ...credentialHeaders(options.credentials), ...options.headers };
  }

  /**
   * A request opened, not yet sent, with the connection's credentials and TLS
   * options. `own`: a connection of its own (an event stream holds it for
   * long; a kept-alive one may be closing).
   */
  open(method: string, target: string, headers: Record<string, string>, own = false): ClientRequest {
    const url = new URL(target, this.origin);
    const tls = url.protocol === 'https:';
    const o: RequestOptions & { ca?: unknown; cert?: unknown; key?: unknown } = {
      method, headers: { ...this.headers, ...headers },
    };
    if (own) o.agent = false;
    if (tls) {
      if (this.options.ca !== undefined) o.ca = this.options.ca;
      if (this.options.cert !== undefined) o.cert = this.options.cert;
      if (this.options.key !== undefined) o.key = this.options.key;
    }
    return (tls ? httpsRequest : httpRequest)(url, o as RequestOptions);
  }

  /**
   * One exchange; `target` is a path (with its query) on the origin. A 408
   * (the server gave up waiting for the request, so did not act on it) is
   * tried once more, as RFC 9110 §15.5.9 allows; so is a request that met
   * a kept-alive connection closing under it (Node's advice for
   * `reusedSocket`).
   */
  async request(method: string, target: string, body?: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    let a: HttpAnswer;
    try {
      a = await this.exchange(method, target, body, headers);
    } catch (e) {
      if (e instanceof TransportFailure && e.retryable) return this.exchange(method, target, body, headers);
      throw e;
    }
    return a.status === 408 ? this.exchange(method, target, body, headers) : a;
  }

  private exchange(method: string, target: string, body: string | undefined, headers: Record<string, string>): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      const req = this.open(method, target, body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) });
      req.setTimeout(this.options.timeoutMs ?? 30_000, () => req.destroy(new TransportFailure(`${method} ${target}: no answer in ${this.options.timeoutMs ?? 30_000} ms`)));
      req.on('error', (e) => {
        if (e instanceof TransportFailure) return reject(e);
        const failure = new TransportFailure(`${method} ${new URL(target, this.origin).href}: ${e.message}`, e);
        failure.retryable = req.reusedSocket && (e as { code?: string }).code === 'ECONNRESET';
        reject(failure);
      });
      req.on('response', (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (e) => reject(new TransportFailure(`${method} ${target}: ${e.message}`, e)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      });
      req.end(body);
    });
  }
}
