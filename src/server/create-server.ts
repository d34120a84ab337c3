/**
 * The server factory behind `rxconf serve` and the library, as assembly
 * steps: the schema (server-schema.ts), the datastore and settings
 * (server-store.ts), the event streams (server-streams.ts), the device
 * (server-device.ts), the RESTCONF core (server-core.ts), the request
 * pipeline (server-pipeline.ts, its stages in docs/lifecycle.md) and the
 * lifecycle (server-lifecycle.ts).
 *
 * `listen()` binds (exclusively: a taken port is an error), `inject()` runs a
 * request through the same pipeline without a socket, `close()` drains.
 */
import type { Device } from '../actors/device.ts';
import type { Datastore } from '../actors/nodes/datastore.ts';
import type { SchemaContext } from '../meta/meta.ts';
import type { RequestFilter } from '../http/core/index.ts';
import { dynamicSubscriptions } from '../http/system/dynamic-subscriptions.ts';
import type { Node } from '../actors/node.ts';
import { SUBSCRIBED_NOTIFICATIONS } from '../streams/subscriptions/state-notification.ts';
import type { TlsFiles } from '../http/adapters/node-adapter.ts';
import type { RootOverride, AppContext } from './app-context.ts';
import type { AuthOptions } from './auth/authenticate.ts';
import { authenticatedAs } from './auth/authenticate.ts';
import { accessLogOf, type AccessLogOptions } from './access-log.ts';
import { readCallHomeClients } from './call-home/call-home-config.ts';
import type { CallHomeClient } from './call-home/call-home-options.ts';
import type { CorsOptions } from './cors.ts';
import type { ExplorerOptions } from './explorer/index.ts';
import { HttpStats } from './http-stats.ts';
import { InFlight } from './in-flight.ts';
import type { InjectRequest, InjectResponse } from './inject.ts';
import type { Transport } from './listen-transport.ts';
import { jsonLogger, silentLogger, type Logger } from './logger.ts';
import type { NacmOptions } from './nacm/nacm.ts';
import { RequestMetrics } from './request-metrics.ts';
import { serverCore } from './server-core.ts';
import { buildDevice } from './server-device.ts';
import { ServerEndpoint } from './server-endpoint.ts';
import { serverLifecycle } from './server-lifecycle.ts';
import { checkServerOptions } from './server-options.ts';
import { refuseOpenListen } from './open-listen.ts';
import { buildPipeline } from './server-pipeline.ts';
import { compileServerSchema } from './server-schema.ts';
import { SERVER_MODULE, type ServerLimits } from './server-settings.ts';
import { ServerStore } from './server-store.ts';
import { createServerStreams } from './server-streams.ts';
import type { WebOptions } from './web/index.ts';
import { SubscriptionPeers, type ClusterBackend, type ClusterOptions } from '../cluster/index.ts';

export type { Transport } from './listen-transport.ts';
export type { InjectRequest, InjectResponse } from './inject.ts';

