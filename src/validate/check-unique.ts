/**
 * unique (RFC 7950 §7.8.3): the combined values of the named leaves,
 * defaults included, must differ between all entries of one list instance
 * set in which all of them exist.
 */
import type { DataContainer } from '../data/data-container.ts';
import { allEntries } from '../data/list-index.ts';
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
export interface Route {
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

/** The routes to the leaves of each unique constraint of a list. */
export const uniqueRoutes = (list: ListMeta): readonly (readonly Route[])[] =>
  list.unique.map((constraint) => constraint.map((u) => routeTo(list, u.leaf)));

/** Whether a constraint is left out when validating configuration (it names a state leaf). */
export const skippedInConfig = (list: ListMeta, i: number): boolean => (list.unique[i] ?? []).some((u) => !u.leaf.config);

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

/** The combined values of one constraint's leaves in an entry, as one string; undefined when one of them does not exist. */
export function uniqueValues(entry: DataContainer, rs: readonly Route[], schema: SchemaContext): string | undefined {
  let key = '';
  for (const r of rs) {
    const v = valueAt(entry, r, schema);
    if (v === undefined) return undefined;
    key += `${canonicalText(r.leaf.type, v)}\u0000`;
  }
  return key;
}

const entryPath = (parent: DataPath, list: ListMeta, entry: DataContainer): DataPath =>
  childPath(parent, list, list.keys.map((k) => entry.get(k) as YangValue));

export function checkUnique(run: ValidationRun, parent: XDataNode, list: ListMeta, entries: readonly DataContainer[], config: boolean): void {
  allEntries(entries);
  uniqueRoutes(list).forEach((rs, ci) => {
    if (config && skippedInConfig(list, ci)) return;
    const seen = new Map<string, number>();
    entries.forEach((entry, i) => {
      const key = uniqueValues(entry, rs, run.schema);
      if (key === undefined) return;
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
  });
}
