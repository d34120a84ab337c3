/**
 * The request pipeline, outermost first: every request passes the stages in
 * this order (a stage may answer and end it), and the answer comes back
 * through them in reverse. Each stage is a Middleware (a Handler around the
 * next one), the one kind there is: the application's filters
 * (ServerOptions.filters) are the stage at the `application-filters` slot.
 * A stage whose option is off is left out. docs/lifecycle.md
 * describes each stage and its error branch, in this order (a test keeps
 * the two in step).
 */
import type { CoreRequest, Handler, Middleware } from '../http/exchange.ts';
import type { RequestFilter } from '../http/core/core-options.ts';
import { withFilters } from '../http/core/with-filters.ts';
import type { SchemaContext } from '../meta/meta.ts';
import type { DynamicSubscriptions } from '../http/system/dynamic-subscriptions.ts';
import { withAccessLog, type AccessLog, type AccessLogOptions } from './access-log.ts';
import { authenticatedAs, withAuthentication, type AuthOptions } from './auth/authenticate.ts';
import { readingScope } from '../actors/request-scope.ts';
import { withCacheControl } from './cache-control.ts';
import { withCors, type CorsOptions } from './cors.ts';
import { explorerPath, withExplorerPage, withExplorerSchema, type ExplorerOptions } from './explorer/index.ts';
import { withForwarding } from './with-forwarding.ts';
import { withFrontPage, type FrontLinks } from './front-page.ts';
import { withHostCheck } from './host-check.ts';
import type { InFlight } from './in-flight.ts';
import type { Logger } from './logger.ts';
import { withMetrics } from './metrics-route.ts';
import { OPENAPI_PATH, readsOpenapi, withOpenapi } from './openapi-route.ts';
import type { RequestMetrics } from './request-metrics.ts';
import type { ServerCore } from './server-core.ts';
import type { ServerDevice } from './server-device.ts';
import type { ServerEndpoint } from './server-endpoint.ts';
import type { ServerStore } from './server-store.ts';
import type { ServerStreams } from './server-streams.ts';
import { withSystemRoutes } from './system-routes.ts';
import { withTimeout } from './with-timeout.ts';
import { withClusterHeaders } from './with-cluster-headers.ts';
import { withQuietChallenge, withUrlParameters, type WebOptions } from './web/index.ts';

/** The options the stages read. */
export interface PipelineChoice {
  readonly logger?: unknown;
  readonly accessLog?: boolean | AccessLogOptions;
  readonly metrics?: { readonly path?: string; readonly modules?: readonly string[] } | false;
  readonly cors?: CorsOptions;
  readonly explorer?: ExplorerOptions;
  readonly web?: WebOptions;
  readonly auth?: AuthOptions;
  readonly filters?: readonly RequestFilter[];
}

/** What the stages are made of. */
export interface PipelineParts {
  readonly o: PipelineChoice;
  readonly logger: Logger;
  readonly accessLog: AccessLog;
  readonly schema: SchemaContext;
  readonly store: ServerStore;
  readonly endpoint: ServerEndpoint;
  readonly streams: ServerStreams;
  readonly device: ServerDevice;
  readonly inFlight: InFlight;
  readonly subscriptions: DynamicSubscriptions | undefined;
  readonly requestMetrics: RequestMetrics;
  readonly core: ServerCore;
}

export interface Stage {
  /** The stage's name, a heading of docs/lifecycle.md. */
  readonly name: string;
  /** The stage for these parts, or undefined when its option is off. */
  readonly use: (p: PipelineParts) => Middleware | undefined;
}

const metricsOn = (p: PipelineParts): boolean => p.o.metrics !== false;