export interface ServerOptions {
  /** Directories searched for the modules and their imports. */
  readonly searchPath?: readonly string[];
  /** Module names or `.yang` files to serve. */
  readonly modules: readonly string[];
  /** Enabled features, `module:feature,feature` (modules not named have all their features). */
  readonly features?: readonly string[];
  /** The embedded datastore's file (loaded at start, every committed edit made durable), or false to keep it in memory. */
  readonly data?: string | false;
  /** Your own root node per module, in place of the embedded datastore (`stored` is the datastore's node, to delegate to). */
  readonly nodes?: Readonly<Record<string, RootOverride>>;
  /** The application: a function given the AppContext, or the path of a module whose default export is one. */
  readonly app?: ((app: AppContext) => void | Promise<void>) | string;
  /** 'auto' (default): uWebSockets.js when a native build loads, else node:http — said once at start. */
  readonly transport?: Transport | 'auto';
  /**
   * Listen address; default the rxconf-server module's `listen/address`
   * (127.0.0.1). Beyond loopback, createServer throws unless `auth` names a
   * method (basic, bearer, certificates, proxy) or `allowUnauthenticated` is true.
   */
  readonly host?: string;
  /** Serve beyond loopback with no authentication: anyone who reaches the port may read and change everything. */
  readonly allowUnauthenticated?: boolean;
  /** Listen port (0: any free one); default the module's `listen/port` (8080). */
  readonly port?: number;
  /** TLS (served by node:http2: HTTP/2 and HTTP/1.1 by ALPN); with `ca`, clients are asked for certificates signed by it. */
  readonly tls?: TlsFiles;
  /** RESTCONF Call Home (RFC 8071): clients the server connects to and serves over TLS (needs `tls` with `ca`); written to the rxconf-server module's `server/call-home` at every start. */
  readonly callHome?: readonly CallHomeClient[];
  /** Initial values of the rxconf-server limits (editable at run time like any config). */
  readonly limits?: ServerLimits;
  /** Who may connect: Basic, Bearer (JWT), TLS client certificates, a trusted proxy, anonymous. Default: no authentication. */
  readonly auth?: AuthOptions;
  /**
   * Access control by NACM (RFC 8341): the rules are the ietf-netconf-acm
   * module's configuration on the embedded datastore, editable over RESTCONF
   * by users they permit; `recoveryUser` bypasses them. Default off.
   */
  readonly nacm?: boolean | NacmOptions;
  /**
   * The application's stage of the pipeline (docs/lifecycle.md,
   * `application-filters`): after authentication, in front of the core, in
   * order: add to the request context or answer with an error (e.g. 401).
   */
  readonly filters?: readonly RequestFilter[];
  /** pino-compatible; default JSON lines on stdout; false for none. */
  readonly logger?: Logger | false;
  /**
   * One log line per request (default true: every field, through `logger`);
   * an object chooses the fields and a file of its own. The rxconf-server
   * `debug` leaf turns it on at run time too.
   */
  readonly accessLog?: boolean | AccessLogOptions;
  /**
   * Names the Host header may carry besides localhost names and the listen
   * address. A server on a loopback address refuses other names (DNS
   * rebinding); on other addresses Host is checked only when this is given.
   */
  readonly allowedHosts?: readonly string[];
  /**
   * Addresses of the front proxies (as the transport reports the peer:
   * `127.0.0.1`, `::1`...) whose `X-Forwarded-For`/`-Proto`/`-Host` or RFC
   * 7239 `Forwarded` headers are believed: the client's address (the
   * authentication failure delay is kept per client), the scheme and host
   * of every URL the server gives out. From any other peer they are
   * ignored. Default: none (docs/http.md, "Behind a proxy").
   */
  readonly forwardedBy?: readonly string[];
  /** Cross-origin access for browser clients; default: same origin only (cross-origin writes refused). */
  readonly cors?: CorsOptions;
  /** Prometheus exposition: the path (default `/metrics`) and the modules whose numeric state leaves are exported; false for none. */
  readonly metrics?: { readonly path?: string; readonly modules?: readonly string[] } | false;
  /**
   * One replica of a datastore held in NATS JetStream (docs/cluster.md): the
   * data comes from the stream, `data` only seeds an empty stream.
   */
  readonly cluster?: ClusterOptions;
  /** How long `close()` lets in-flight requests finish (default 10,000 ms). */
  readonly closeTimeoutMs?: number;
  /** What browser pages may put in URLs where headers would go: `rx.mode`, and credentials when `urlCredentials` (docs/web.md). */
  readonly web?: WebOptions;
  /** The explorer page (default off; `true` serves it at /explorer/): schema tree, live values, edit and rpc forms, events (docs/web.md). */
  readonly explorer?: ExplorerOptions;
}

export interface ListenAddress {
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly transport: 'uws' | 'http1' | 'h2c' | 'https';
}

