/**
 * The server factory behind `rxconf serve` and the library: compile the
 * modules (plus the server's own rxconf-server), load the datastore, build
 * the device with the application's nodes and handlers, and put the request
 * pipeline together:
 *
 *   adapter → access log → request metrics → Host check → CORS → explorer page
 *           → URL parameters → authentication → explorer schema
 *           → /metrics → in-flight → time-out → system routes → RESTCONF core
 *
 * `listen()` binds (exclusively: a taken port is an error), `inject()` runs a
 * request through the same pipeline without a socket, `close()` drains.
 */
import { join } from 'node:path';
import { Browser } from '../actors/browser.ts';
import { Device } from '../actors/device.ts';
import { Datastore } from '../actors/nodes/datastore.ts';
import type { Node } from '../actors/node.ts';
import type { RequestContext } from '../actors/request-context.ts';
import { compileOptions } from '../cli/schema-options.ts';
import { unknownFeatures } from '../cli/unknown-features.ts';
import { compileSchema } from '../meta/compile/compile-schema.ts';
import type { ContainerMeta, ModuleMeta, SchemaContext } from '../meta/meta.ts';
import { findDataChild } from '../meta/navigate.ts';
import { DataContainer } from '../data/data-container.ts';
import { formatDiagnostic } from '../parser/statement.ts';
import { createRestconfCore, type RequestFilter } from '../http/core/index.ts';
import type { Handler } from '../http/exchange.ts';
import { createEventHub, recordStreams, ReplayLog, ServerClosing, type StreamEvent } from '../streams/index.ts';
import { countedStatus, withAccessLog } from './access-log.ts';
import { createAppContext, type AppContext, type RootOverride } from './app-context.ts';
import { AppHandlers } from './app-handlers.ts';
import { withCors, type CorsOptions } from './cors.ts';
import { HttpStats } from './http-stats.ts';
import { identityFilter, identityOf, withAuthentication, type AuthOptions } from './auth/authenticate.ts';
import { applyAuthOptions, readAuthSettings } from './auth/auth-settings.ts';
import { allowedHosts, withHostCheck } from './host-check.ts';
import { Nacm, NACM_MODULE, type NacmOptions } from './nacm/nacm.ts';
import type { AccessOperation } from './nacm/nacm-config.ts';
import type { ResolvedTarget } from '../http/core/api-path/index.ts';
import { startCallHome, type CallHome } from './call-home/call-home.ts';
import { applyCallHomeClients, readCallHomeClients } from './call-home/call-home-config.ts';
import { guardCallHome } from './call-home/call-home-guard.ts';
import { withCallHomeState } from './call-home/call-home-state.ts';
import type { CallHomeClient } from './call-home/call-home-options.ts';
import { InFlight } from './in-flight.ts';
import { injectRequest, type InjectRequest, type InjectResponse } from './inject.ts';
import { listenTransport, type Listening, type Transport } from './listen-transport.ts';
import type { TlsFiles } from '../http/adapters/node-adapter.ts';
import { loadApp } from './load-app.ts';
import { jsonLogger, silentLogger, type Logger } from './logger.ts';
import { withMetrics } from './metrics-route.ts';
import { withOpenapi } from './openapi-route.ts';
import { ownYangDir } from './own-yang.ts';
import { RequestMetrics } from './request-metrics.ts';
import { checkServerOptions } from './server-options.ts';
import { applyLimits, readSettings, SERVER_MODULE, type ServerLimits, type ServerSettings } from './server-settings.ts';
import { serverNode } from './server-node.ts';
import { streamsHook } from './streams-hook.ts';
import { withSystemRoutes } from './system-routes.ts';
import { withTimeout } from './with-timeout.ts';
import { withExplorerPage, withExplorerSchema, explorerPath, type ExplorerOptions } from './explorer/index.ts';
import { withQuietChallenge, withUrlParameters, type WebOptions } from './web/index.ts';
import { plannedUrl, PROTOCOL_MODULES, protocolRoots } from '../http/system/protocol-modules.ts';
import { dynamicSubscriptions } from '../http/system/dynamic-subscriptions.ts';

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
  /** Listen address; default the rxconf-server module's `listen/address` (127.0.0.1). */
  readonly host?: string;
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
  /** Run before routing, in order: add to the request context or answer with an error (e.g. 401). */
  readonly filters?: readonly RequestFilter[];
  /** pino-compatible; default JSON lines on stdout; false for none. */
  readonly logger?: Logger | false;
  /** One log line per request (default true); the rxconf-server `debug` leaf turns it on at run time too. */
  readonly accessLog?: boolean;
  /**
   * Names the Host header may carry besides localhost names and the listen
   * address. A server on a loopback address refuses other names (DNS
   * rebinding); on other addresses Host is checked only when this is given.
   */
  readonly allowedHosts?: readonly string[];
  /** Cross-origin access for browser clients; default: same origin only (cross-origin writes refused). */
  readonly cors?: CorsOptions;
  /** Prometheus exposition: the path (default `/metrics`) and the modules whose numeric state leaves are exported; false for none. */
  readonly metrics?: { readonly path?: string; readonly modules?: readonly string[] } | false;
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

