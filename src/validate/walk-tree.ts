/**
 * The walk of one validation run over the accessible tree. For each holder
 * instance (root, container, list entry, operation) it visits the children
 * grouped by schema node: instances whose `when` is false are reported (and
 * not descended into); the others have their musts and references checked
 * and their own children walked. Then the holder's cardinality constraints
 * are checked.
 */
import type { DataContainer } from '../data/data-container.ts';
import type { DataNodeMeta, ModuleMeta } from '../meta/meta.ts';
import { CaseUsage } from './case-usage.ts';
import { checkChildren, isEnforced, type HolderInstance } from './check-children.ts';
import { checkNode } from './check-node.ts';
import { childrenConstrained } from './has-tree-constraints.ts';
import type { ChildSlot } from './holder-plan.ts';
import { pathOf } from './path-of.ts';
import type { ValidationRun } from './validation-run.ts';
import { whenViolation, xpathFailure } from './validation-errors.ts';
import { WhenConditions } from './when-conditions.ts';
import { holderPlan, type XDataNode } from './x-data-node.ts';

/** Data that was sent, as opposed to a default, a dummy or an empty non-presence container. */
const isStored = (n: XDataNode): boolean =>
  !n.implicit && !(n.kind === 'container' && n.schema?.kind === 'container' && n.schema.presence === undefined && (n.container?.size ?? 0) === 0);

const isDataNode = (m: NonNullable<XDataNode['schema']>): m is DataNodeMeta =>
  m.kind !== 'rpc' && m.kind !== 'action' && m.kind !== 'notification';

/** Skips subtrees without constraints (stored data below a recursive grouping is always walked). */
export const mayHoldViolations = (node: XDataNode, meta: DataNodeMeta): boolean =>
  (meta.kind === 'container' || meta.kind === 'list') && ((!node.implicit && meta.recursive) || childrenConstrained(meta));

export function childEnforced(h: HolderInstance, node: XDataNode, slot: ChildSlot): boolean {
  if (node.kind === 'list-entry') return true;
  if (slot.meta.kind === 'container' && slot.meta.presence !== undefined) return true;
  return isEnforced(h, slot.cases);
}

/** The nodes kids[from..to) of one child group of a holder instance: their when, then their own checks and their subtrees. */
export function visitGroup(run: ValidationRun, h: HolderInstance, kids: readonly XDataNode[], from: number, to: number, slot: ChildSlot): void {
  const f = h.whens.failure(slot.meta, slot.cases);
  if (f !== undefined) {
    if (run.seen !== undefined && !run.seen.firstWhen(h.node, slot.meta)) return;
    for (let k = from; k < to; k++) {
      const node = kids[k] as XDataNode;
      if (!isStored(node)) continue;
      run.errors.push(f.error === undefined ? whenViolation(pathOf(node), node.name, f.when) : xpathFailure(pathOf(node), f.when.text, f.error));
    }
    return;
  }
  for (let k = from; k < to; k++) {
    const node = kids[k] as XDataNode;
    checkNodeOnce(run, node);
    if ((node.kind === 'container' || node.kind === 'list-entry') && mayHoldViolations(node, slot.meta)) {
      walkHolder(run, node, childEnforced(h, node, slot));
    }
  }
}

/** Visits the children of `node`; `holderOf` gives the holder instance a child's schema node belongs to. */
function visitChildren(run: ValidationRun, node: XDataNode, holderOf: (meta: DataNodeMeta) => HolderInstance | undefined): void {
  const kids = node.children();
  let i = 0;
  while (i < kids.length) {
    const meta = (kids[i] as XDataNode).schema;
    let j = i + 1;
    while (j < kids.length && (kids[j] as XDataNode).schema === meta) j++;
    if (meta !== undefined && isDataNode(meta)) {
      const h = holderOf(meta);
      const slot = h?.plan.slotOf.get(meta);
      if (h !== undefined && slot !== undefined) visitGroup(run, h, kids, i, j, slot);
    }
    i = j;
  }
}

/** checkNode, once per node in an edit's validation. */
export function checkNodeOnce(run: ValidationRun, node: XDataNode): void {
  if (run.seen === undefined || run.seen.firstCheck(node)) checkNode(run, node);
}

export function holderInstance(node: XDataNode, meta: ModuleMeta | NonNullable<XDataNode['holder']>, container: DataContainer | undefined, enforced: boolean, whens: WhenConditions): HolderInstance {
  const plan = holderPlan(node, meta);
  const config = node.spec.content === 'config' && (meta.kind === 'module' || meta.config);
  return { node, plan, container, usage: new CaseUsage(plan, container), whens, enforced, config };
}

/** Checks everything below a container, list entry or operation instance. */
export function walkHolder(run: ValidationRun, node: XDataNode, enforced: boolean): void {
  const meta = node.holder;
  if (meta === undefined) return;
  if (run.seen !== undefined && !run.seen.firstWalk(node)) return;
  const h = holderInstance(node, meta, node.container, enforced, new WhenConditions(run, node));
  visitChildren(run, node, () => h);
  checkChildren(run, h);
}

/** Checks the trees of `modules` below the root. */
export function walkRoot(run: ValidationRun, root: XDataNode, modules: readonly ModuleMeta[]): void {
  const whens = new WhenConditions(run, root);
  const holders = new Map<ModuleMeta, HolderInstance>();
  for (const m of modules) holders.set(m, holderInstance(root, m, root.spec.roots.get(m.name), true, whens));
  visitChildren(run, root, (meta) => holders.get(meta.module));
  for (const h of holders.values()) checkChildren(run, h);
}