export interface RxconfServer {
  readonly schema: SchemaContext;
  readonly device: Device;
  readonly datastore: Datastore;
  /** Where the server listens, once `listen()` resolved. */
  readonly address: ListenAddress | undefined;
  listen(): Promise<ListenAddress>;
  /** Runs a request through the whole pipeline without a socket (for tests). */
  inject(request: InjectRequest): Promise<InjectResponse>;
  /** New TLS certificate, key and CAs for new connections; open connections and streams keep theirs. */
  setTls(tls: TlsFiles): void;
  /** Stops accepting, lets in-flight requests finish (up to `closeTimeoutMs`), ends event streams, closes the datastore (its file written complete). */
  close(): Promise<void>;
}

/**
 * Builds a server; nothing listens until `listen()`. Throws on a bad option
 * or a schema error; an application that fails makes `listen()` and
 * `inject()` reject.
 */
export const createServer = (options: ServerOptions): RxconfServer => {
  const o = checkServerOptions(options);
  if ((o.callHome?.length ?? 0) > 0 && o.tls?.ca === undefined) throw new TypeError('createServer: callHome needs tls with ca (the clients\' certificates are checked against it)');
  const logger = o.logger === false ? silentLogger : o.logger ?? jsonLogger();
  const schema = compileServerSchema(o);
  const store = new ServerStore(schema, o, logger);
  try {
    return assemble(o, logger, schema, store);
  } catch (e) {
    store.lock?.release(); // a server that failed to build holds no datastore
    throw e;
  }
};

/** A replica's dynamic subscriptions: ids unique across replicas, calls reaching the owner (docs/cluster.md). */
const clusterRouting = (replica: ClusterBackend | undefined, joined: Promise<void>) =>
  replica === undefined ? {} : { routing: () => new SubscriptionPeers(replica, joined) };

const assemble = (o: ServerOptions, logger: Logger, schema: SchemaContext, store: ServerStore): RxconfServer => {
  refuseOpenListen(o.host ?? store.settings.address, o.auth, o.allowUnauthenticated);
  const settings = () => store.settings;
  const endpoint = new ServerEndpoint(o, settings);
  const streams = createServerStreams(settings, logger);
  const requestMetrics = new RequestMetrics();
  const stats = new HttpStats(requestMetrics, () => endpoint.listening?.connections() ?? 0);
  const subscriptionState: { root?: () => Node } = {};
  const device = buildDevice(o, schema, store, streams, endpoint, stats, new Map([[SUBSCRIBED_NOTIFICATIONS, subscriptionState]]));
  const inFlight = new InFlight();
  const subscriptions = dynamicSubscriptions({ schema, device: device.device, hub: streams.hub, replay: streams.replay, added: device.handlers.added, base: endpoint.baseUrlFor, closing: inFlight.closing, ownerOf: (req) => authenticatedAs(req)?.user, nacm: store.nacm !== undefined, ...clusterRouting(store.replica, device.ready) });
  for (const [meta, handler] of subscriptions?.operations ?? []) device.handlers.operations.set(meta, handler);
  if (subscriptions !== undefined) {
    subscriptionState.root = subscriptions.root;
    device.cleanups.push(() => subscriptions.close());
  }
  const core = serverCore(store, device, streams, inFlight, logger);
  device.device.browser(SERVER_MODULE)?.changes.subscribe(() => {
    store.reload();
    core.rebuild();
    endpoint.callHome?.update(readCallHomeClients(store.datastore, store.module));
  });
  const accessLog = accessLogOf(o.accessLog, logger);
  const handler = buildPipeline({ o, logger, accessLog, schema, store, endpoint, streams, device, inFlight, subscriptions, requestMetrics, core });
  const lifecycle = serverLifecycle({ o, logger, accessLog, store, endpoint, device, inFlight, core, handler });
  return {
    schema,
    device: device.device,
    datastore: store.datastore,
    get address() {
      return endpoint.listening?.address;
    },
    ...lifecycle,
  };
};
