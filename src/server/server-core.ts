/**
 * Assembly step 5, the RESTCONF core for the device: event streams by the
 * hub, each request's scope (the identity authentication gave it, then
 * NACM's decisions: `prepare`, also the first step of the application's
 * filters, a stage in front of the core), NACM's access checks, the
 * settings' node-count limit. Made again when the settings change or the
 * server binds (`rebuild`); `handle` always answers with the current one.
 */
import { createScopedCore } from '../http/core/create-restconf-core.ts';
import type { PrepareScope } from '../http/core/core-options.ts';
import { identify } from '../actors/request-scope.ts';
import type { ResolvedTarget } from '../http/core/api-path/index.ts';
import type { CoreRequest, Handler } from '../http/exchange.ts';
import type { RequestContext } from '../actors/request-context.ts';
import type { InFlight } from './in-flight.ts';
import type { Logger } from './logger.ts';
import { authenticatedAs } from './auth/authenticate.ts';
import type { AccessOperation } from './nacm/nacm-config.ts';
import type { ServerDevice } from './server-device.ts';
import type { ServerStore } from './server-store.ts';
import type { ServerStreams } from './server-streams.ts';
import { streamsHook } from './streams-hook.ts';

export class ServerCore {
  #core: Handler;

  constructor(
    private readonly make: () => Handler,
    /** The server's first step with each request's scope: the identity authentication gave, then NACM's decisions. */
    readonly prepare: PrepareScope,
    /** Told about every throw answered 500 (logged with its stack). */
    readonly onError: (error: unknown, request: CoreRequest) => void,
  ) {
    this.#core = make();
  }

  /** The settings changed, or the server bound: a core with the new ones. */
  rebuild(): void {
    this.#core = this.make();
  }

  readonly handle: Handler = (req) => this.#core(req);
}

export const serverCore = (store: ServerStore, parts: ServerDevice, streams: ServerStreams, inFlight: InFlight, logger: Logger): ServerCore => {
  const { nacm } = store;
  const { device, handlers } = parts;
  const decide = nacm?.decisionFor(device);
  const prepare: PrepareScope = (req, scope) => {
    const identity = authenticatedAs(req);
    if (identity !== undefined) identify(scope, identity);
    decide?.(req, scope);
  };
  const onError = (e: unknown): void => logger.error({ err: e }, 'request failed');
  return new ServerCore(() => createScopedCore({
    device,
    streams: streamsHook(device, streams.hub, inFlight.closing, nacm === undefined ? undefined : (ctx) => nacm.rightsFor(ctx), handlers.added, streams.replay),
    ...(nacm === undefined ? {} : { permits: (ctx: RequestContext, op: AccessOperation, target: ResolvedTarget) => nacm.permits(ctx, op, target.meta, target.path, device.all.map((b) => b.module)) }),
    maxNodeCount: store.settings.maxNodeCount,
    onError,
  }, prepare), prepare, onError);
};
