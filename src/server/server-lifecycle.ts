/**
 * Assembly step 6, the lifecycle: `listen()` binds (after the application
 * loaded) and starts Call Home, `inject()` runs a request through the
 * pipeline without a socket, `setTls` renews certificates, `close()` stops
 * accepting, lets answers in flight finish, runs the cleanups, releases
 * the sources reads subscribed and closes the datastore (its file written
 * complete).
 */
import type { Handler } from '../http/exchange.ts';
import type { TlsFiles } from '../http/adapters/node-adapter.ts';
import { startCallHome } from './call-home/call-home.ts';
import { readCallHomeClients } from './call-home/call-home-config.ts';
import { leasedCallHome } from './call-home/leased-call-home.ts';
import type { InFlight } from './in-flight.ts';
import { injectRequest, type InjectRequest, type InjectResponse } from './inject.ts';
import { listenTransport, type Listening, type Transport } from './listen-transport.ts';
import type { AccessLog } from './access-log.ts';
import type { Logger } from './logger.ts';
import type { ServerCore } from './server-core.ts';
import type { ServerDevice } from './server-device.ts';
import type { ServerEndpoint } from './server-endpoint.ts';
import type { ServerStore } from './server-store.ts';

export interface LifecycleChoice {
  readonly host?: string;
  readonly port?: number;
  readonly transport?: Transport | 'auto';
  readonly tls?: TlsFiles;
  readonly closeTimeoutMs?: number;
  readonly logger?: unknown;
  readonly cluster?: { readonly sharedPort?: boolean };
}

export interface Lifecycle {
  listen(): Promise<Listening['address']>;
  inject(request: InjectRequest): Promise<InjectResponse>;
  setTls(tls: TlsFiles): void;
  close(): Promise<void>;
}

export interface LifecycleParts {
  readonly o: LifecycleChoice;
  readonly logger: Logger;
  readonly accessLog: AccessLog;
  readonly store: ServerStore;
  readonly endpoint: ServerEndpoint;
  readonly device: ServerDevice;
  readonly inFlight: InFlight;
  readonly core: ServerCore;
  readonly handler: Handler;
}

export const serverLifecycle = (p: LifecycleParts): Lifecycle => {
  const { o, logger, store, endpoint, inFlight, handler } = p;
  const { ready, cleanups } = p.device;
  const transportError = (e: unknown): void => logger.error({ err: e }, 'transport error');
  let closed: Promise<void> | undefined;
  return {
    listen: async () => {
      await ready;
      if (closed !== undefined) throw new Error('the server is closed');
      if (endpoint.listening !== undefined) return endpoint.listening.address;
      const { settings } = store;
      const listening = await listenTransport(handler, {
        host: o.host ?? settings.address,
        port: o.port ?? settings.port,
        transport: o.transport ?? 'auto',
        maxBodyBytes: settings.maxBodyBytes,
        sharedPort: o.cluster?.sharedPort === true,
        onError: transportError,
        logger,
        ...(o.tls === undefined ? {} : { tls: o.tls }),
      });
      endpoint.bound(listening);
      store.lock?.listening(listening.address.url);
      const clients = readCallHomeClients(store.datastore, store.module);
      if (o.tls?.ca !== undefined) {
        const lease = p.device.lease();
        // a replica dials only while it holds the cluster's source lease: each client is called by one replica
        const callHome = startCallHome(handler, lease === undefined ? clients : [], o.tls, { maxBodyBytes: settings.maxBodyBytes, onError: transportError }, logger);
        endpoint.callHome = lease === undefined ? callHome : leasedCallHome(callHome, lease.held, clients);
      } else if (clients.length > 0) logger.warn({}, 'call home clients are configured, but without TLS with a CA they are not called');
      p.core.rebuild();
      return listening.address;
    },
    setTls: (tls) => {
      if (endpoint.listening === undefined) throw new Error('the server is not listening');
      endpoint.listening.setTls(tls);
      endpoint.callHome?.setTls(tls);
    },
    inject: async (request) => {
      await ready;
      return injectRequest(handler, request);
    },
    close: () => {
      closed ??= (async () => {
        endpoint.listening?.stopAccepting();
        endpoint.callHome?.close();
        await inFlight.drain(o.closeTimeoutMs ?? 10_000);
        await new Promise((r) => setImmediate(r)); // the transports write the last answers
        await endpoint.listening?.close();
        for (const c of cleanups.splice(0)) await c();
        for (const b of p.device.device.all) b.holdings.releaseAll(); // the observableLeaf sources its reads subscribed
        try {
          await store.datastore.close(); // the data file written complete, no journal left, the files released
        } finally {
          store.lock?.release();
        }
        logger.info({ ...(endpoint.listening === undefined ? {} : { url: endpoint.listening.address.url }) }, 'closed');
        await p.accessLog.close();
        // every line written before close() resolves (a pino logger flushes itself)
        await (logger as { flush?: () => void | Promise<void> }).flush?.();
      })();
      return closed;
    },
  };
};
