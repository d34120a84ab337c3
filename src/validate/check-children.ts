/**
 * Constraints on the children of one holder instance (RFC 7950 §7.6.5,
 * §7.7.5-6, §7.8.3, §7.9.4): mandatory leaves, anydata and choices,
 * min-elements, max-elements and unique.
 *
 * A mandatory node or min-elements is enforced (RFC 7950 §3 "mandatory
 * node", §7.7.5) when its closest ancestor that is not a non-presence
 * container exists: for a node in a case, when the case holds data; else
 * when the holder's own closest such ancestor exists (`enforced`), and in
 * every case only while the `when` conditions on the way hold.
 * max-elements and unique apply to whatever is stored.
 */
import type { DataContainer } from '../data/data-container.ts';
import { allEntries } from '../data/list-index.ts';
import type { CaseMeta } from '../meta/meta.ts';
import type { CaseUsage } from './case-usage.ts';
import { checkUnique } from './check-unique.ts';
import type { HolderPlan } from './holder-plan.ts';
import { childPathOf, pathOf } from './path-of.ts';
import type { ValidationRun } from './validation-run.ts';
import { missingChoice, missingMandatory, tooFew, tooMany, xpathFailure } from './validation-errors.ts';
import type { WhenConditions } from './when-conditions.ts';
import type { XDataNode } from './x-data-node.ts';

export interface HolderInstance {
  readonly node: XDataNode;
  readonly plan: HolderPlan;
  readonly container: DataContainer | undefined;
  readonly usage: CaseUsage;
  readonly whens: WhenConditions;
  /** The closest ancestor that is not a non-presence container exists. */
  readonly enforced: boolean;
  readonly config: boolean;
}

/** Whether cardinality applies to a child reached through `cases`. */
export const isEnforced = (h: HolderInstance, cases: readonly CaseMeta[]): boolean =>
  cases.length === 0 ? h.enforced : h.usage.isActive(cases[cases.length - 1] as CaseMeta);

/**
 * `unique` false leaves unique constraints out (an edit's validation checks
 * them from the entries it touched). In an edit's validation, each holder
 * instance's cardinality and each list's unique constraints are checked once.
 */
export function checkChildren(run: ValidationRun, h: HolderInstance, unique = true): void {
  const cardinality = run.seen === undefined || run.seen.firstCardinality(h.node, h.plan);
  for (const slot of h.plan.constrained) {
    const meta = slot.meta;
    const v = h.container?.get(meta);
    let missing = false;
    if (meta.kind === 'list' || meta.kind === 'leaf-list') {
      if (meta.kind === 'list') allEntries(v as readonly DataContainer[] | undefined);
      const n = v === undefined ? 0 : (v as readonly unknown[]).length;
      if (cardinality && meta.maxElements !== undefined && n > meta.maxElements) run.errors.push(tooMany(childPathOf(h.node, meta), n, meta.maxElements));
      if (meta.kind === 'list' && unique && meta.unique.length > 0 && n > 1 && (run.seen === undefined || run.seen.firstUnique(v as DataContainer[]))) {
        checkUnique(run, h.node, meta, v as readonly DataContainer[], h.config);
      }
      if (!cardinality) continue;
      missing = n < meta.minElements;
    } else {
      if (!cardinality) continue;
      missing = v === undefined;
    }
    if (!missing || !isEnforced(h, slot.cases)) continue;
    const f = h.whens.failure(meta, slot.cases);
    const path = childPathOf(h.node, meta);
    if (f?.error !== undefined) run.errors.push(xpathFailure(path, f.when.text, f.error));
    else if (f !== undefined) continue;
    else if (meta.kind === 'list' || meta.kind === 'leaf-list') run.errors.push(tooFew(path, v === undefined ? 0 : (v as readonly unknown[]).length, meta.minElements));
    else run.errors.push(missingMandatory(path, meta.name));
  }
  if (!cardinality) return;
  for (const c of h.plan.choices) {
    if (!c.meta.mandatory || c.meta.cases.some((k) => h.usage.isActive(k)) || !isEnforced(h, c.cases)) continue;
    const f = h.whens.failure(c.meta, c.cases);
    if (f?.error !== undefined) run.errors.push(xpathFailure(pathOf(h.node), f.when.text, f.error));
    else if (f === undefined) run.errors.push(missingChoice(pathOf(h.node), c.meta.name));
  }
}
