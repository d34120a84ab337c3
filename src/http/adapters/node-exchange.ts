import { Buffer } from 'node:buffer';
import type { ServerResponse } from 'node:http';
import { constants, type Http2ServerResponse } from 'node:http2';
import { giveBackChunkBytes, isLentChunk } from '../../base/chunk-bytes.ts';
import type { CoreResponse, ResponseBody } from '../exchange.ts';
import type { ExchangeSettings } from './adapter-options.ts';
import { BodyQueue, type FlowControl } from './body-queue.ts';
import { checkResponseHead } from './check-response-head.ts';
import { clientGone, isClientGone } from './client-gone.ts';
import { ExchangeRequest } from './exchange-request.ts';
import { internalError } from './invoke-handler.ts';
import { type NodeRequest, readNodeHeaders, splitTarget } from './node-request.ts';
import { h2HeadFields, http1HeadFields } from './outgoing-headers.ts';
import { pumpBody, type BodySink, type Pump } from './pump-body.ts';
import { declaredLength, expectsBody } from './request-body-length.ts';
import { utf8Once } from './utf8-once.ts';
import { releaseBody } from './release-body.ts';
import { bodyAllowed, bodylessLength } from './response-body-rules.ts';
import type { TLSSocket } from 'node:tls';
import type { PeerCertificate } from '../exchange.ts';

export type NodeResponse = ServerResponse | Http2ServerResponse;

type Phase = 'waiting' | 'streaming' | 'ended' | 'aborted';

/**
 * One node request/answer (node:http, or node:http2's compatibility API for
 * h2 and TLS HTTP/1.1), and the CoreRequest the core reads. The response's
 * 'close' before the adapter ended the answer means the client went away;
 * it is listened to only while something waits (a request body, an answer
 * to come, a streamed answer): an answer given at once, in the request's
 * own event, ends before any 'close' can come.
 */
export class NodeExchange extends ExchangeRequest implements BodySink, FlowControl {
  readonly protocol: 'http/1.1' | 'h2';
  readonly secure: boolean;
  readonly remoteAddress: string;
  readonly #req: NodeRequest;
  readonly #res: NodeResponse;
  readonly #settings: ExchangeSettings;
  #phase: Phase = 'waiting';
  #queue: BodyQueue | undefined;
  #pump: Pump | undefined;
  #watched = false;

  constructor(req: NodeRequest, res: NodeResponse, secure: boolean, settings: ExchangeSettings, remoteAddress?: string) {
    const headers = readNodeHeaders(req);
    const [path, query] = splitTarget(req.url ?? '/');
    super(req.method ?? 'GET', path, query, headers);
    this.protocol = req.httpVersionMajor === 2 ? 'h2' : 'http/1.1';
    this.secure = secure;
    this.remoteAddress = remoteAddress ?? req.socket.remoteAddress ?? '';
    this.#req = req;
    this.#res = res;
    this.#settings = settings;
    // HTTP/2 says it by END_STREAM on the HEADERS frame
    const hasBody = 'stream' in req ? !req.stream.endAfterHeaders : expectsBody(headers);
    if (hasBody) {
      this.body = this.#openBody(declaredLength(headers));
      this.#watchClient();
    }
    // An h2 request stream never read makes node:http2 close the stream once
    // the answer is handed over (RST_STREAM NO_ERROR), which drops the
    // END_STREAM still queued behind a busy connection: read it (it is empty).
    else if ('stream' in req) req.resume();
  }

  /** The answer will come later (the handler's promise): from now on the client going away is an abort. */
  answerLater(): void {
    this.#watchClient();
  }

  /** 'close' before the adapter ended the answer: the client went away. Once per exchange. */
  #watchClient(): void {
    if (this.#watched) return;
    this.#watched = true;
    // (Not res.writableFinished: node:http2 reports a reset stream as finished.)
    // `on`, not `once`: #abort acts once anyway, and a response is closed once;
    // `once` would wrap the listener and take it off again, for every edit.
    this.#res.on('close', () => this.#abort());
  }

  /** The client's certificate when TLS verified it against the configured CAs. */
  peerCertificate(): PeerCertificate | undefined {
    if (!this.secure) return undefined;
    const socket = this.#req.socket as TLSSocket;
    if (socket.authorized !== true) return undefined;
    const c = socket.getPeerCertificate(true);
    if (c === undefined || c === null || typeof c.fingerprint256 !== 'string') return undefined;
    const issuer = c.issuerCertificate !== undefined && c.issuerCertificate !== c ? c.issuerCertificate.fingerprint256 : undefined;
    return {
      fingerprint256: c.fingerprint256,
      ...(issuer === undefined ? {} : { issuerFingerprint256: issuer }),
      subject: c.subject as unknown as PeerCertificate['subject'],
      ...(c.subjectaltname === undefined ? {} : { subjectaltname: c.subjectaltname }),
    };
  }

