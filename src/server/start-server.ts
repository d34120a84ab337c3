/**
 * Assembles a server: compile the modules (plus the server's own
 * rxconf-server), load the datastore, build the device (with the
 * application's nodes and handlers), the RESTCONF core, the event hub, and
 * listen on uWebSockets.js (default) or node:http / h2c.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Browser } from '../actors/browser.ts';
import { Device } from '../actors/device.ts';
import { Datastore } from '../actors/nodes/datastore.ts';
import { compileOptions } from '../cli/schema-options.ts';
import { compileSchema } from '../meta/compile/compile-schema.ts';
import type { ContainerMeta, ModuleMeta } from '../meta/meta.ts';
import { findDataChild } from '../meta/navigate.ts';
import { DataContainer } from '../data/data-container.ts';
import { formatDiagnostic } from '../parser/statement.ts';
import { createRestconfCore } from '../http/core/index.ts';
import { listenNode } from '../http/adapters/node-adapter.ts';
import type { CoreResponse, Handler } from '../http/exchange.ts';
import { createEventHub, type StreamEvent } from '../streams/index.ts';
import { createAppContext, type RootOverride } from './app-context.ts';
import { AppHandlers } from './app-handlers.ts';
import { HttpStats } from './http-stats.ts';
import { readSettings, SERVER_MODULE } from './server-settings.ts';
import { serverNode } from './server-node.ts';
import { streamsHook } from './streams-hook.ts';
import { schemaLocation, withSystemRoutes } from './system-routes.ts';
import { withTimeout } from './with-timeout.ts';
import { yangLibraryHook } from './yang-library-hook.ts';

export type Transport = 'uws' | 'http1' | 'h2c';

export interface ServeOptions {
  readonly searchPath: readonly string[];
  /** Module names or files to serve. */
  readonly modules: readonly string[];
  readonly features?: readonly string[];
  /** Datastore file: loaded when it exists, written on every committed edit. */
  readonly dataFile?: string;
  /** Override the rxconf-server listen config. */
  readonly host?: string;
  readonly port?: number;
  /** An application module: its default export receives an AppContext. */
  readonly app?: string;
  readonly transport?: Transport;
  readonly log?: (line: string) => void;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly device: Device;
  readonly datastore: Datastore;
  readonly native: boolean;
  close(): Promise<void>;
}

const ownYang = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'yang');

export const startServer = async (o: ServeOptions): Promise<RunningServer> => {
  const log = o.log ?? ((l: string) => console.error(l));
  const base = compileOptions(o.searchPath, o.modules, o.features ?? []);
  const compiled = compileSchema({ ...base, searchPath: [...base.searchPath, ownYang], modules: [...base.modules, { file: join(ownYang, `${SERVER_MODULE}.yang`) }] });
  if (!compiled.ok) throw new Error(compiled.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic).join('\n'));
  const schema = compiled.context;
  const serverModule = schema.modules.get(SERVER_MODULE) as ModuleMeta;
  const datastore = Datastore.load(schema, o.dataFile);
  const serverMeta = findDataChild(serverModule, undefined, 'server') as ContainerMeta;
  const serverRoot = datastore.root(serverModule);
  // The server container always exists, so its live stats can be read before any edit.
  if (!serverRoot.values.has(serverMeta)) serverRoot.set(serverMeta, new DataContainer(serverMeta));
  const settings = () => readSettings(datastore, serverModule);
  const initial = settings();
  const hub = createEventHub<StreamEvent>({ keepAliveMs: initial.keepAliveSeconds * 1000, maxQueuedEvents: initial.maxQueuedEvents });
  const stats = new HttpStats();
  const handlers = new AppHandlers(schema);
  const overrides = new Map<string, RootOverride>();
  const cleanups: (() => void | Promise<void>)[] = [];
  const device = new Device(schema);
  for (const m of schema.modules.values()) {
    if (!m.implemented) continue;
    const root = m === serverModule
      ? () => serverNode(datastore, m, stats, () => hub.counters())
      : (ctx: Parameters<RootOverride>[0]) => {
        const stored = datastore.node(m);
        return handlers.attach(overrides.get(m.name)?.(ctx, stored) ?? stored);
      };
    device.add(new Browser(m, schema, root));
  }
  if (o.app !== undefined) {
    const loaded = (await import(pathToFileURL(resolve(o.app)).href)) as { default?: (app: ReturnType<typeof createAppContext>) => unknown };
    if (typeof loaded.default !== 'function') throw new Error(`${o.app} has no default export taking the app context`);
    await loaded.default(createAppContext(schema, device, datastore, handlers, overrides, cleanups));
  }
  let url = '';
  const makeCore = (): Handler => createRestconfCore({
    device,
    streams: streamsHook(device, hub),
    yangLibrary: yangLibraryHook(schema, schemaLocation(url)),
    maxNodeCount: settings().maxNodeCount,
    onError: (e) => log(`rxconf: ${e instanceof Error ? e.stack ?? e.message : String(e)}`),
  });
  let core = withSystemRoutes(makeCore(), schema, device, () => url);
  device.browser(SERVER_MODULE)?.changes.subscribe(() => {
    core = withSystemRoutes(makeCore(), schema, device, () => url);
  });
  const timed: Handler = withTimeout((req) => core(req), () => settings().requestTimeoutMs);
  const counted: Handler = async (req) => {
    let res: CoreResponse;
    try {
      res = await timed(req);
    } catch (e) {
      stats.answered(500);
      throw e;
    }
    stats.answered(res.status);
    if (settings().debug) log(`${req.method} ${req.path}${req.query === '' ? '' : `?${req.query}`} -> ${res.status}`);
    return res;
  };
  const host = o.host ?? initial.address;
  const port = o.port ?? initial.port;
  const transport = o.transport ?? 'uws';
  const listening = transport === 'uws'
    ? await (await import('../http/adapters/uws-adapter.ts')).listenUws(counted, { host, port, maxBodyBytes: initial.maxBodyBytes })
    : await listenNode(counted, { host, port, http2: transport === 'h2c', maxBodyBytes: initial.maxBodyBytes });
  const native = 'native' in listening && listening.native === true;
  url = `http://${host.includes(':') ? `[${host}]` : host}:${listening.port}`;
  core = withSystemRoutes(makeCore(), schema, device, () => url);
  return {
    url,
    port: listening.port,
    device,
    datastore,
    native,
    close: async () => {
      await listening.close();
      for (const c of cleanups.splice(0)) await c();
    },
  };
};
