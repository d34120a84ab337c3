/**
 * Whether validating a module's data tree can find anything: true when some
 * node of it (augmented ones included) has a when, must, mandatory,
 * min/max-elements, unique, or a leafref or instance-identifier that
 * requires its instance. Operations and notifications are not part of the
 * data tree. Recursive groupings are not expanded: their content repeats
 * what encloses them. The walk uses the same test to skip subtrees that
 * cannot hold a violation.
 */
import type { DataDef, ModuleMeta } from '../meta/meta.ts';
import { checksInstance } from './has-required-instance.ts';

const cache = new WeakMap<DataDef, boolean>();

/** The definition, or anything below it, carries a tree-level constraint. */
export function isConstrained(d: DataDef): boolean {
  let r = cache.get(d);
  if (r === undefined) cache.set(d, (r = compute(d)));
  return r;
}

function compute(d: DataDef): boolean {
  if (d.when.length > 0 || d.musts.length > 0) return true;
  switch (d.kind) {
    case 'leaf': return d.mandatory || checksInstance(d.type);
    case 'leaf-list': return d.minElements > 0 || d.maxElements !== undefined || checksInstance(d.type);
    case 'anydata': case 'anyxml': return d.mandatory;
    case 'choice': return d.mandatory || d.cases.some((c) => c.when.length > 0 || c.children.some(isConstrained));
    case 'list':
      return d.minElements > 0 || d.maxElements !== undefined || d.unique.length > 0 || (!d.recursive && d.children.some(isConstrained));
    case 'container': return !d.recursive && d.children.some(isConstrained);
  }
}

/** Some child of the holder (or anything below) carries a constraint. */
export const childrenConstrained = (holder: { readonly children: readonly DataDef[] }): boolean =>
  holder.children.some(isConstrained);

export const hasTreeConstraints = (module: ModuleMeta): boolean => childrenConstrained(module);
