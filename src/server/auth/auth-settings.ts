/**
 * The authentication settings of the rxconf-server module
 * (`server/authentication`): which of the methods configured at start are
 * on, the trusted proxies, anonymous access, the realm and the failure
 * delays. createServer writes its `auth` options there at start (like the
 * limits); edits apply to the next request. No secret and no file name is
 * ever written there.
 */
import type { Datastore } from '../../actors/nodes/datastore.ts';
import { defaultOf } from '../../actors/read/with-defaults.ts';
import { DataContainer } from '../../data/data-container.ts';
import type { ContainerMeta, LeafMeta, ModuleMeta, SchemaNode } from '../../meta/meta.ts';
import { findDataChild } from '../../meta/navigate.ts';
import type { AuthOptions } from './authenticate.ts';

export interface AuthSettings {
  readonly basic: boolean;
  readonly bearer: boolean;
  readonly certificate: boolean;
  readonly trustedProxies: readonly string[];
  /** The anonymous user's groups, or undefined when requests without credentials are refused. */
  readonly anonymous: readonly string[] | undefined;
  readonly realm: string;
  readonly failureDelayMs: number;
  readonly maxFailureDelayMs: number;
}

const child = (holder: ModuleMeta | ContainerMeta, name: string): SchemaNode => {
  const meta = findDataChild(holder, undefined, name);
  if (meta === undefined) throw new Error(`rxconf-server has no ${name}`);
  return meta as SchemaNode;
};

/** The `authentication` container's schema and data (made when missing). */
const container = (store: Datastore, module: ModuleMeta): { meta: ContainerMeta; data: DataContainer } => {
  const serverMeta = child(module, 'server') as ContainerMeta;
  const root = store.root(module);
  let server = root.get(serverMeta);
  if (!(server instanceof DataContainer)) root.set(serverMeta, (server = new DataContainer(serverMeta)));
  const meta = child(serverMeta, 'authentication') as ContainerMeta;
  let data = server.get(meta);
  if (!(data instanceof DataContainer)) server.set(meta, (data = new DataContainer(meta)));
  return { meta, data };
};

const value = (data: DataContainer | undefined, holder: ContainerMeta, name: string): unknown => {
  const meta = child(holder, name);
  return data?.get(meta as LeafMeta) ?? (meta.kind === 'leaf' ? defaultOf(meta as LeafMeta) : undefined);
};

export const readAuthSettings = (store: Datastore, module: ModuleMeta): AuthSettings => {
  const { meta, data } = container(store, module);
  const anonMeta = child(meta, 'anonymous') as ContainerMeta;
  const anon = data.get(anonMeta);
  const anonData = anon instanceof DataContainer ? anon : undefined;
  return {
    basic: value(data, meta, 'basic') !== false,
    bearer: value(data, meta, 'bearer') !== false,
    certificate: value(data, meta, 'certificate') !== false,
    trustedProxies: (value(data, meta, 'trusted-proxy') as string[] | undefined) ?? [],
    anonymous: value(anonData, anonMeta, 'enabled') === true ? ((value(anonData, anonMeta, 'group') as string[] | undefined) ?? []) : undefined,
    realm: String(value(data, meta, 'realm')),
    failureDelayMs: Number(value(data, meta, 'failure-delay-ms')),
    maxFailureDelayMs: Number(value(data, meta, 'max-failure-delay-ms')),
  };
};

/** createServer's `auth`: the proxies, anonymous access and realm it gives, written as the module's configuration (in memory; persisted with the next edit). */
export const applyAuthOptions = (store: Datastore, module: ModuleMeta, auth: AuthOptions): void => {
  const { meta, data } = container(store, module);
  const set = (holder: ContainerMeta, into: DataContainer, name: string, v: unknown): void => void into.set(child(holder, name) as LeafMeta, v as never);
  if (auth.proxy !== undefined) set(meta, data, 'trusted-proxy', [...auth.proxy.trusted]);
  if (auth.realm !== undefined) set(meta, data, 'realm', auth.realm);
  // the methods given at start are on again at every start (their defaults): switching them all off cannot outlast a restart
  for (const m of ['basic', 'bearer', 'certificate']) data.delete(child(meta, m) as LeafMeta);
  if (auth.anonymous !== undefined) {
    const anonMeta = child(meta, 'anonymous') as ContainerMeta;
    const anon = new DataContainer(anonMeta);
    set(anonMeta, anon, 'enabled', auth.anonymous !== false);
    if (typeof auth.anonymous === 'object' && auth.anonymous.groups.length > 0) set(anonMeta, anon, 'group', [...auth.anonymous.groups]);
    data.set(anonMeta, anon);
  }
};
