/**
 * Which cases of the choices below one holder instance are active (hold
 * data) and which are in use (active, or the default case of a choice that
 * has no active case, RFC 7950 §7.9.3). Computed from the stored data only.
 */
import type { DataContainer, DataValue } from '../data/data-container.ts';
import { allEntries } from '../data/list-index.ts';
import type { CaseMeta, DataNodeMeta } from '../meta/meta.ts';
import type { HolderPlan } from './holder-plan.ts';

const NONE: ReadonlySet<CaseMeta> = new Set();

/** A stored value counts as data unless it is an empty list or leaf-list. */
export function holdsData(meta: DataNodeMeta, v: DataValue | undefined): boolean {
  if (v === undefined) return false;
  if (meta.kind !== 'list' && meta.kind !== 'leaf-list') return true;
  if ((v as readonly unknown[]).length > 0) return true;
  // A partial list (entries read from an application so far) with none left may still have others.
  if (meta.kind === 'list') allEntries(v as readonly DataContainer[]);
  return false;
}

export class CaseUsage {
  private readonly active: ReadonlySet<CaseMeta>;

  constructor(plan: HolderPlan, container: DataContainer | undefined) {
    if (!plan.hasCases || container === undefined) {
      this.active = NONE;
      return;
    }
    const active = new Set<CaseMeta>();
    for (const [meta, value] of container.values) {
      const slot = plan.slotOf.get(meta);
      if (slot === undefined || !holdsData(meta, value)) continue;
      for (const c of slot.cases) active.add(c);
    }
    this.active = active;
  }

  isActive(c: CaseMeta): boolean {
    return this.active.has(c);
  }

  /** Every case of the chain holds data. */
  allActive(cases: readonly CaseMeta[]): boolean {
    for (const c of cases) if (!this.active.has(c)) return false;
    return true;
  }

  /** Some case of the choice that `c` belongs to holds data. */
  choiceActive(c: CaseMeta): boolean {
    const choice = c.parent;
    return choice?.kind === 'choice' && choice.cases.some((x) => this.active.has(x));
  }

  /** Every case of the chain is active, or the default of a choice with no active case. */
  inUse(cases: readonly CaseMeta[]): boolean {
    for (const c of cases) {
      if (this.active.has(c)) continue;
      const choice = c.parent;
      if (choice?.kind !== 'choice' || choice.defaultCase !== c || this.choiceActive(c)) return false;
    }
    return true;
  }
}
