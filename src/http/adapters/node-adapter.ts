import { Buffer } from 'node:buffer';
import { createServer as createHttpServer } from 'node:http';
import { createSecureServer, createServer as createH2cServer } from 'node:http2';
import type { Server, Socket } from 'node:net';
import type { Handler } from '../exchange.ts';
import { type AdapterOptions, type ExchangeSettings, exchangeSettings } from './adapter-options.ts';
import { answerClientError, answerConnect, unservedVersion } from './client-errors.ts';
import { invokeHandler } from './invoke-handler.ts';
import { NodeExchange, type NodeResponse } from './node-exchange.ts';
import type { NodeRequest } from './node-request.ts';

export interface NodeOptions extends AdapterOptions {
  /** Without `tls`: HTTP/2 over cleartext (h2c, prior knowledge only) instead of HTTP/1.1. */
  readonly http2?: boolean;
  /** TLS; the server then offers HTTP/2 and HTTP/1.1 by ALPN (`http2` is ignored). */
  readonly tls?: TlsFiles;
}

export interface NodeServer {
  readonly port: number;
  /** Open client connections now (TCP connections, whatever the protocol on them). */
  connections(): number;
  /** Stops accepting connections; open ones go on being served. */
  stopAccepting(): void;
  /** New TLS connections use these (open ones keep theirs): a renewed certificate without a restart. */
  setTls(tls: TlsFiles): void;
  /** Stops listening and closes every connection; unfinished answers see their signal fire. */
  close(): Promise<void>;
}

/** Certificate, key and (to ask clients for certificates) the CAs that sign them, PEM. */
export interface TlsFiles {
  readonly key: string | Uint8Array;
  readonly cert: string | Uint8Array;
  readonly ca?: string | Uint8Array;
}

/** A client certificate is asked for when CAs are given, and checked by the application (`socket.authorized`), not by cutting the handshake. */
const pem = (v: string | Uint8Array): string | Buffer => (typeof v === 'string' ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength));

const secureContext = (tls: TlsFiles) => ({
  key: pem(tls.key),
  cert: pem(tls.cert),
  ...(tls.ca === undefined ? {} : { ca: pem(tls.ca), requestCert: true, rejectUnauthorized: false }),
});

/** Serves `handler` over node:http (HTTP/1.1), node:http2 h2c, or node:http2 with TLS (h2 + HTTP/1.1). */
export const listenNode = async (handler: Handler, options: NodeOptions): Promise<NodeServer> => {
  const settings = exchangeSettings(options);
  const secure = options.tls !== undefined;
  // each connection's client address, read once when it opens (node's getter costs more than this lookup, per request)
  const peers = new Map<Socket, string>();
  const onRequest = (req: NodeRequest, res: NodeResponse): void => serve(handler, settings, secure, req, res, peers.get(req.socket as Socket));
  const server: Server =
    options.tls !== undefined
      ? createSecureServer({ ...secureContext(options.tls), allowHTTP1: true }, onRequest)
      : options.http2 === true
        ? createH2cServer(onRequest)
        : createHttpServer(HTTP1_OPTIONS, onRequest);
  // malformed requests, oversized heads, unknown methods: a status and a close (docs/http.md)
  server.on('clientError', answerClientError);
  // CONNECT (HTTP/1.1): 501 and a close rather than node's silent close
  if (options.tls === undefined && options.http2 !== true) server.on('connect', answerConnect);
  server.on('connection', (socket: Socket) => {
    peers.set(socket, socket.remoteAddress ?? '');
    socket.once('close', () => peers.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // not exclusive: a node:cluster worker listens on its primary's socket (`rxconf serve --workers`)
    server.listen({ port: options.port, host: options.host, exclusive: options.sharedPort !== true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : options.port,
    connections: () => peers.size,
    setTls: (tls) => {
      if (options.tls === undefined) throw new Error('this server does not serve TLS');
      (server as unknown as { setSecureContext(o: object): void }).setSecureContext(secureContext(tls));
    },
    stopAccepting: () => {
      if (server.listening) server.close();
    },
    close: () =>
      new Promise((resolve) => {
        if (server.listening) server.close(() => resolve());
        else resolve();
        for (const socket of peers.keys()) socket.destroy();
      }),
  };
};

/** The request listener of these servers, for a node:http2 server made elsewhere (Call Home: TLS on connections the server opened). */
export const nodeRequestListener = (handler: Handler, settings: ExchangeSettings, secure: boolean) =>
  (req: NodeRequest, res: NodeResponse): void => serve(handler, settings, secure, req, res, undefined);

/**
 * A request head not received in full within 10 s (as uWS's idle time-out)
 * gets 408 and a close; node checks its time-outs every second.
 */
const HTTP1_OPTIONS = { headersTimeout: 10_000, connectionsCheckingInterval: 1_000 };

/** `remoteAddress`: the connection's client address when the server keeps it (else the exchange reads the socket's). */
const serve = (handler: Handler, settings: ExchangeSettings, secure: boolean, req: NodeRequest, res: NodeResponse, remoteAddress: string | undefined): void => {
  const refused = unservedVersion(req);
  if (refused !== undefined) {
    res.writeHead(refused, { connection: 'close', 'content-length': '0' });
    res.end();
    return;
  }
  const exchange = new NodeExchange(req, res, secure, settings, remoteAddress);
  const answer = invokeHandler(handler, exchange, settings.onError);
  if (answer instanceof Promise) {
    exchange.answerLater();
    void answer.then((response) => exchange.respond(response));
  } else exchange.respond(answer);
};
