import { METHODS } from 'node:http';
import { statusLine } from './status-line.ts';
import type { HttpRequest, HttpResponse, TemplatedApp, us_listen_socket } from '@trufflesuite/uws-js-unofficial';
import type { Handler } from '../exchange.ts';
import { type AdapterOptions, exchangeSettings } from './adapter-options.ts';
import { invokeHandler } from './invoke-handler.ts';
import { listenNode } from './node-adapter.ts';
import { countTcpConnections } from './tcp-connections.ts';
import { UwsExchange, type UwsServerState } from './uws-exchange.ts';
import { uWS, uwsNative } from './uws-native.ts';
import { UwsPeers } from './uws-peers.ts';

export interface UwsServer {
  /** The port listened on (the real one when 0 was asked). */
  readonly port: number;
  /** False when uWS's native binary did not load and node:http serves instead. */
  readonly native: boolean;
  /**
   * Open client connections now. uWS builds with `app.filter` count them as
   * they open and close; the others (20.30) tell no connection events, so
   * the kernel's table is read (Linux; 0 elsewhere).
   */
  connections(): number;
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
    return {
      port: server.port,
      native: false,
      connections: () => server.connections(),
      stopAccepting: () => server.stopAccepting(),
      close: () => server.close(),
    };
  }
  const peers = new UwsPeers();
  const state: UwsServerState = { ...exchangeSettings(options), live: new Set(), peers };
  const app = uWS.App().any('/*', (res, req) => serve(handler, state, res, req));
  (app as IdleTimeoutApp).setIdleTimeout?.(IDLE_TIMEOUT_S);
  const filter = (app as FilteringApp).filter;
  const counted = typeof filter === 'function';
  if (counted) filter.call(app, peers.filter);
  const listenSocket = await listen(app, options.host, options.port, options.sharedPort === true);
  const port = uWS.us_socket_local_port(listenSocket);
  let listening = true;
  return {
    port,
    native: true,
    connections: counted ? () => peers.open : () => countTcpConnections(port) ?? 0,
    stopAccepting: () => {
      if (!listening) return;
      listening = false;
      uWS.us_listen_socket_close(listenSocket);
    },
    close: async () => {
      if (listening) uWS.us_listen_socket_close(listenSocket);
      listening = false;
      for (const exchange of [...state.live]) exchange.close();
      (app as ClosableApp).close?.();
    },
  };
};

/** uWS.js's `LIBUS_LISTEN_EXCLUSIVE_PORT`: the listen fails when the port is taken. */
const LIBUS_LISTEN_EXCLUSIVE_PORT = 1;
/** uWS.js's `LIBUS_LISTEN_DEFAULT`: SO_REUSEPORT, the port shared with the other processes that listen so. */
const LIBUS_LISTEN_DEFAULT = 0;

/** The native listen takes a host with options; its typings only have the form without a host. */
interface ExclusiveListen {
  listen(host: string, port: number, options: number, cb: (socket: us_listen_socket | false) => void): unknown;
}

/** uWS.js has `app.close()` (close every socket) since v20.26; its typings lack it. */
interface ClosableApp { close?: () => void }

/**
 * uWS closes a connection whose request head (or body) stops coming in for
 * 10 s; @btc-vision's v20.5x build waits 30 s unless told otherwise (its
 * `setIdleTimeout`, in seconds): every build is given uWS's own 10 s, which
 * node:http's head time-out matches (node-adapter.ts).
 */
const IDLE_TIMEOUT_S = 10;
interface IdleTimeoutApp { setIdleTimeout?: (seconds: number) => unknown }

/** Newer uWS builds tell each connection's open (+1) and close (-1) to `app.filter` (uws-peers.ts). */
interface FilteringApp { filter?: (cb: (res: HttpResponse, count: number) => void) => unknown }

/** The methods HTTP parsers know (node's list); uWS v20.5x hands any token to the application, 20.30 closes on one it does not know. */
const KNOWN_METHODS = new Set(METHODS);

/**
 * Whether node's parser knows `method`. uWS gives a new string each time,
 * which a Set lookup must hash first: RESTCONF's own methods are compared
 * as they are, the rest looked up.
 */
const knownMethod = (method: string): boolean =>
  method === 'GET' || method === 'PATCH' || method === 'POST' || method === 'PUT' || method === 'DELETE' ||
  method === 'HEAD' || method === 'OPTIONS' || KNOWN_METHODS.has(method);

const serve = (handler: Handler, state: UwsServerState, res: HttpResponse, req: HttpRequest): void => {
  const method = req.getCaseSensitiveMethod();
  if (!knownMethod(method)) {
    // as node:http does: 501 and a close, the same on every transport
    res.cork(() => res.writeStatus(statusLine(501)).writeHeader('connection', 'close').end(undefined, true));
    return;
  }
  const exchange = new UwsExchange(res, req, state, method);
  const answer = invokeHandler(handler, exchange, state.onError);
  if (answer instanceof Promise) void answer.then((response) => exchange.respond(response, false));
  else exchange.respond(answer, true);
  if (!exchange.settled) exchange.watchAbort();
};

const listen = (app: TemplatedApp, host: string, port: number, shared: boolean): Promise<us_listen_socket> =>
  new Promise((resolve, reject) => {
    // Exclusive unless shared: uWS would otherwise share a taken port (SO_REUSEPORT) with another process.
    (app as unknown as ExclusiveListen).listen(host, port, shared ? LIBUS_LISTEN_DEFAULT : LIBUS_LISTEN_EXCLUSIVE_PORT, (socket) => {
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
