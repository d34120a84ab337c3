/**
 * A copy of a datastore in which the instance at a path exists, so that an
 * action's or nested notification's instance can be placed below it. Only
 * the containers on the path are copied (shallowly); missing ones are made,
 * list entries with just their keys.
 */
import { DataContainer } from '../data/data-container.ts';
import type { DataPath } from '../data/data-path.ts';
import type { DataNodeMeta, ListMeta, ModuleMeta } from '../meta/meta.ts';
import type { YangValue } from '../types/index.ts';
import { canonicalText } from './canonical-text.ts';

export interface Placed {
  readonly roots: ReadonlyMap<string, DataContainer>;
  /** The copied containers along the path, the module root first and the instance last. */
  readonly chain: readonly DataContainer[];
}

function copy(c: DataContainer): DataContainer {
  const d = new DataContainer(c.meta);
  for (const [m, v] of c.values) d.values.set(m, v);
  return d;
}

function sameKeys(list: ListMeta, entry: DataContainer, key: readonly YangValue[]): boolean {
  return list.keys.every((k, i) => {
    const a = entry.get(k) as YangValue | undefined;
    const b = key[i];
    return a !== undefined && b !== undefined && canonicalText(k.type, a) === canonicalText(k.type, b);
  });
}

export function placeInstance(roots: ReadonlyMap<string, DataContainer>, path: DataPath, module: ModuleMeta): Placed {
  const out = new Map(roots);
  const existing = roots.get(module.name);
  let c = existing === undefined ? new DataContainer(module) : copy(existing);
  out.set(module.name, c);
  const chain = [c];
  for (const seg of path.segments) {
    const meta = seg.meta as DataNodeMeta;
    if (meta.kind === 'list') {
      const entries = (c.get(meta) ?? []) as readonly DataContainer[];
      const key = seg.key ?? [];
      const i = entries.findIndex((e) => sameKeys(meta, e, key));
      let entry: DataContainer;
      if (i >= 0) {
        entry = copy(entries[i] as DataContainer);
        c.set(meta, entries.map((e, j) => (j === i ? entry : e)));
      } else {
        entry = new DataContainer(meta);
        meta.keys.forEach((k, j) => { if (key[j] !== undefined) entry.set(k, key[j]); });
        c.set(meta, [...entries, entry]);
      }
      c = entry;
    } else if (meta.kind === 'container') {
      const next = c.get(meta) as DataContainer | undefined;
      const d = next === undefined ? new DataContainer(meta) : copy(next);
      c.set(meta, d);
      c = d;
    } else {
      throw new TypeError(`path segment "${meta.name}" is not a container or list`);
    }
    chain.push(c);
  }
  return { roots: out, chain };
}
