/**
 * The `state` of each configured Call Home client
 * (`server/call-home/client[name]/state`, config false): its link's
 * connection state and completed connections, built from the running
 * links each time it is read.
 */
import type { Node } from '../../actors/node.ts';
import { DataContainerNode } from '../../actors/nodes/data-node.ts';
import { wrapDeep } from '../../actors/nodes/wrap-deep.ts';
import { DataContainer } from '../../data/data-container.ts';
import type { ContainerMeta, LeafMeta, ListMeta, ModuleMeta } from '../../meta/meta.ts';
import { findDataChild } from '../../meta/navigate.ts';
import type { CallHomeStatus } from './call-home.ts';

interface StateMeta {
  readonly state: ContainerMeta;
  readonly connection: LeafMeta;
  readonly sessions: LeafMeta;
}

const metas = new WeakMap<ModuleMeta, StateMeta>();

const stateMeta = (module: ModuleMeta): StateMeta => {
  let m = metas.get(module);
  if (m === undefined) {
    const server = findDataChild(module, undefined, 'server') as ContainerMeta;
    const client = findDataChild(findDataChild(server, undefined, 'call-home') as ContainerMeta, undefined, 'client') as ListMeta;
    const state = findDataChild(client, undefined, 'state') as ContainerMeta;
    m = { state, connection: findDataChild(state, undefined, 'connection') as LeafMeta, sessions: findDataChild(state, undefined, 'sessions') as LeafMeta };
    metas.set(module, m);
  }
  return m;
};

/** The module's root node, answering each client's `state` from `status()` (the links running now). */
export const withCallHomeState = (root: Node, module: ModuleMeta, status: () => readonly CallHomeStatus[]): Node => {
  const m = stateMeta(module);
  return wrapDeep(root, (n) => {
    const child = n.child;
    if (child === undefined) return n;
    const out: Node = Object.create(n) as Node;
    out.child = (r) => {
      if (r.meta !== m.state || r.new || r.delete) return child.call(n, r);
      const name = r.path.segments.at(-2)?.key?.[0];
      const s = status().find((x) => x.name === name);
      if (s === undefined || s.state === 'stopped') return undefined;
      return new DataContainerNode(new DataContainer(m.state).set(m.connection, s.state).set(m.sessions, BigInt(s.sessions)));
    };
    return out;
  });
};