  /** The body, read only once the core pulls (until then node's own buffer and TCP hold it). */
  #openBody(length: number | undefined): BodyQueue {
    const req = this.#req;
    const queue: BodyQueue = new BodyQueue({
      maxBytes: this.#settings.maxBodyBytes,
      declaredLength: length,
      flow: this,
      start: () => {
        // `on`: the queue takes only the first end or failure (no `once` wrappers per request)
        req.on('data', (chunk: Buffer) => queue.push(chunk));
        req.on('end', () => queue.end());
        req.on('error', (error: Error) => queue.fail(error));
      },
    });
    this.#queue = queue;
    return queue;
  }

  // FlowControl of the request body.
  pause(): void {
    this.#req.pause();
  }

  resume(): void {
    this.#req.resume();
  }

  /** Never throws. */
  respond(response: CoreResponse): void {
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
      this.#respond(answer);
    } catch (error) {
      this.fail(error);
    }
  }

  #respond(response: CoreResponse): void {
    const body = response.body;
    if (!bodyAllowed(this.method, response.status)) {
      this.#end(response, bodylessLength(response), undefined);
      releaseBody(body);
    } else if (body === undefined || typeof body === 'string' || body instanceof Uint8Array) {
      const whole = body ?? '';
      this.#end(response, String(typeof whole === 'string' ? Buffer.byteLength(whole) : whole.byteLength), whole);
    } else {
      this.#stream(response, body);
    }
  }

  #end(response: CoreResponse, contentLength: string | undefined, body: string | Uint8Array | undefined): void {
    const res = this.#res;
    // a request body not fully received: HTTP/1.1 closes rather than reading the rest
    const close = this.#queue !== undefined && !this.#req.complete;
    this.#writeHead(response, contentLength, close);
    this.#finish();
    if (body === undefined) res.end();
    // node holds the bytes until they are flushed: a read's lent bytes go back then (chunk-bytes.ts)
    else if (typeof body !== 'string' && isLentChunk(body)) res.end(body, () => giveBackChunkBytes(body));
    else res.end(body);
  }

  #stream(response: CoreResponse, body: Exclude<ResponseBody, string | Uint8Array>): void {
    const res = this.#res;
    this.#phase = 'streaming';
    this.#watchClient();
    this.#queue?.unthrottle();
    this.#writeHead(response, response.headers['content-length'], false);
    // node:http2 sends the head at writeHead already; node:http waits for the first write
    if (response.flushEachChunk === true && !('stream' in res)) res.flushHeaders();
    this.#pump = pumpBody(body, this);
  }

  // BodySink: the response stream's pump writes here.
  write(chunk: string | Uint8Array): boolean {
    const writer: { write(chunk: string | Uint8Array, flushed?: () => void): boolean } = this.#res;
    if (typeof chunk === 'string') return writer.write(utf8Once(chunk));
    // node holds a chunk until it is flushed: a read's lent bytes go back then (chunk-bytes.ts)
    return isLentChunk(chunk) ? writer.write(chunk, () => giveBackChunkBytes(chunk)) : writer.write(chunk);
  }

  whenWritable(resume: () => void): void {
    this.#res.once('drain', resume);
  }

  end(): void {
    this.#finish();
    this.#res.end();
  }

  #writeHead(response: CoreResponse, contentLength: string | undefined, close: boolean): void {
    const res = this.#res;
    if ('stream' in res) res.writeHead(response.status, h2HeadFields(response.headers, response.requestId, contentLength));
    else res.writeHead(response.status, http1HeadFields(response.headers, response.requestId, contentLength, close));
  }

  /** The answer is ending: from now on the client going away is not an abort. */
  #finish(): void {
    this.#queue?.release();
    this.#phase = 'ended';
  }

  #abort(): void {
    if (this.#phase === 'ended' || this.#phase === 'aborted') return;
    this.#phase = 'aborted';
    this.markGone();
    this.#queue?.fail(clientGone());
    this.#pump?.abort();
  }

  /** The answer cannot be completed: cut it so the client sees it broken. */
  fail(error: unknown): void {
    if (!isClientGone(error)) this.#settings.onError(error);
    if (this.#phase === 'ended' || this.#phase === 'aborted') return;
    this.#abort();
    const res = this.#res;
    // An h2 stream destroyed without an error code ends cleanly for the client: reset it instead.
    if ('stream' in res) res.stream.close(constants.NGHTTP2_INTERNAL_ERROR);
    else res.destroy();
  }
}
