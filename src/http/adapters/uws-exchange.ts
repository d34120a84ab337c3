import type { HttpResponse } from '@trufflesuite/uws-js-unofficial';
import type { CoreResponse, ResponseBody } from '../exchange.ts';
import { AbortLatch, clientGone } from './abort-latch.ts';
import type { ExchangeSettings } from './adapter-options.ts';
import { BodyQueue } from './body-queue.ts';
import { checkResponseHead } from './check-response-head.ts';
import { internalError } from './invoke-handler.ts';
import { pumpBody, type BodySink } from './pump-body.ts';
import { utf8Once } from './utf8-once.ts';
import { releaseBody } from './release-body.ts';
import { bodyAllowed, bodylessLength } from './response-body-rules.ts';
import { statusLine } from './status-line.ts';

/** waiting: no answer yet; streaming: headers sent, body flowing; ended/aborted: `res` is dead. */
type Phase = 'waiting' | 'streaming' | 'ended' | 'aborted';

/**
 * One uWS request/answer. Owns the rules of `res`: every write outside the
 * route handler is corked, nothing touches `res` after it ended or was
 * aborted, and a paused socket is resumed before the answer ends (a socket
 * left paused would never read the next request of its connection).
 */
export class UwsExchange {
  readonly latch = new AbortLatch();
  readonly #res: HttpResponse;
  readonly #method: string;
  readonly #settings: ExchangeSettings;
  readonly #live: Set<UwsExchange>;
  #phase: Phase = 'waiting';
  #queue: BodyQueue | undefined;
  #watchingWritable = false;
  #whenWritable: (() => void) | undefined;

  constructor(res: HttpResponse, method: string, settings: ExchangeSettings, live: Set<UwsExchange>) {
    this.#res = res;
    this.#method = method;
    this.#settings = settings;
    this.#live = live;
  }

  /** True once `res` may no longer be touched. */
  get settled(): boolean {
    return this.#phase === 'ended' || this.#phase === 'aborted';
  }

  /** Starts receiving the body; must run inside the route handler. */
  openBody(declaredLength: number | undefined): BodyQueue {
    const res = this.#res;
    const usable = (): boolean => !this.settled;
    const queue = new BodyQueue({
      maxBytes: this.#settings.maxBodyBytes,
      declaredLength,
      flow: {
        pause: () => { if (usable()) res.pause(); },
        resume: () => { if (usable()) res.resume(); },
      },
    });
    res.onData((chunk, last) => {
      // uWS reuses the chunk's memory after this call returns: copy it
      if (chunk.byteLength > 0) queue.push(new Uint8Array(chunk.slice(0)));
      if (last) queue.end();
    });
    this.#queue = queue;
    return queue;
  }

  /** Must run inside the route handler whenever the answer did not end there. */
  watchAbort(): void {
    this.#live.add(this);
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
      this.#settings.onError(error);
      releaseBody(response.body);
      answer = internalError;
    }
    try {
      this.#respond(answer, corked);
    } catch (error) {
      this.#fail(error);
    }
  }

  #respond(response: CoreResponse, corked: boolean): void {
    const body = response.body;
    if (!bodyAllowed(this.#method, response.status)) {
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
    this.#end(corked, (close) => {
      writeHead(res, response);
      res.end(body, close);
    });
  }

  #endBodyless(response: CoreResponse, corked: boolean): void {
    const res = this.#res;
    const length = bodylessLength(response);
    this.#end(corked, (close) => {
      writeHead(res, response);
      if (length !== undefined) res.writeHeader('content-length', length);
      // endWithoutBody(length, close) of this uWS version leaves the answer open: announce the close instead
      if (close) res.writeHeader('connection', 'close');
      res.endWithoutBody();
    });
  }

  #stream(response: CoreResponse, body: Exclude<ResponseBody, string | Uint8Array>, corked: boolean): void {
    const res = this.#res;
    this.#phase = 'streaming';
    this.#queue?.unthrottle();
    run(res, corked, () => writeHead(res, response));
    const sink: BodySink = {
      write: (chunk) => {
        const bytes = typeof chunk === 'string' ? utf8Once(chunk) : chunk;
        let ok = false;
        res.cork(() => { ok = res.write(bytes); });
        return ok;
      },
      writable: () => new Promise((resolve) => {
        this.#whenWritable = resolve;
        this.#watchWritable();
      }),
      end: () => this.#end(false, (close) => res.end(undefined, close)),
    };
    pumpBody(body, sink, this.latch.signal).catch((error: unknown) => this.#fail(error));
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
   * Ends the answer with `write`, told whether to close the connection (a
   * request body not fully received). The body queue lets go first: that
   * resumes a paused socket while `res` is still usable.
   */
  #end(corked: boolean, write: (close: boolean) => void): void {
    const queue = this.#queue;
    const close = queue !== undefined && !queue.complete;
    queue?.release();
    run(this.#res, corked, () => write(close));
    this.#phase = 'ended';
    this.#live.delete(this);
  }

  #abort(): void {
    if (this.#phase === 'aborted') return;
    this.#phase = 'aborted';
    this.#live.delete(this);
    this.latch.abort();
    this.#queue?.fail(clientGone());
  }

  /** The answer cannot be completed: cut the connection so the client sees it broken. */
  #fail(error: unknown): void {
    this.#settings.onError(error);
    if (this.settled) return;
    this.#res.close();
    this.#abort();
  }
}

const noop = (): void => {};

const run = (res: HttpResponse, corked: boolean, write: () => void): void => {
  if (corked) write();
  else res.cork(write);
};

/** Status and the core's headers; framing headers are uWS's to write. */
const writeHead = (res: HttpResponse, response: CoreResponse): void => {
  res.writeStatus(statusLine(response.status));
  const headers = response.headers;
  for (const name in headers) {
    if (name === 'content-length' || name === 'transfer-encoding') continue;
    res.writeHeader(name, headers[name] ?? '');
  }
};
