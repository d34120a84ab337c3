/**
 * In an edit's validation, checks are asked for from several directions
 * (a changed node, a constraint reading it, a new subtree walked in full);
 * this remembers which were made, so each violation is reported once, as a
 * walk of the whole tree would report it.
 */
import type { DataContainer, DataValue } from '../data/data-container.ts';
import type { DataNodeMeta } from '../meta/meta.ts';
import type { HolderPlan } from './holder-plan.ts';
import type { XDataNode } from './x-data-node.ts';

const first = <K, V>(m: Map<K, Set<V>>, k: K, v: V): boolean => {
  let s = m.get(k);
  if (s === undefined) m.set(k, (s = new Set()));
  if (s.has(v)) return false;
  s.add(v);
  return true;
};

const once = <T>(s: Set<T>, v: T): boolean => {
  if (s.has(v)) return false;
  s.add(v);
  return true;
};

export class SeenChecks {
  // Made when first needed: an edit's validation asks few of them.
  private checked: Set<XDataNode> | undefined;
  private walked: Set<XDataNode> | undefined;
  private cardinality: Map<XDataNode, Set<HolderPlan>> | undefined;
  private whens: Map<XDataNode, Set<DataNodeMeta>> | undefined;
  private uniques: Set<DataValue | readonly DataContainer[]> | undefined;

  /** The node's musts and references: true the first time. */
  firstCheck(node: XDataNode): boolean {
    return once((this.checked ??= new Set()), node);
  }

  /** Everything below a holder instance. */
  firstWalk(node: XDataNode): boolean {
    return once((this.walked ??= new Set()), node);
  }

  /** Mandatory, min/max-elements and mandatory choices of a holder instance's children. */
  firstCardinality(node: XDataNode, plan: HolderPlan): boolean {
    return first((this.cardinality ??= new Map()), node, plan);
  }

  /** The when of a child group of a holder instance, reported for its stored nodes. */
  firstWhen(node: XDataNode, meta: DataNodeMeta): boolean {
    return first((this.whens ??= new Map()), node, meta);
  }

  /** The unique constraints of one list instance (its array), checked in full. */
  firstUnique(entries: DataValue | readonly DataContainer[]): boolean {
    return once((this.uniques ??= new Set()), entries);
  }
}
