import type { HttpRequest, HttpResponse } from '@trufflesuite/uws-js-unofficial';
import { giveBackChunkBytes } from '../../base/chunk-bytes.ts';
import type { CoreResponse, ResponseBody } from '../exchange.ts';
import type { ExchangeSettings } from './adapter-options.ts';
import { BodyQueue, type FlowControl } from './body-queue.ts';
import { checkResponseHead } from './check-response-head.ts';
import { clientGone, isClientGone } from './client-gone.ts';
import { ExchangeRequest } from './exchange-request.ts';
import { internalError } from './invoke-handler.ts';
import { pumpBody, type BodySink, type Pump } from './pump-body.ts';
import { releaseBody } from './release-body.ts';
import { declaredLength, expectsBody } from './request-body-length.ts';
import { bodyAllowed, bodylessLength } from './response-body-rules.ts';
import { headOf } from './uws-head.ts';
import { readUwsHeaders } from './uws-headers.ts';
import { uwsRemoteAddress, type UwsPeers } from './uws-peers.ts';
import { corkedEnd, corkedWrite, corkedWriteText } from './uws-writes.ts';

/** waiting: no answer yet; streaming: headers sent, body flowing; ended/aborted: `res` is dead. */
type Phase = 'waiting' | 'streaming' | 'ended' | 'aborted';

/** What the exchanges of one uWS server share. */
export interface UwsServerState extends ExchangeSettings {
  /** Exchanges whose answer did not end within the route handler (closed at shutdown). */
  readonly live: Set<UwsExchange>;
  /** The address all open connections share, when known. */
  readonly peers: UwsPeers;
}

/**
 * One uWS request/answer, and the CoreRequest the core reads. Owns the
 * rules of `res`: every write outside the route handler is corked, nothing
 * touches `res` after it ended or was aborted, and a paused socket is
 * resumed before the answer ends (a socket left paused would never read the
 * next request of its connection). The remote address is read only when
 * asked (reading it costs more than the rest of the head together), and
 * not at all while every open connection shares one (uws-peers.ts).
 */
export class UwsExchange extends ExchangeRequest implements BodySink, FlowControl {
  readonly #res: HttpResponse;
  readonly #state: UwsServerState;
  #phase: Phase = 'waiting';
  #queue: BodyQueue | undefined;
  #pump: Pump | undefined;
  #watchingWritable = false;
  /** In `state.live` (its answer did not end within the route handler). */
  #live = false;
  #whenWritable: (() => void) | undefined;
  #remoteAddress: string | undefined;

  /** Must run inside the route handler: `req` dies when it returns. `method`: the request's, when already read from `req`. */
  constructor(res: HttpResponse, req: HttpRequest, state: UwsServerState, method: string = req.getCaseSensitiveMethod()) {
    // getQuery() gives undefined, not '', when the target has no '?'
    super(method, req.getUrl(), (req.getQuery() as string | undefined) ?? '', readUwsHeaders(req));
    this.#res = res;
    this.#state = state;
    if (expectsBody(this.headers)) this.body = this.#openBody(declaredLength(this.headers));
  }

  get protocol(): string {
    return 'http/1.1';
  }

  get secure(): boolean {
    return false;
  }

  /**
   * The client's address: the one every open connection shares when the
   * build lets that be known (uws-peers.ts), else read from `res` (a system
   * call); '' when first asked after the answer ended (uWS no longer knows
   * the socket then).
   */
  get remoteAddress(): string {
    if (this.#remoteAddress === undefined) {
      if (this.settled) return '';
      this.#remoteAddress = this.#state.peers.address ?? uwsRemoteAddress(this.#res);
    }
    return this.#remoteAddress;
  }

  /** True once `res` may no longer be touched. */
  get settled(): boolean {
    return this.#phase === 'ended' || this.#phase === 'aborted';
  }

  /** Must run inside the route handler whenever the answer did not end there. */
  watchAbort(): void {
    this.#live = true;
    this.#state.live.add(this);
    this.#res.onAborted(() => this.#abort());
  }

  /** Forcibly closes the connection of an unfinished exchange (server shutdown). */
  close(): void {
    if (!this.settled) this.#res.close();
  }

  /** `corked`: true when called synchronously inside the route handler. Never throws. */
  respond(response: CoreResponse, corked: boolean): void {
    if (this.#phase !== 'waiting') {
      releaseBody(response.body);
      return;
    }
    let answer = response;
    try {
      checkResponseHead(response);
    } catch (error) {
      this.#state.onError(error);
      releaseBody(response.body);
      answer = internalError;
    }
    try {
      this.#respond(answer, corked);
    } catch (error) {
      this.fail(error);
    }
  }

  // FlowControl of the request body: no reading switch once `res` is dead.
  pause(): void {
    if (!this.settled) this.#res.pause();
  }

