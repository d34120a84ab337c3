/**
 * Assembly step 5, the RESTCONF core for the device: event streams by the
 * hub, each request's scope (the identity authentication gave it, then
 * NACM's decisions), NACM's access checks, the application's filters, the
 * settings' node-count limit. Made again when the settings change or the server
 * binds (`rebuild`); `handle` always answers with the current one.
 */
import { createScopedCore } from '../http/core/create-restconf-core.ts';
import type { RequestFilter, ScopeStage } from '../http/core/core-options.ts';
import { identify } from '../actors/request-scope.ts';
import type { ResolvedTarget } from '../http/core/api-path/index.ts';
import type { Handler } from '../http/exchange.ts';
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

  constructor(private readonly make: () => Handler) {
    this.#core = make();
  }

  /** The settings changed, or the server bound: a core with the new ones. */
  rebuild(): void {
    this.#core = this.make();
  }

  readonly handle: Handler = (req) => this.#core(req);
}

export const serverCore = (store: ServerStore, parts: ServerDevice, streams: ServerStreams, inFlight: InFlight, filters: readonly RequestFilter[], logger: Logger): ServerCore => {
  const { nacm } = store;
  const { device, handlers } = parts;
  const decide = nacm?.decisionFor(device);
  const prepare: ScopeStage = (req, scope) => {
    const identity = authenticatedAs(req);
    if (identity !== undefined) identify(scope, identity);
    decide?.(req, scope);
  };
  return new ServerCore(() => createScopedCore({
    device,
    streams: streamsHook(device, streams.hub, inFlight.closing, nacm === undefined ? undefined : (ctx) => nacm.rightsFor(ctx), handlers.added, streams.replay),
    ...(nacm === undefined ? {} : { permits: (ctx: RequestContext, op: AccessOperation, target: ResolvedTarget) => nacm.permits(ctx, op, target.meta, target.path, device.all.map((b) => b.module)) }),
    maxNodeCount: store.settings.maxNodeCount,
    filters,
    onError: (e) => logger.error({ err: e }, 'request failed'),
  }, prepare));
};
