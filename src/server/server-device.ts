/**
 * Assembly step 4, the device: one Browser per implemented module, its
 * root the application's node (`nodes`), a protocol module's, the
 * rxconf-server module's own, or the embedded datastore's with the
 * application's handlers attached — guarded by NACM when it is on. Then the
 * application is loaded (`ready` settles when it did), changes are recorded
 * for replay, and NACM reads its rules again after each edit of them.
 */
import { Browser } from '../actors/browser.ts';
import { Device } from '../actors/device.ts';
import type { Node } from '../actors/node.ts';
import type { RequestContext } from '../actors/request-context.ts';
import type { SchemaContext } from '../meta/meta.ts';
import { protocolRoots } from '../http/system/protocol-modules.ts';
import { recordStreams } from '../streams/index.ts';
import { createAppContext, type AppContext, type RootOverride } from './app-context.ts';
import { AppHandlers } from './app-handlers.ts';
import { guardCallHome } from './call-home/call-home-guard.ts';
import { withCallHomeState } from './call-home/call-home-state.ts';
import type { HttpStats } from './http-stats.ts';
import { loadApp } from './load-app.ts';
import { NACM_MODULE } from './nacm/nacm.ts';
import { announceApplied, feedFromLog, startSharedNotifications, startSourceLease, type SharedNotifications, type SourceLease } from '../cluster/index.ts';
import type { ServerEndpoint } from './server-endpoint.ts';
import { serverNode } from './server-node.ts';
import type { ServerStore } from './server-store.ts';
import type { ServerStreams } from './server-streams.ts';

export interface DeviceChoice {
  readonly nodes?: Readonly<Record<string, RootOverride>>;
  readonly app?: ((app: AppContext) => void | Promise<void>) | string;
  readonly tls?: { readonly ca?: unknown };
}

export interface ServerDevice {
  readonly device: Device;
  readonly handlers: AppHandlers;
  /** Settles when the application was loaded (rejects when it failed). */
  readonly ready: Promise<void>;
  /** Run at close, in order (the application's and the server's). */
  readonly cleanups: (() => void | Promise<void>)[];
  /** A replica's source lease once it joined: its holder runs the notification sources and dials Call Home clients. */
  readonly lease: () => SourceLease | undefined;
}

/**
 * Roots that a later assembly step makes, by module name (the dynamic
 * subscriptions' state, made once the device exists): each slot is filled
 * before the server answers and read when a request reaches the module.
 */
export type LaterRoots = ReadonlyMap<string, { root?: () => Node }>;

const laterRoot = (later: LaterRoots, name: string, handlers: AppHandlers): (() => Node) | undefined => {
  const slot = later.get(name);
  return slot === undefined ? undefined : () => handlers.attach((slot.root as () => Node)());
};

export const buildDevice = (o: DeviceChoice, schema: SchemaContext, store: ServerStore, streams: ServerStreams, endpoint: ServerEndpoint, stats: HttpStats, later: LaterRoots = new Map()): ServerDevice => {
  const { datastore, module: serverModule, nacm, nacmModule } = store;
  const { hub, replay } = streams;
  const handlers = new AppHandlers(schema);
  const overrides = new Map<string, RootOverride>(Object.entries(o.nodes ?? {}));
  const cleanups: (() => void | Promise<void>)[] = [];
  const device = new Device(schema);
  const callHomeGuard = { store: datastore, module: serverModule, tls: o.tls?.ca !== undefined, nacm: nacm === undefined || nacmModule === undefined ? undefined : { rules: nacm, module: nacmModule } };
  const protocol = protocolRoots({ schema, device, base: endpoint.baseUrlFor, replaySince: (name) => replay.createdAt(name), replayVersion: () => replay.version });
  for (const m of schema.modules.values()) {
    if (!m.implemented) continue;
    const own = overrides.has(m.name) ? undefined : protocol.get(m.name) ?? laterRoot(later, m.name, handlers);
    const serve = m === serverModule
      ? () => guardCallHome(withCallHomeState(serverNode(datastore, m, stats, () => hub.counters(), () => endpoint.listening?.runtime, () => store.replica?.status()), m, () => endpoint.callHome?.status() ?? []), callHomeGuard)
      : own ?? ((ctx: RequestContext): Node => {
        const stored = datastore.node(m);
        return handlers.attach(overrides.get(m.name)?.(ctx, stored) ?? stored);
      });
    const root = nacm === undefined ? serve : (ctx: RequestContext): Node => nacm.guardRoot(serve(ctx), m, ctx);
    device.add(new Browser(m, schema, root));
  }
  for (const name of overrides.keys()) if (device.browser(name) === undefined) throw new Error(`nodes: module "${name}" is not served`);
  const replica = store.replica;
  if (replica !== undefined) {
    replica.onApplied = (changes) => announceApplied(device, changes);
    // a replica's edits run in its turns to commit (cluster/commit-turns.ts)
    for (const b of device.all) b.mailbox.gate = replica.turns;
    feedFromLog(device, replica);
  }
  let shared: SharedNotifications | undefined;
  let lease: SourceLease | undefined;
  const settings = store.settings;
  // a replica's notifications are shared through the cluster once it holds the cluster's data, run by the lease's holder
  const joined = replica === undefined ? Promise.resolve() : replica.start().then(async () => {
    lease = await startSourceLease(replica);
    if (lease !== undefined) shared = await startSharedNotifications(device, schema, replica, lease, handlers.added, { maxEvents: settings.replayBufferEvents, maxAgeMs: settings.replayBufferSeconds * 1000 });
  });
  cleanups.push(() => {
    shared?.close();
    lease?.stop();
  });
  const app = o.app;
  const startApp = (): Promise<void> => loadApp(app as NonNullable<typeof app>, createAppContext(schema, device, datastore, handlers, overrides, cleanups));
  // A replica's application starts once the replica holds the cluster's data.
  const ready = app === undefined ? joined : replica === undefined ? startApp() : joined.then(startApp);
  ready.catch(() => undefined); // reported by listen() and inject()
  // the settings as they are once ready: a replica's are the cluster's
  void ready.then(() => {
    if (store.settings.replayBufferEvents > 0 && nacm === undefined) recordStreams(replay, device, handlers.added);
  }, () => undefined);
  cleanups.push(() => replay.close());
  if (nacm !== undefined) device.browser(NACM_MODULE)?.changes.subscribe(() => nacm.reload());
  return { device, handlers, ready, cleanups, lease: () => lease };
};
