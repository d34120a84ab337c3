/**
 * Writes an edit's validation can answer without looking at the tree: a
 * leaf given a value, where the leaf carries no constraint of its own (no
 * must, no when, no required instance, not a key), sits in containers
 * only up to its module (no list, choice or case on the way, no when on
 * any of them), is config, and is read by no must, when or reference
 * anywhere (dependents.ts). While the leaf is there after the edit,
 * nothing the edit did can fail: no cardinality changes (the leaf is
 * present), no case is picked, no constraint reads it. An edit made of
 * such writes only (the edit of one leaf of configuration, the common
 * case) skips the walk of validate-change.ts, whose answer would be no
 * error on a tree that was valid before.
 */
import type { DataContainer } from '../data/data-container.ts';
import type { DataNodeMeta, LeafMeta, SchemaContext } from '../meta/meta.ts';
import type { Change } from './change-set.ts';
import { dependentsOf } from './dependents.ts';
import { checksInstance } from './has-required-instance.ts';

/** Per leaf: whether a write that leaves it present can break nothing (the schema decides, once). */
const quietLeaves = new WeakMap<LeafMeta, boolean>();

const inContainersOnly = (meta: DataNodeMeta): boolean => {
  for (let p = meta.parent; p !== undefined; p = p.parent) {
    if (p.kind !== 'container' || p.when.length > 0 || !p.config) return false;
  }
  return true;
};

const isQuietLeaf = (meta: LeafMeta, schema: SchemaContext): boolean => {
  let quiet = quietLeaves.get(meta);
  if (quiet === undefined) {
    quiet = meta.config && !meta.isKey && meta.when.length === 0 && meta.musts.length === 0 && !checksInstance(meta.type)
      && inContainersOnly(meta) && dependentsOf(schema).of(meta).length === 0;
    quietLeaves.set(meta, quiet);
  }
  return quiet;
};

/** Whether the leaf of `path` holds a value in `roots` (its containers walked from the module's tree). */
const present = (roots: ReadonlyMap<string, DataContainer>, change: Change, leaf: LeafMeta): boolean => {
  const segs = change.path.segments;
  const top = segs[0]?.meta;
  if (top === undefined) return false;
  let holder = roots.get(top.module.name);
  for (let i = 0; i < segs.length - 1 && holder !== undefined; i++) holder = holder.get((segs[i] as { meta: DataNodeMeta }).meta) as DataContainer | undefined;
  return holder !== undefined && holder.values.has(leaf);
};

/** Whether every change is a quiet write (see above) whose leaf holds a value now. */
export const onlyQuietWrites = (changes: readonly Change[], roots: ReadonlyMap<string, DataContainer>, schema: SchemaContext): boolean => {
  if (changes.length === 0) return false;
  for (const c of changes) {
    const meta = c.path.segments[c.path.segments.length - 1]?.meta as DataNodeMeta | undefined;
    if (c.what !== 'field' || meta?.kind !== 'leaf' || !isQuietLeaf(meta, schema) || !present(roots, c, meta)) return false;
  }
  return true;
};
