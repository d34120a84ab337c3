/**
 * Call Home clients as configuration of the rxconf-server module
 * (`server/call-home/client[name]`): read from the datastore as
 * CallHomeClient options, and written there from the start-up options
 * (each replacing the entry of its name, like the other start-up values
 * the module holds).
 */
import type { Datastore } from '../../actors/nodes/datastore.ts';
import { DataContainer } from '../../data/data-container.ts';
import { encodeData, decodeData } from '../../data/json/index.ts';
import type { ContainerMeta, ListMeta, ModuleMeta } from '../../meta/meta.ts';
import { findDataChild } from '../../meta/navigate.ts';
import { CALL_HOME_PORT, type CallHomeClient } from './call-home-options.ts';

type Json = Record<string, unknown>;

const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const num = (v: unknown): number | undefined => (v === undefined ? undefined : Number(v));

/** The `call-home` container's schema, and its data when there is some. */
export const callHomeData = (store: Datastore, module: ModuleMeta): { meta: ContainerMeta; data: DataContainer | undefined } => {
  const serverMeta = findDataChild(module, undefined, 'server') as ContainerMeta;
  const meta = findDataChild(serverMeta, undefined, 'call-home') as ContainerMeta | undefined;
  if (meta === undefined) throw new Error('rxconf-server has no server/call-home');
  const server = store.root(module).get(serverMeta);
  const data = server instanceof DataContainer ? server.get(meta) : undefined;
  return { meta, data: data instanceof DataContainer ? data : undefined };
};

/** One configured entry as a client (a missing connection-type: persistent; missing delays: their defaults). */
const clientOf = (e: Json): CallHomeClient => {
  const periodic = e['connection-type'] === undefined ? undefined : obj(e['connection-type']).periodic;
  const reconnect = obj(e['reconnect-strategy']);
  const p = obj(periodic);
  const maxAttempts = num(reconnect['max-attempts']);
  return {
    name: String(e.name),
    host: String(e.host),
    port: num(e.port) ?? CALL_HOME_PORT,
    ...(periodic === undefined ? {} : {
      connection: { type: 'periodic' as const, periodSeconds: num(p['period-seconds']) ?? 3600, idleTimeoutSeconds: num(p['idle-timeout-seconds']) ?? 120 },
    }),
    reconnect: {
      ...(maxAttempts === undefined ? {} : { maxAttempts }),
      minDelayMs: num(reconnect['min-delay-ms']) ?? 1_000,
      maxDelayMs: num(reconnect['max-delay-ms']) ?? 60_000,
    },
  };
};

/** The configured clients, in list order. */
export const readCallHomeClients = (store: Datastore, module: ModuleMeta): CallHomeClient[] => {
  const { data } = callHomeData(store, module);
  if (data === undefined) return [];
  const json = encodeData(data, { strict: false });
  return (Array.isArray(json.client) ? json.client : []).map((e) => clientOf(obj(e)));
};

/** A client option as the list entry's JSON (the name defaults to `host:port`). */
const entryJson = (c: CallHomeClient): Json => {
  const port = c.port ?? CALL_HOME_PORT;
  const conn = c.connection;
  const r = c.reconnect;
  const reconnect = {
    ...(r?.maxAttempts === undefined || !Number.isFinite(r.maxAttempts) ? {} : { 'max-attempts': r.maxAttempts }),
    ...(r?.minDelayMs === undefined ? {} : { 'min-delay-ms': r.minDelayMs }),
    ...(r?.maxDelayMs === undefined ? {} : { 'max-delay-ms': r.maxDelayMs }),
  };
  return {
    name: c.name ?? `${c.host}:${port}`,
    host: c.host,
    port,
    'connection-type': conn?.type === 'periodic'
      ? { periodic: { ...(conn.periodSeconds === undefined ? {} : { 'period-seconds': conn.periodSeconds }), ...(conn.idleTimeoutSeconds === undefined ? {} : { 'idle-timeout-seconds': conn.idleTimeoutSeconds }) } }
      : { persistent: {} },
    ...(Object.keys(reconnect).length === 0 ? {} : { 'reconnect-strategy': reconnect }),
  };
};

/**
 * createServer's `callHome`: each client written as the entry of its name
 * (replacing one configured before), in memory; persisted with the next
 * edit. Throws when a client does not fit the module (a bad port, period...).
 */
export const applyCallHomeClients = (store: Datastore, module: ModuleMeta, clients: readonly CallHomeClient[]): void => {
  if (clients.length === 0) return;
  const { meta, data } = callHomeData(store, module);
  const decoded = decodeData({ client: clients.map(entryJson) }, meta, { strict: false, content: 'config', schema: store.schema });
  if (!decoded.ok) throw new TypeError(`createServer: callHome: ${decoded.errors.map((e) => `${e.message}${e.path === undefined ? '' : ` (${e.path})`}`).join('; ')}`);
  const listMeta = findDataChild(meta, undefined, 'client') as ListMeta;
  const given = decoded.value.get(listMeta) as DataContainer[];
  const names = new Set(given.map((e) => e.get(listMeta.keys[0] as never)));
  const kept = ((data?.get(listMeta) as DataContainer[] | undefined) ?? []).filter((e) => !names.has(e.get(listMeta.keys[0] as never)));
  const target = data ?? new DataContainer(meta);
  target.set(listMeta, [...kept, ...given]);
  if (data === undefined) {
    const serverMeta = meta.parent as ContainerMeta;
    const root = store.root(module);
    let server = root.get(serverMeta);
    if (!(server instanceof DataContainer)) root.set(serverMeta, (server = new DataContainer(serverMeta)));
    server.set(meta, target);
  }
};