export const PIPELINE: readonly Stage[] = [
  { name: 'cache-control', use: () => withCacheControl },
  { name: 'forwarded', use: (p) => (next) => withForwarding(next, p.endpoint.forwarding) },
  // a file of its own is written also when the server's logger is off
  { name: 'access-log', use: (p) => (p.o.logger === false && p.accessLog.logger === p.logger ? undefined : (next) => withAccessLog(next, p.accessLog.logger, () => p.o.accessLog !== false || p.store.settings.debug, p.accessLog.fields)) },
  { name: 'request-metrics', use: (p) => (next) => p.requestMetrics.wrap(next) },
  { name: 'host-check', use: (p) => (next) => withHostCheck(next, () => p.endpoint.hosts) },
  { name: 'cors', use: (p) => (next) => withCors(next, p.o.cors) },
  { name: 'explorer-page', use: (p) => { const at = explorerPath(p.o.explorer); return at === undefined ? undefined : (next) => withExplorerPage(next, at); } },
  { name: 'front-page', use: (p) => (next) => withFrontPage(next, frontLinks(p)) },
  { name: 'url-parameters', use: (p) => (next) => withUrlParameters(next, p.o.web) },
  { name: 'quiet-challenge', use: () => withQuietChallenge },
  // the OpenAPI document is read without credentials too (docs/security.md)
  { name: 'authentication', use: (p) => { const auth = p.o.auth; return auth === undefined ? undefined : (next) => withAuthentication(next, auth, () => p.store.authSettings, readsOpenapi); } },
  { name: 'explorer-schema', use: (p) => { const at = explorerPath(p.o.explorer); return at === undefined ? undefined : (next) => withExplorerSchema(next, p.schema, at); } },
  { name: 'openapi', use: (p) => (next) => withOpenapi(next, p.schema, openapiSources(p)) },
  { name: 'metrics', use: (p) => (metricsOn(p) ? (next) => withMetrics(next, metricsSources(p)) : undefined) },
  { name: 'in-flight', use: (p) => (next) => p.inFlight.wrap(next) },
  { name: 'cluster-sequence', use: (p) => { const replica = p.store.replica; return replica === undefined ? undefined : (next) => withClusterHeaders(next, replica); } },
  { name: 'time-out', use: (p) => (next) => withTimeout(next, () => p.store.settings.requestTimeoutMs) },
  { name: 'subscriptions', use: (p) => p.subscriptions?.wrap },
  { name: 'system-routes', use: (p) => (next) => withSystemRoutes(next, p.schema) },
  // the slot of the application's stages: after authentication, in front of the core
  { name: 'application-filters', use: (p) => { const filters = p.o.filters ?? []; return filters.length === 0 ? undefined : withFilters(filters, { prepare: p.core.prepare, onError: p.core.onError }); } },
  { name: 'restconf-core', use: (p) => () => p.core.handle },
];

/** Where the front page points: what this server serves. */
const frontLinks = (p: PipelineParts): FrontLinks => {
  const explorer = explorerPath(p.o.explorer);
  const metrics = p.o.metrics === false ? undefined : p.o.metrics?.path ?? '/metrics';
  return {
    restconf: '/restconf',
    'host-meta': '/.well-known/host-meta',
    openapi: OPENAPI_PATH,
    ...(explorer === undefined ? {} : { explorer: `${explorer}/` }),
    ...(metrics === undefined ? {} : { metrics }),
  };
};

const metricsSources = (p: PipelineParts): Parameters<typeof withMetrics>[1] => {
  const m = p.o.metrics === false ? undefined : p.o.metrics;
  const { device } = p.device;
  const { nacm } = p.store;
  return {
    path: m?.path ?? '/metrics',
    request: p.requestMetrics,
    streams: () => p.streams.hub.counters(),
    edits: () => device.all.reduce((n, b) => n + b.edits, 0),
    replica: () => p.store.replica?.status(),
    modules: (m?.modules ?? []).map((name) => {
      const b = device.browser(name);
      if (b === undefined) throw new Error(`metrics: module "${name}" is not served`);
      return b;
    }),
    // the scraping user's rights, as over RESTCONF
    ...(nacm === undefined ? {} : { context: (req: CoreRequest) => readingScope(authenticatedAs(req)) }),
  };
};

/** What the OpenAPI document is made for: the authentication in effect, and the requesting user's rights. */
const openapiSources = (p: PipelineParts): Parameters<typeof withOpenapi>[2] => {
  const { auth } = p.o;
  const { nacm } = p.store;
  return {
    ...(auth === undefined ? {} : {
      authentication: () => {
        const s = p.store.authSettings;
        return { basic: auth.basic !== undefined && s.basic, bearer: auth.bearer !== undefined && s.bearer, certificates: auth.certificates !== undefined && s.certificate, proxy: s.trustedProxies.length > 0, anonymous: s.anonymous !== undefined };
      },
    }),
    ...(nacm === undefined ? {} : { rights: (req: CoreRequest) => nacm.rightsFor(readingScope(authenticatedAs(req))) }),
  };
};

/** Past the last stage: never reached (the RESTCONF core answers every request). */
const end: Handler = () => {
  throw new Error('the request passed every stage unanswered');
};

/** The pipeline's handler: the stages in use, each around the ones after it. */
export const buildPipeline = (p: PipelineParts, stages: readonly Stage[] = PIPELINE): Handler =>
  stages.reduceRight<Handler>((next, stage) => stage.use(p)?.(next) ?? next, end);
