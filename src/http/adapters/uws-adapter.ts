import type { HttpRequest, HttpResponse, TemplatedApp, us_listen_socket } from '@trufflesuite/uws-js-unofficial';
import type { Handler } from '../exchange.ts';
import { type AdapterOptions, type ExchangeSettings, exchangeSettings } from './adapter-options.ts';
import { AdapterRequest } from './adapter-request.ts';
import { emptyBody } from './empty-body.ts';
import { invokeHandler } from './invoke-handler.ts';
import { listenNode } from './node-adapter.ts';
import { declaredLength, expectsBody } from './request-body-length.ts';
import { UwsExchange } from './uws-exchange.ts';
import { uWS, uwsNative } from './uws-native.ts';
import { readUwsRequest } from './uws-request.ts';

export interface UwsServer {
  /** The port listened on (the real one when 0 was asked). */
  readonly port: number;
  /** False when uWS's native binary did not load and node:http serves instead. */
  readonly native: boolean;
  /** Stops accepting connections; open ones go on being served. */
  stopAccepting(): void;
  /** Stops listening and closes every connection; unfinished answers see their signal fire. */
  close(): Promise<void>;
}

/**
 * Serves `handler` over uWebSockets.js (HTTP/1.1, cleartext). If the native
 * binary is missing the package's own fallback is too incomplete to serve
 * (no onWritable, pause, remote address): this warns once and serves with
 * `listenNode` instead, reporting `native: false`.
 */
export const listenUws = async (handler: Handler, options: AdapterOptions): Promise<UwsServer> => {
  if (!uwsNative) {
    warnFallback();
    const server = await listenNode(handler, options);
    return { port: server.port, native: false, stopAccepting: () => server.stopAccepting(), close: () => server.close() };
  }
  const settings = exchangeSettings(options);
  const live = new Set<UwsExchange>();
  const app = uWS.App().any('/*', (res, req) => serve(handler, settings, live, res, req));
  const listenSocket = await listen(app, options.host, options.port);
  let listening = true;
  return {
    port: uWS.us_socket_local_port(listenSocket),
    native: true,
    stopAccepting: () => {
      if (!listening) return;
      listening = false;
      uWS.us_listen_socket_close(listenSocket);
    },
    close: async () => {
      if (listening) uWS.us_listen_socket_close(listenSocket);
      listening = false;
      for (const exchange of [...live]) exchange.close();
      (app as ClosableApp).close?.();
    },
  };
};

/** uWS.js's `LIBUS_LISTEN_EXCLUSIVE_PORT`: the listen fails when the port is taken. */
const LIBUS_LISTEN_EXCLUSIVE_PORT = 1;

/** The native listen takes a host with options; its typings only have the form without a host. */
interface ExclusiveListen {
  listen(host: string, port: number, options: number, cb: (socket: us_listen_socket | false) => void): unknown;
}

/** uWS.js has `app.close()` (close every socket) since v20.26; its typings lack it. */
interface ClosableApp { close?: () => void }

const serve = (
  handler: Handler,
  settings: ExchangeSettings,
  live: Set<UwsExchange>,
  res: HttpResponse,
  req: HttpRequest,
): void => {
  const head = readUwsRequest(res, req);
  const exchange = new UwsExchange(res, head.method, settings, live);
  const body = expectsBody(head.headers) ? exchange.openBody(declaredLength(head.headers)) : emptyBody;
  const request = new AdapterRequest(head, body, 'http/1.1', false, exchange.latch);
  const answer = invokeHandler(handler, request, settings.onError);
  if (answer instanceof Promise) void answer.then((response) => exchange.respond(response, false));
  else exchange.respond(answer, true);
  if (!exchange.settled) exchange.watchAbort();
};

const listen = (app: TemplatedApp, host: string, port: number): Promise<us_listen_socket> =>
  new Promise((resolve, reject) => {
    // Exclusive: uWS would otherwise share a taken port (SO_REUSEPORT) with another process.
    (app as ExclusiveListen).listen(host, port, LIBUS_LISTEN_EXCLUSIVE_PORT, (socket) => {
      if (socket === false) reject(Object.assign(new Error(`cannot listen on ${host}:${port}: address in use or not available`), { code: 'EADDRINUSE' }));
      else resolve(socket);
    });
  });

let warned = false;
const warnFallback = (): void => {
  if (warned) return;
  warned = true;
  console.warn(
    `rxconf http: uWebSockets.js native binary not loaded (${process.platform}-${process.arch}, ` +
      `Node ABI ${process.versions.modules}); serving HTTP with node:http instead, which is slower`,
  );
};
