/**
 * unique (RFC 7950 §7.8.3): the combined values of the named leaves,
 * defaults included, must differ between all entries of one list instance
 * set in which all of them exist.
 */
import type { DataContainer } from '../data/data-container.ts';
import { childPath, type DataPath } from '../data/data-path.ts';
import type { DataNodeMeta, LeafMeta, ListMeta, SchemaContext } from '../meta/meta.ts';
import type { YangValue } from '../types/index.ts';
import { canonicalText } from './canonical-text.ts';
import { defaultValues } from './default-values.ts';
import { pathOf } from './path-of.ts';
import type { ValidationRun } from './validation-run.ts';
import { notUnique } from './validation-errors.ts';
import type { XDataNode } from './x-data-node.ts';

/** The data nodes from the list entry down to the leaf (both excluded): containers. */
interface Route {
  readonly containers: readonly DataNodeMeta[];
  readonly leaf: LeafMeta;
}

const routes = new WeakMap<LeafMeta, Route>();
function routeTo(list: ListMeta, leaf: LeafMeta): Route {
  let r = routes.get(leaf);
  if (r === undefined) {
    const containers: DataNodeMeta[] = [];
    for (let p = leaf.parent; p !== undefined && p !== list; p = p.parent) {
      if (p.kind === 'container') containers.unshift(p);
    }
    routes.set(leaf, (r = { containers, leaf }));
  }
  return r;
}

/** The leaf's value in an entry (its default when absent), or undefined when it does not exist. */
function valueAt(entry: DataContainer, route: Route, schema: SchemaContext): YangValue | undefined {
  let c: DataContainer | undefined = entry;
  for (const m of route.containers) {
    const next = c?.get(m) as DataContainer | undefined;
    if (next === undefined && m.kind === 'container' && m.presence !== undefined) return undefined;
    c = next;
  }
  const v = c?.get(route.leaf) as YangValue | undefined;
  return v !== undefined ? v : defaultValues(route.leaf, schema)[0];
}

const entryPath = (parent: DataPath, list: ListMeta, entry: DataContainer): DataPath =>
  childPath(parent, list, list.keys.map((k) => entry.get(k) as YangValue));

export function checkUnique(run: ValidationRun, parent: XDataNode, list: ListMeta, entries: readonly DataContainer[], config: boolean): void {
  for (const constraint of list.unique) {
    if (config && constraint.some((u) => !u.leaf.config)) continue;
    const rs = constraint.map((u) => routeTo(list, u.leaf));
    const seen = new Map<string, number>();
    entries.forEach((entry, i) => {
      let key = '';
      for (const r of rs) {
        const v = valueAt(entry, r, run.schema);
        if (v === undefined) return;
        key += `${canonicalText(r.leaf.type, v)}\u0000`;
      }
      const previous = seen.get(key);
      if (previous === undefined) {
        seen.set(key, i);
        return;
      }
      const base = pathOf(parent);
      const at = entryPath(base, list, entry);
      const leaves = rs.map((r) => [...r.containers, r.leaf].reduce<DataPath>((p, m) => childPath(p, m), at));
      run.errors.push(notUnique(at, leaves, entryPath(base, list, entries[previous] as DataContainer)));
    });
  }
}
