/**
 * Picks and starts the transport: uWebSockets.js when its native build
 * loads (never its slow imitation), else node:http; node:http2 for h2c and
 * TLS. The choice is logged once and kept for the server's runtime state.
 */
import { listenNode, type TlsFiles } from '../http/adapters/node-adapter.ts';
import type { Handler } from '../http/exchange.ts';
import { uwsNative, uwsStatus } from '../http/adapters/uws-native.ts';
import type { Logger } from './logger.ts';
import type { RuntimeInfo } from './server-node.ts';

export type Transport = 'uws' | 'http1' | 'h2c';

export interface TransportOptions {
  readonly host: string;
  readonly port: number;
  readonly transport: Transport | 'auto';
  readonly maxBodyBytes: number;
  /** Share the port with the other workers of this machine (AdapterOptions.sharedPort). */
  readonly sharedPort?: boolean;
  readonly tls?: TlsFiles;
  readonly onError: (error: unknown) => void;
  readonly logger: Logger;
}

export interface Listening {
  readonly address: { readonly url: string; readonly host: string; readonly port: number; readonly transport: RuntimeInfo['transport'] };
  readonly runtime: RuntimeInfo;
  stopAccepting(): void;
  /** Open client connections. */
  connections(): number;
  /** New TLS settings for new connections (SIGHUP). */
  setTls(tls: TlsFiles): void;
  close(): Promise<void>;
}

const uwsState = (): string => uwsStatus.summary;

const chooseTransport = (o: TransportOptions): RuntimeInfo['transport'] => {
  if (o.tls !== undefined) {
    if (o.transport === 'uws' || o.transport === 'h2c') o.logger.warn({ asked: o.transport }, 'TLS is served by node:http2 (HTTP/2 and HTTP/1.1 by ALPN)');
    return 'https';
  }
  if (o.transport === 'auto' || o.transport === 'uws') {
    if (uwsNative) return 'uws';
    o.logger.warn({ uws: uwsState() }, 'uWebSockets.js did not load natively; serving with node:http instead (slower)');
    return 'http1';
  }
  return o.transport;
};

export const listenTransport = async (handler: Handler, o: TransportOptions): Promise<Listening> => {
  const transport = chooseTransport(o);
  const adapterOptions = { host: o.host, port: o.port, maxBodyBytes: o.maxBodyBytes, onError: o.onError, sharedPort: o.sharedPort === true };
  const server = transport === 'uws'
    ? await (await import('../http/adapters/uws-adapter.ts')).listenUws(handler, adapterOptions)
    : await listenNode(handler, { ...adapterOptions, http2: transport === 'h2c', ...(o.tls === undefined ? {} : { tls: o.tls }) });
  const host = o.host.includes(':') ? `[${o.host}]` : o.host;
  const url = `${transport === 'https' ? 'https' : 'http'}://${host}:${server.port}`;
  const runtime: RuntimeInfo = { transport, uws: uwsState(), port: server.port, url };
  o.logger.info({ url, transport, uws: runtime.uws, node: process.version }, 'listening');
  return {
    address: { url, host: o.host, port: server.port, transport },
    runtime,
    stopAccepting: () => server.stopAccepting(),
    connections: () => server.connections(),
    setTls: (tls) => {
      if (!('setTls' in server)) throw new Error('this server does not serve TLS');
      server.setTls(tls);
    },
    close: () => server.close(),
  };
};
