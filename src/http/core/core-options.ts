/** What `createRestconfCore` is given: the device to serve and the hooks around it. */
import type { Browser, Device, RequestContext, TargetStep } from '../../actors/index.ts';
import { DEFAULT_MAX_NODES, FLUSH_AT } from '../../actors/index.ts';
import type { RequestScope } from '../../actors/request-scope.ts';
import type { RestconfError, RestconfFailure } from '../../errors/index.ts';
import type { CoreRequest, CoreResponse } from '../exchange.ts';
import { PathCache, type ResolvedTarget } from './api-path/index.ts';
import type { QueryParams } from './query/index.ts';

/** What a filter answers: context to add (or nothing), or an error that ends the request. */
export type FilterAnswer = RequestContext | RestconfError | RestconfFailure | undefined;

/**
 * Runs before routing, in order; sees the request and the context so far.
 * Returned context values are merged into the request's context, which every
 * node reaches (Browser.root(context)). An error (returned or thrown) is the
 * answer, e.g. `wrapError(unauthorized, 'bad password')` → 401.
 */
export type RequestFilter = (request: CoreRequest, context: RequestContext) => FilterAnswer | Promise<FilterAnswer>;

/** The server's first step with a request's scope (its identity, access control's decisions), before any filter. */
export type PrepareScope = (request: CoreRequest, scope: RequestScope) => void;

/** What the core hands a hook: the request as the core understood it. */
export interface HookRequest {
  readonly request: CoreRequest;
  readonly context: RequestContext;
  /** The compliance mode (RFC 7951 names when true). */
  readonly strict: boolean;
  /** The media type the answer should have (negotiated from Accept). */
  readonly mediaType: string;
  /** Decoded query parameters; the core checked that each is one of the server's and given once. */
  readonly params: QueryParams;
}

export interface StreamRequest extends HookRequest {
  /** The path below `/restconf/streams` or, for a notification path, below `/restconf/data`. */
  readonly path: string;
  /** The notification the path names in a served module, when it names one. */
  readonly notification: { readonly browser: Browser; readonly steps: readonly TargetStep[] } | undefined;
}

export interface YangLibraryRequest extends HookRequest {
  /** The api-path below `/restconf/data` (it starts with `/ietf-yang-library:`). */
  readonly path: string;
}

export type CoreHook<R extends HookRequest> = (request: R) => CoreResponse | Promise<CoreResponse>;

export interface CoreOptions {
  /** The modules served and their nodes. */
  readonly device: Device;
  /** The application's filters: a stage in front of the core (with-filters.ts). */
  readonly filters?: readonly RequestFilter[];
  /**
   * GET (and HEAD) of a notification path and everything under
   * `/restconf/streams`; without it those answer 501 operation-not-supported.
   */
  readonly streams?: CoreHook<StreamRequest>;
  /**
   * Paths under `/restconf/data/ietf-yang-library:` when no served module is
   * ietf-yang-library; without it those answer 404.
   */
  readonly yangLibrary?: CoreHook<YangLibraryRequest>;
  /** The default of rx.max-node-count (DEFAULT_MAX_NODES). */
  readonly maxNodeCount?: number;
  /** Characters of a read buffered before a chunk is streamed (FLUSH_AT). */
  readonly flushAt?: number;
  /** A WWW-Authenticate challenge added to every 401 answer (e.g. `Basic realm="rxconf"`). */
  readonly authenticate?: string;
  /** Told about every error that was not a RESTCONF error (answered 500 operation-failed). */
  readonly onError?: (error: unknown, request: CoreRequest) => void;
  /**
   * Access control's answer to "may this caller do `operation` on this
   * target?": OPTIONS lists in `Allow` only the methods the caller may use,
   * and an operation it denies is refused before its input is read.
   */
  readonly permits?: AccessCheck;
}

/** What an access check is asked: a NACM operation on a target, for the request's context. */
export type AccessCheck = (context: RequestContext, operation: 'read' | 'create' | 'update' | 'delete' | 'exec', target: ResolvedTarget) => boolean;

/** The options with defaults filled in. */
export interface CoreSettings {
  readonly device: Device;
  /** Data paths resolved against the device. */
  readonly paths: PathCache;
  readonly streams: CoreHook<StreamRequest> | undefined;
  readonly yangLibrary: CoreHook<YangLibraryRequest> | undefined;
  readonly maxNodeCount: number;
  readonly flushAt: number;
  readonly authenticate: string | undefined;
  readonly onError: (error: unknown, request: CoreRequest) => void;
  readonly permits: AccessCheck | undefined;
  readonly prepare: PrepareScope | undefined;
}

export const coreSettings = (o: Omit<CoreOptions, 'filters'>, prepare?: PrepareScope): CoreSettings => ({
  device: o.device,
  paths: new PathCache(o.device),
  streams: o.streams,
  yangLibrary: o.yangLibrary,
  maxNodeCount: o.maxNodeCount ?? DEFAULT_MAX_NODES,
  flushAt: o.flushAt ?? FLUSH_AT,
  authenticate: o.authenticate,
  onError: o.onError ?? (() => undefined),
  permits: o.permits,
  prepare,
});
