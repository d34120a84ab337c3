/**
 * In an edit's validation, checks are asked for from several directions
 * (a changed node, a constraint reading it, a new subtree walked in full);
 * this remembers which were made, so each violation is reported once, as a
 * walk of the whole tree would report it.
 */
import type { DataContainer, DataValue } from '../data/data-container.ts';
import type { DataNodeMeta } from '../meta/meta.ts';
import { FewSet } from './few-set.ts';
import type { HolderPlan } from './holder-plan.ts';
import { PairSet } from './pair-set.ts';
import type { XDataNode } from './x-data-node.ts';

export class SeenChecks {
  // Made when first needed: an edit's validation asks few of them.
  private checked: FewSet<XDataNode> | undefined;
  private walked: FewSet<XDataNode> | undefined;
  private cardinality: PairSet<XDataNode, HolderPlan> | undefined;
  private whens: PairSet<XDataNode, DataNodeMeta> | undefined;
  private uniques: FewSet<DataValue | readonly DataContainer[]> | undefined;

  /** The node's musts and references: true the first time. */
  firstCheck(node: XDataNode): boolean {
    if (this.checked !== undefined) return this.checked.add(node);
    this.checked = new FewSet(node);
    return true;
  }

  /** Everything below a holder instance. */
  firstWalk(node: XDataNode): boolean {
    if (this.walked !== undefined) return this.walked.add(node);
    this.walked = new FewSet(node);
    return true;
  }

  /** Mandatory, min/max-elements and mandatory choices of a holder instance's children. */
  firstCardinality(node: XDataNode, plan: HolderPlan): boolean {
    if (this.cardinality !== undefined) return this.cardinality.add(node, plan);
    this.cardinality = new PairSet(node, plan);
    return true;
  }

  /** The when of a child group of a holder instance, reported for its stored nodes. */
  firstWhen(node: XDataNode, meta: DataNodeMeta): boolean {
    if (this.whens !== undefined) return this.whens.add(node, meta);
    this.whens = new PairSet(node, meta);
    return true;
  }

  /** The unique constraints of one list instance (its array), checked in full. */
  firstUnique(entries: DataValue | readonly DataContainer[]): boolean {
    if (this.uniques !== undefined) return this.uniques.add(entries);
    this.uniques = new FewSet(entries);
    return true;
  }
}