  resume(): void {
    if (!this.settled) this.#res.resume();
  }

  // BodySink: the response stream's pump writes here.
  write(chunk: string | Uint8Array): boolean {
    return typeof chunk === 'string' ? corkedWriteText(this.#res, chunk) : corkedWrite(this.#res, chunk);
  }

  whenWritable(resume: () => void): void {
    this.#whenWritable = resume;
    this.#watchWritable();
  }

  end(): void {
    const close = this.#finish();
    corkedEnd(this.#res, close);
  }

  /** The answer cannot be completed: cut the connection so the client sees it broken. */
  fail(error: unknown): void {
    if (!isClientGone(error)) this.#state.onError(error);
    if (this.settled) return;
    this.#res.close();
    this.#abort();
  }

  #openBody(length: number | undefined): BodyQueue {
    const queue = new BodyQueue({ maxBytes: this.#state.maxBodyBytes, declaredLength: length, flow: this });
    this.#res.onData((chunk, last) => {
      // uWS reuses the chunk's memory after this call returns: copy it
      if (chunk.byteLength > 0) queue.push(new Uint8Array(chunk.slice(0)));
      if (last) queue.end();
    });
    this.#queue = queue;
    return queue;
  }

  #respond(response: CoreResponse, corked: boolean): void {
    const body = response.body;
    if (!bodyAllowed(this.method, response.status)) {
      this.#endBodyless(response, corked);
      releaseBody(body);
    } else if (body === undefined || typeof body === 'string' || body instanceof Uint8Array) {
      this.#endWhole(response, body ?? '', corked);
    } else {
      this.#stream(response, body, corked);
    }
  }

  #endWhole(response: CoreResponse, body: string | Uint8Array, corked: boolean): void {
    const res = this.#res;
    const close = this.#finish();
    if (corked) endWhole(res, response, body, close);
    else res.cork(() => endWhole(res, response, body, close));
  }

  #endBodyless(response: CoreResponse, corked: boolean): void {
    const res = this.#res;
    const length = bodylessLength(response);
    const close = this.#finish();
    if (corked) endBodyless(res, response, length, close);
    else res.cork(() => endBodyless(res, response, length, close));
  }

  #stream(response: CoreResponse, body: Exclude<ResponseBody, string | Uint8Array>, corked: boolean): void {
    const res = this.#res;
    this.#phase = 'streaming';
    this.#queue?.unthrottle();
    if (response.flushEachChunk === true) this.forgetHeaders();
    if (corked) writeHead(res, response);
    else res.cork(() => writeHead(res, response));
    this.#pump = pumpBody(body, this);
  }

  /**
   * Registers the one onWritable handler of this answer: uWS keeps calling
   * the first handler given, so later waits go through `#whenWritable`.
   */
  #watchWritable(): void {
    if (this.#watchingWritable) return;
    this.#watchingWritable = true;
    const res = this.#res;
    res.onWritable(() => {
      // With an onWritable handler registered uWS does not send its own
      // buffer on writable events; an empty cork makes it do so.
      if (!this.settled) res.cork(noop);
      const resume = this.#whenWritable;
      this.#whenWritable = undefined;
      resume?.();
      return true;
    });
  }

  /**
   * The answer is ending: says whether to close the connection (a request
   * body not fully received). The body queue lets go first: that resumes a
   * paused socket while `res` is still usable.
   */
  #finish(): boolean {
    const queue = this.#queue;
    const close = queue !== undefined && !queue.complete;
    queue?.release();
    this.#phase = 'ended';
    if (this.#live) this.#state.live.delete(this);
    return close;
  }

  #abort(): void {
    if (this.#phase === 'aborted') return;
    this.#phase = 'aborted';
    this.#state.live.delete(this);
    this.markGone();
    this.#queue?.fail(clientGone());
    this.#pump?.abort();
  }
}

const noop = (): void => {};

/** Status, the core's headers and the request's id, in one call (uws-head.ts); framing headers are uWS's to write. */
const writeHead = (res: HttpResponse, response: CoreResponse): void => {
  res.writeStatus(headOf(response));
};

/** uWS copies what it does not send at once: a read's lent bytes go back after `end` (chunk-bytes.ts). */
const endWhole = (res: HttpResponse, response: CoreResponse, body: string | Uint8Array, close: boolean): void => {
  writeHead(res, response);
  res.end(body, close);
  if (typeof body !== 'string') giveBackChunkBytes(body);
};

const endBodyless = (res: HttpResponse, response: CoreResponse, length: string | undefined, close: boolean): void => {
  writeHead(res, response);
  if (length !== undefined) res.writeHeader('content-length', length);
  // endWithoutBody(length, close) of this uWS version leaves the answer open: announce the close instead
  if (close) res.writeHeader('connection', 'close');
  res.endWithoutBody();
};
