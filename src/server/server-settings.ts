/**
 * The server's settings, read from the rxconf-server module's configuration
 * in the datastore (defaults from the module). Read per request, so an edit
 * of the limits applies to the next request.
 */
import { DataContainer } from '../data/data-container.ts';
import type { Datastore } from '../actors/nodes/datastore.ts';
import { defaultOf } from '../actors/read/with-defaults.ts';
import type { ContainerMeta, LeafMeta, ModuleMeta } from '../meta/meta.ts';
import { findDataChild } from '../meta/navigate.ts';

export const SERVER_MODULE = 'rxconf-server';

export interface ServerSettings {
  readonly address: string;
  readonly port: number;
  readonly maxBodyBytes: number;
  readonly maxNodeCount: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveSeconds: number;
  readonly maxQueuedEvents: number;
  readonly replayBufferEvents: number;
  readonly replayBufferSeconds: number;
  readonly debug: boolean;
}

type Holder = ModuleMeta | ContainerMeta;

const leafValue = (data: DataContainer | undefined, holder: Holder, path: readonly string[]): unknown => {
  const [name, ...rest] = path;
  const meta = name === undefined ? undefined : findDataChild(holder, undefined, name);
  if (meta === undefined) throw new Error(`${SERVER_MODULE} has no ${path.join('/')}`);
  if (rest.length === 0) return (data?.get(meta) ?? defaultOf(meta as LeafMeta));
  const child = data?.get(meta);
  return leafValue(child instanceof DataContainer ? child : undefined, meta as ContainerMeta, rest);
};

export const readSettings = (store: Datastore, module: ModuleMeta): ServerSettings => {
  const root = store.root(module);
  const get = (...path: string[]): unknown => leafValue(root, module, ['server', ...path]);
  return {
    address: String(get('listen', 'address')),
    port: Number(get('listen', 'port')),
    maxBodyBytes: Number(get('limits', 'max-body-bytes')),
    maxNodeCount: Number(get('limits', 'max-node-count')),
    requestTimeoutMs: Number(get('limits', 'request-timeout-ms')),
    keepAliveSeconds: Number(get('limits', 'keep-alive-seconds')),
    maxQueuedEvents: Number(get('limits', 'max-queued-events')),
    replayBufferEvents: Number(get('limits', 'replay-buffer-events')),
    replayBufferSeconds: Number(get('limits', 'replay-buffer-seconds')),
    debug: get('debug') === true,
  };
};

/** createServer's `limits`: initial values of the rxconf-server limits. */
export interface ServerLimits {
  readonly maxBodyBytes?: number;
  readonly maxNodeCount?: number;
  readonly requestTimeoutMs?: number;
  readonly keepAliveSeconds?: number;
  readonly maxQueuedEvents?: number;
}

const LIMIT_LEAVES: Readonly<Record<keyof ServerLimits, string>> = {
  maxBodyBytes: 'max-body-bytes',
  maxNodeCount: 'max-node-count',
  requestTimeoutMs: 'request-timeout-ms',
  keepAliveSeconds: 'keep-alive-seconds',
  maxQueuedEvents: 'max-queued-events',
};

/** The container `name` of the rxconf-server `server` configuration, made (with `server`) when absent. */
const serverContainer = (store: Datastore, module: ModuleMeta, name: string): DataContainer => {
  const serverMeta = findDataChild(module, undefined, 'server') as ContainerMeta;
  const root = store.root(module);
  let server = root.get(serverMeta);
  if (!(server instanceof DataContainer)) root.set(serverMeta, (server = new DataContainer(serverMeta)));
  const meta = findDataChild(serverMeta, undefined, name) as ContainerMeta;
  let held = server.get(meta);
  if (!(held instanceof DataContainer)) server.set(meta, (held = new DataContainer(meta)));
  return held;
};

/** Sets the given limits in the datastore's rxconf-server configuration (in memory; persisted with the next edit). */
export const applyLimits = (store: Datastore, module: ModuleMeta, limits: ServerLimits): void => {
  const held = serverContainer(store, module, 'limits');
  const limitsMeta = held.meta as ContainerMeta;
  for (const [key, name] of Object.entries(LIMIT_LEAVES) as [keyof ServerLimits, string][]) {
    const value = limits[key];
    if (value !== undefined) held.set(findDataChild(limitsMeta, undefined, name) as LeafMeta, value);
  }
};

/** Writes the address and port a server was started with into the rxconf-server `listen` configuration (in memory; persisted with the next edit). */
export const applyListen = (store: Datastore, module: ModuleMeta, listen: { readonly address?: string; readonly port?: number }): void => {
  if (listen.address === undefined && listen.port === undefined) return;
  const held = serverContainer(store, module, 'listen');
  const listenMeta = held.meta as ContainerMeta;
  if (listen.address !== undefined) held.set(findDataChild(listenMeta, undefined, 'address') as LeafMeta, listen.address);
  if (listen.port !== undefined) held.set(findDataChild(listenMeta, undefined, 'port') as LeafMeta, listen.port);
};