const compile = (o: ServerOptions): SchemaContext => {
  const own = ownYangDir();
  const base = compileOptions(o.searchPath ?? [], o.modules, o.features ?? []);
  const ownModules = [{ file: join(own, `${SERVER_MODULE}.yang`) }, ...PROTOCOL_MODULES.map((name) => ({ name })), ...(o.nacm === undefined || o.nacm === false ? [] : [{ name: NACM_MODULE }])];
  const compiled = compileSchema({ ...base, searchPath: [...base.searchPath, own], modules: [...base.modules, ...ownModules] });
  if (!compiled.ok) throw new Error(compiled.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic).join('\n'));
  const unknown = unknownFeatures(base.features ?? new Map(), compiled.context);
  if (unknown.length > 0) throw new Error(unknown.join('\n'));
  return compiled.context;
};

/**
 * Builds a server; nothing listens until `listen()`. Throws on a bad option
 * or a schema error; an application that fails makes `listen()` and
 * `inject()` reject.
 */
export const createServer = (options: ServerOptions): RxconfServer => {
  const o = checkServerOptions(options);
  if ((o.callHome?.length ?? 0) > 0 && o.tls?.ca === undefined) throw new TypeError('createServer: callHome needs tls with ca (the clients\' certificates are checked against it)');
  const logger = o.logger === false ? silentLogger : o.logger ?? jsonLogger();
  const schema = compile(o);
  const serverModule = schema.modules.get(SERVER_MODULE) as ModuleMeta;
  const datastore = Datastore.load(schema, o.data === false ? undefined : o.data);
  const serverMeta = findDataChild(serverModule, undefined, 'server') as ContainerMeta;
  const serverRoot = datastore.root(serverModule);
  if (!serverRoot.values.has(serverMeta)) serverRoot.set(serverMeta, new DataContainer(serverMeta));
  if (o.limits !== undefined) applyLimits(datastore, serverModule, o.limits);
  if (o.auth !== undefined) applyAuthOptions(datastore, serverModule, o.auth);
  if (o.callHome !== undefined) applyCallHomeClients(datastore, serverModule, o.callHome);
  let authSettings = readAuthSettings(datastore, serverModule);
  let settings: ServerSettings = readSettings(datastore, serverModule);
  const nacmModule = schema.modules.get(NACM_MODULE);
  const nacm = o.nacm === undefined || o.nacm === false || nacmModule === undefined
    ? undefined
    : new Nacm(datastore, nacmModule, o.nacm === true ? {} : o.nacm, logger);
  const callHomeGuard = { store: datastore, module: serverModule, tls: o.tls?.ca !== undefined, nacm: nacm === undefined ? undefined : { rules: nacm, module: nacmModule as ModuleMeta } };

  const hub = createEventHub<StreamEvent>({
    keepAliveMs: settings.keepAliveSeconds * 1000,
    maxQueuedEvents: settings.maxQueuedEvents,
    onError: (key, error) => {
      if (!(error instanceof ServerClosing)) logger.error({ stream: key, err: error }, 'event source failed');
    },
  });
  const stats = new HttpStats(() => listening?.connections() ?? 0);
  const handlers = new AppHandlers(schema);
  const overrides = new Map<string, RootOverride>(Object.entries(o.nodes ?? {}));
  const cleanups: (() => void | Promise<void>)[] = [];
  const device = new Device(schema);
  let listening: Listening | undefined;
  let callHome: CallHome | undefined;
  let url = '';
  const replay = new ReplayLog(() => ({ maxEvents: settings.replayBufferEvents, maxAgeMs: settings.replayBufferSeconds * 1000 }));
  const baseUrl = (): string => (url !== '' ? url : plannedUrl(o.host ?? settings.address, o.port ?? settings.port));
  const protocol = protocolRoots({ schema, device, base: baseUrl, replaySince: (name) => replay.createdAt(name), replayVersion: () => replay.version });
  for (const m of schema.modules.values()) {
    if (!m.implemented) continue;
    const own = overrides.has(m.name) ? undefined : protocol.get(m.name);
    const serve = m === serverModule
      ? () => guardCallHome(withCallHomeState(serverNode(datastore, m, stats, () => hub.counters(), () => listening?.runtime), m, () => callHome?.status() ?? []), callHomeGuard)
      : own ?? ((ctx: RequestContext): Node => {
        const stored = datastore.node(m);
        return handlers.attach(overrides.get(m.name)?.(ctx, stored) ?? stored);
      });
    const root = nacm === undefined ? serve : (ctx: RequestContext): Node => nacm.guardRoot(serve(ctx), m, ctx);
    device.add(new Browser(m, schema, root));
  }
  for (const name of overrides.keys()) if (device.browser(name) === undefined) throw new Error(`nodes: module "${name}" is not served`);
  const ready = o.app === undefined ? Promise.resolve() : loadApp(o.app, createAppContext(schema, device, datastore, handlers, overrides, cleanups));
  ready.catch(() => undefined); // reported by listen() and inject()
  if (settings.replayBufferEvents > 0 && nacm === undefined) void ready.then(() => recordStreams(replay, device, handlers.added), () => undefined);
  cleanups.push(() => replay.close());

  if (nacm !== undefined) device.browser(NACM_MODULE)?.changes.subscribe(() => nacm.reload());
  const inFlight = new InFlight();
  const subscriptions = dynamicSubscriptions({ schema, device, hub, replay, added: handlers.added, base: baseUrl, closing: inFlight.closing, ownerOf: (req) => identityOf(req)?.user, nacm: nacm !== undefined });
  for (const [meta, handler] of subscriptions?.operations ?? []) handlers.operations.set(meta, handler);
  if (subscriptions !== undefined) cleanups.push(() => subscriptions.close());
  const makeCore = (): Handler => withSystemRoutes(createRestconfCore({
    device,
    streams: streamsHook(device, hub, inFlight.closing, nacm === undefined ? undefined : (ctx) => nacm.rightsFor(ctx), handlers.added, replay),
    ...(nacm === undefined ? {} : { permits: (ctx: RequestContext, op: AccessOperation, target: ResolvedTarget) => nacm.permits(ctx, op, target.meta, target.path) }),
    maxNodeCount: settings.maxNodeCount,
    filters: [nacm === undefined ? identityFilter : nacm.filterFor(device, identityFilter), ...(o.filters ?? [])],
    onError: (e) => logger.error({ err: e }, 'request failed'),
  }), schema);
  let core = makeCore();
  device.browser(SERVER_MODULE)?.changes.subscribe(() => {
    settings = readSettings(datastore, serverModule);
    authSettings = readAuthSettings(datastore, serverModule);
    core = makeCore();
    callHome?.update(readCallHomeClients(datastore, serverModule));
  });
  const requestMetrics = new RequestMetrics();
  let hosts = allowedHosts(o.host ?? settings.address, o.allowedHosts);
  const routed: Handler = withTimeout(subscriptions?.wrap((req) => core(req)) ?? ((req) => core(req)), () => settings.requestTimeoutMs);
  const counted: Handler = (req) => {
    const answer = routed(req);
    if (answer instanceof Promise) return answer.then((r) => (stats.answered(countedStatus(req, r)), r), (e: unknown) => { stats.answered(500); throw e; });
    stats.answered(countedStatus(req, answer));
    return answer;
  };
  let pipeline: Handler = inFlight.wrap(counted);
  if (o.metrics !== false) {
    pipeline = withMetrics(pipeline, {
      path: o.metrics?.path ?? '/metrics',
      request: requestMetrics,
      streams: () => hub.counters(),
      edits: () => device.all.reduce((n, b) => n + b.edits, 0),
      modules: (o.metrics?.modules ?? []).map((name) => {
        const b = device.browser(name);
        if (b === undefined) throw new Error(`metrics: module "${name}" is not served`);
        return b;
      }),
    });
  }
  pipeline = withOpenapi(pipeline, schema);
  const explorer = explorerPath(o.explorer);
  if (explorer !== undefined) pipeline = withExplorerSchema(pipeline, schema, explorer);
  if (o.auth !== undefined) pipeline = withAuthentication(pipeline, o.auth, () => authSettings);
  pipeline = withUrlParameters(withQuietChallenge(pipeline), o.web);
  if (explorer !== undefined) pipeline = withExplorerPage(pipeline, explorer);
  pipeline = withHostCheck(withCors(pipeline, o.cors), () => hosts);
  if (o.metrics !== false) pipeline = requestMetrics.wrap(pipeline);
  if (o.logger !== false) pipeline = withAccessLog(pipeline, logger, () => o.accessLog !== false || settings.debug);
  const handler = pipeline;

  let closed: Promise<void> | undefined;
  return {
    schema,
    device,
    datastore,
    get address() {
      return listening?.address;
    },
    listen: async () => {
      await ready;
      if (closed !== undefined) throw new Error('the server is closed');
      if (listening !== undefined) return listening.address;
      listening = await listenTransport(handler, {
        host: o.host ?? settings.address,
        port: o.port ?? settings.port,
        transport: o.transport ?? 'auto',
        maxBodyBytes: settings.maxBodyBytes,
        onError: (e) => logger.error({ err: e }, 'transport error'),
        logger,
        ...(o.tls === undefined ? {} : { tls: o.tls }),
      });
      url = listening.address.url;
      if (o.tls?.ca !== undefined) {
        callHome = startCallHome(handler, readCallHomeClients(datastore, serverModule), o.tls, { maxBodyBytes: settings.maxBodyBytes, onError: (e) => logger.error({ err: e }, 'transport error') }, logger);
      } else if (readCallHomeClients(datastore, serverModule).length > 0) logger.warn({}, 'call home clients are configured, but without TLS with a CA they are not called');
      hosts = allowedHosts(listening.address.host, o.allowedHosts);
      core = makeCore();
      return listening.address;
    },
    setTls: (tls) => {
      if (listening === undefined) throw new Error('the server is not listening');
      listening.setTls(tls);
      callHome?.setTls(tls);
    },
    inject: async (request) => {
      await ready;
      return injectRequest(handler, request);
    },
    close: () => {
      closed ??= (async () => {
        listening?.stopAccepting();
        callHome?.close();
        await inFlight.drain(o.closeTimeoutMs ?? 10_000);
        await new Promise((r) => setImmediate(r)); // the transports write the last answers
        await listening?.close();
        for (const c of cleanups.splice(0)) await c();
        await datastore.close(); // the data file written complete, no journal left, the files released
        (logger as { flush?: () => void }).flush?.();
      })();
      return closed;
    },
  };
};
