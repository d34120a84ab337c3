import { createServer as createHttpServer } from 'node:http';
import { createSecureServer, createServer as createH2cServer } from 'node:http2';
import type { Server, Socket } from 'node:net';
import type { Handler } from '../exchange.ts';
import { type AdapterOptions, type ExchangeSettings, exchangeSettings } from './adapter-options.ts';
import { AdapterRequest } from './adapter-request.ts';
import { emptyBody } from './empty-body.ts';
import { invokeHandler } from './invoke-handler.ts';
import { NodeExchange, type NodeResponse } from './node-exchange.ts';
import { type NodeRequest, readNodeRequest } from './node-request.ts';
import { declaredLength } from './request-body-length.ts';

export interface NodeOptions extends AdapterOptions {
  /** Without `tls`: HTTP/2 over cleartext (h2c, prior knowledge only) instead of HTTP/1.1. */
  readonly http2?: boolean;
  /** TLS; the server then offers HTTP/2 and HTTP/1.1 by ALPN (`http2` is ignored). */
  readonly tls?: { readonly key: string | Buffer; readonly cert: string | Buffer };
}

export interface NodeServer {
  readonly port: number;
  /** Stops accepting connections; open ones go on being served. */
  stopAccepting(): void;
  /** Stops listening and closes every connection; unfinished answers see their signal fire. */
  close(): Promise<void>;
}

/** Serves `handler` over node:http (HTTP/1.1), node:http2 h2c, or node:http2 with TLS (h2 + HTTP/1.1). */
export const listenNode = async (handler: Handler, options: NodeOptions): Promise<NodeServer> => {
  const settings = exchangeSettings(options);
  const secure = options.tls !== undefined;
  const onRequest = (req: NodeRequest, res: NodeResponse): void => serve(handler, settings, secure, req, res);
  const server: Server =
    options.tls !== undefined
      ? createSecureServer({ key: options.tls.key, cert: options.tls.cert, allowHTTP1: true }, onRequest)
      : options.http2 === true
        ? createH2cServer(onRequest)
        : createHttpServer(onRequest);
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: options.host, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : options.port,
    stopAccepting: () => {
      if (server.listening) server.close();
    },
    close: () =>
      new Promise((resolve) => {
        if (server.listening) server.close(() => resolve());
        else resolve();
        for (const socket of sockets) socket.destroy();
      }),
  };
};

const serve = (handler: Handler, settings: ExchangeSettings, secure: boolean, req: NodeRequest, res: NodeResponse): void => {
  const head = readNodeRequest(req);
  const h2 = head.protocol === 'h2';
  const exchange = new NodeExchange(req, res, head.method, h2, settings);
  const body = head.hasBody ? exchange.openBody(declaredLength(head.headers)) : emptyBody;
  const request = new AdapterRequest(head, body, head.protocol, secure, exchange.latch);
  const answer = invokeHandler(handler, request, settings.onError);
  if (answer instanceof Promise) void answer.then((response) => exchange.respond(response));
  else exchange.respond(answer);
};
