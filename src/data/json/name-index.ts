/**
 * The data nodes a JSON object may hold, by local name: the data children of
 * a holder (through choice and case), or the top-level nodes of several
 * modules (a datastore). A name may map to several nodes of different
 * modules (augments, or top-level nodes of two modules).
 */
import type { DataDef, DataNodeMeta, ModuleMeta } from '../../meta/meta.ts';
import { dataChildren } from '../../meta/navigate.ts';
import type { HolderMeta } from '../data-container.ts';

export type NameIndex = ReadonlyMap<string, readonly DataNodeMeta[]>;

const indexOf = (nodes: readonly DataNodeMeta[]): NameIndex => {
  const index = new Map<string, DataNodeMeta[]>();
  for (const node of nodes) {
    const list = index.get(node.name);
    if (list === undefined) index.set(node.name, [node]);
    else list.push(node);
  }
  return index;
};

const cache = new WeakMap<readonly DataDef[], NameIndex>();

/** The index of a holder's data children (cached per compiled holder). */
export const holderIndex = (holder: HolderMeta): NameIndex => {
  const children = holder.children;
  let index = cache.get(children);
  if (index === undefined) {
    index = indexOf(dataChildren(children));
    cache.set(children, index);
  }
  return index;
};

/** The index of the top-level data nodes of several modules. */
export const modulesIndex = (modules: Iterable<ModuleMeta>): NameIndex =>
  indexOf([...modules].flatMap((m) => dataChildren(m.children)));
