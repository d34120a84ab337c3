/**
 * The root node of the rxconf-server module: configuration in the
 * datastore like any module, and the `stats` state container built from
 * the live counters each time it is read.
 */
import type { Datastore } from '../actors/nodes/datastore.ts';
import { DataContainerNode } from '../actors/nodes/data-node.ts';
import { wrapDeep } from '../actors/nodes/wrap-deep.ts';
import type { Node } from '../actors/node.ts';
import { DataContainer } from '../data/data-container.ts';
import type { ContainerMeta, LeafMeta, ListMeta, ModuleMeta } from '../meta/meta.ts';
import { findDataChild } from '../meta/navigate.ts';
import type { StreamCounters } from '../streams/index.ts';
import type { HttpStats } from './http-stats.ts';
import type { ReplicaStatus } from '../cluster/cluster-backend.ts';

const leaf = (c: ContainerMeta | ListMeta, name: string): LeafMeta => findDataChild(c, undefined, name) as LeafMeta;

export const buildStats = (meta: ContainerMeta, http: HttpStats, streams: StreamCounters): DataContainer => {
  const stats = new DataContainer(meta)
    .set(leaf(meta, 'connections'), http.connections)
    .set(leaf(meta, 'requests'), BigInt(http.requests));
  const responses = findDataChild(meta, undefined, 'responses') as ListMeta;
  const entries = [...http.responses].sort(([a], [b]) => a - b).map(([status, count]) =>
    new DataContainer(responses).set(leaf(responses, 'status'), status).set(leaf(responses, 'count'), BigInt(count)));
  if (entries.length > 0) stats.set(responses, entries);
  const sm = findDataChild(meta, undefined, 'streams') as ContainerMeta;
  stats.set(sm, new DataContainer(sm)
    .set(leaf(sm, 'subscribers'), streams.subscribers)
    .set(leaf(sm, 'sources'), streams.sources)
    .set(leaf(sm, 'filters'), streams.filters)
    .set(leaf(sm, 'events-delivered'), BigInt(streams.eventsDelivered))
    .set(leaf(sm, 'events-dropped'), BigInt(streams.eventsDropped))
    .set(leaf(sm, 'subscribers-dropped'), BigInt(streams.subscribersDropped)));
  return stats;
};

/** What serves the server, for the `runtime` state container. */
export interface RuntimeInfo {
  readonly transport: 'uws' | 'http1' | 'h2c' | 'https';
  readonly uws: string;
  /** The port bound and the base URL, once listening. */
  readonly port?: number;
  readonly url?: string;
}

const buildCluster = (meta: ContainerMeta, r: ReplicaStatus): DataContainer =>
  new DataContainer(meta)
    .set(leaf(meta, 'replica'), r.replica)
    .set(leaf(meta, 'state'), r.state)
    .set(leaf(meta, 'applied-sequence'), BigInt(r.applied))
    .set(leaf(meta, 'seen-sequence'), BigInt(r.seen))
    .set(leaf(meta, 'lag'), BigInt(Math.max(0, r.seen - r.applied)))
    .set(leaf(meta, 'apply-delay-ms'), BigInt(r.applyLagMs.last))
    .set(leaf(meta, 'apply-delay-max-ms'), BigInt(r.applyLagMs.max))
    .set(leaf(meta, 'commits'), BigInt(r.commits))
    .set(leaf(meta, 'conflicts'), BigInt(r.conflicts))
    .set(leaf(meta, 'retries'), BigInt(r.retries))
    .set(leaf(meta, 'unavailable'), BigInt(r.unavailable));

const buildRuntime = (meta: ContainerMeta, info: RuntimeInfo | undefined, replica: ReplicaStatus | undefined): DataContainer => {
  const c = new DataContainer(meta).set(leaf(meta, 'node-version'), process.version);
  if (info !== undefined) c.set(leaf(meta, 'transport'), info.transport).set(leaf(meta, 'uws'), info.uws);
  const cm = findDataChild(meta, undefined, 'cluster') as ContainerMeta | undefined;
  if (replica !== undefined && cm !== undefined) c.set(cm, buildCluster(cm, replica));
  if (info?.port !== undefined) c.set(leaf(meta, 'port'), info.port);
  if (info?.url !== undefined) c.set(leaf(meta, 'url'), info.url);
  return c;
};

export const serverNode = (store: Datastore, module: ModuleMeta, http: HttpStats, streams: () => StreamCounters, runtime: () => RuntimeInfo | undefined = () => undefined, replica: () => ReplicaStatus | undefined = () => undefined): Node => {
  const server = findDataChild(module, undefined, 'server') as ContainerMeta;
  const statsMeta = findDataChild(server, undefined, 'stats') as ContainerMeta;
  const runtimeMeta = findDataChild(server, undefined, 'runtime') as ContainerMeta;
  return wrapDeep(store.node(module), (n) => {
    const child = n.child;
    if (child === undefined) return n;
    const out: Node = Object.create(n) as Node;
    out.child = (r) => {
      if (r.new || r.delete) return child.call(n, r);
      if (r.meta === statsMeta) return new DataContainerNode(buildStats(statsMeta, http, streams()));
      if (r.meta === runtimeMeta) return new DataContainerNode(buildRuntime(runtimeMeta, runtime(), replica()));
      return child.call(n, r);
    };
    return out;
  });
};
