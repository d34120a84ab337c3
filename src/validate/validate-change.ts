/**
 * An edit's validation: the constraints of a datastore that an edit (a
 * ChangeSet, recorded while the edit was applied to the tree) can break,
 * and only those — checked on the tree as it is after the edit:
 *
 * - what the edit wrote: the changed nodes' musts, whens and references;
 *   new containers and entries walked in full;
 * - the holders of changed nodes: mandatory nodes and choices,
 *   min/max-elements (unique from the touched entries, unique-index.ts);
 * - the musts, whens and references elsewhere whose expressions can read a
 *   changed node (dependents.ts), at the instances within their reach of it;
 * - where a change picks another case of a choice, the defaults and
 *   non-presence containers that appear or disappear with it.
 *
 * The checks are the full walk's own (walk-tree.ts), each made once, so a
 * violation is reported as validateTree would report it; when the tree was
 * valid before the edit, the errors are exactly validateTree's. An edit
 * that only gives values to leaves no constraint involves (quiet-write.ts)
 * is answered without the walk.
 */
import type { DataContainer } from '../data/data-container.ts';
import type { PathSegment } from '../data/data-path.ts';
import { keyString } from '../data/list-index.ts';
import type { RestconfError } from '../errors/index.ts';
import type { CaseMeta, ChoiceMeta, DataNodeMeta, ListMeta, ModuleMeta, SchemaContext } from '../meta/meta.ts';
import { dataChildren } from '../meta/navigate.ts';
import type { ChangeSet } from './change-set.ts';
import type { HolderInstance } from './check-children.ts';
import { checkChildren } from './check-children.ts';
import { checkUnique, skippedInConfig } from './check-unique.ts';
import { dependentsOf, type Dependent } from './dependents.ts';
import { FewMap } from './few-map.ts';
import { FewSet } from './few-set.ts';
import type { Content } from './holder-plan.ts';
import { PairSet } from './pair-set.ts';
import { onlyQuietWrites } from './quiet-write.ts';
import { SeenChecks } from './seen-checks.ts';
import { candidateCount, commitDelta, uniqueCombos, UniqueDelta } from './unique-index.ts';
import { treeModules } from './validate-tree.ts';
import { ValidationRun } from './validation-run.ts';
import { checkNodeOnce, childEnforced, holderInstance, visitGroup } from './walk-tree.ts';
import { WhenConditions } from './when-conditions.ts';
import { xDataRoot, type XDataNode } from './x-data-node.ts';
import { depthOf, parentPosition, type Position } from './xpath-reads.ts';

export interface ValidateChangeOptions {
  readonly content: Content;
  readonly schema: SchemaContext;
}

export interface ChangeValidation {
  readonly errors: RestconfError[];
  /** To call once the edit is committed: keeps what validation remembers between edits (unique counts) in step. */
  readonly committed: () => void;
}

/** The nodes of `meta` below each of `nodes`. */
const down = (nodes: readonly XDataNode[], meta: DataNodeMeta): XDataNode[] => {
  if (nodes.length === 1) return (nodes[0] as XDataNode).group(meta) as XDataNode[];
  return nodes.flatMap((n) => n.group(meta));
};

/** The instances of one path segment below `nodes` (several for a list or leaf-list segment without key). */
function step(nodes: readonly XDataNode[], s: PathSegment): XDataNode[] {
  const meta = s.meta as DataNodeMeta;
  if (meta.kind !== 'list' || s.key === undefined) return down(nodes, meta);
  const key = keyString(s.key);
  return nodes.map((x) => x.entryByKey(meta, key)).filter((x): x is XDataNode => x !== undefined);
}

/** The instances at the first `n` segments of a path. */
function resolve(root: XDataNode, segs: readonly PathSegment[], n: number): XDataNode[] {
  let nodes = [root];
  for (let i = 0; i < n && nodes.length > 0; i++) nodes = step(nodes, segs[i] as PathSegment);
  return nodes;
}

/** The data node (or the root) whose instances hold a choice's, a case's or a data node's instances. */
function holderPosition(t: DataNodeMeta | ChoiceMeta | CaseMeta): Position {
  let p = t.parent as { kind: string; parent?: unknown } | undefined;
  while (p !== undefined && (p.kind === 'choice' || p.kind === 'case')) p = p.parent as typeof p;
  return (p as DataNodeMeta | undefined) ?? { kind: 'root' };
}

const samePosition = (n: XDataNode, p: Position): boolean => (p.kind === 'root' ? n.kind === 'root' : n.schema === p);

/** The instances of `target` below `anchors` (which are at depth `depth`). */
function instancesBelow(anchors: readonly XDataNode[], depth: number, target: Position): XDataNode[] {
  const chain: DataNodeMeta[] = [];
  let p = target;
  for (let d = depthOf(p); d > depth && p.kind !== 'root'; d--) {
    chain.unshift(p);
    p = parentPosition(p);
  }
  let nodes = anchors.filter((a) => samePosition(a, p));
  for (const m of chain) nodes = down(nodes, m);
  return nodes;
}

/** The data nodes a when on a choice or case (or a data node) decides the existence of. */
const gated = (t: DataNodeMeta | ChoiceMeta | CaseMeta): DataNodeMeta[] =>
  t.kind === 'choice' ? t.cases.flatMap((c) => dataChildren(c.children)) : t.kind === 'case' ? dataChildren(t.children) : [t];

/** The outermost choice between a data node and its data parent, if it sits in a case. */
function outerChoice(meta: DataNodeMeta): ChoiceMeta | undefined {
  let found: ChoiceMeta | undefined;
  for (let p = meta.parent; p !== undefined && (p.kind === 'choice' || p.kind === 'case'); p = p.parent) if (p.kind === 'choice') found = p;
  return found;
}

/** Nodes that exist without data (defaults, non-presence containers), which a change of case makes appear or disappear. */
const isImplicit = (m: DataNodeMeta): boolean =>
  (m.kind === 'leaf' && m.default !== undefined && !m.isKey) || (m.kind === 'leaf-list' && m.defaults.length > 0) || (m.kind === 'container' && m.presence === undefined);

/** Where each holder instance lies in a walk of the whole tree: its HolderInstance, and whether the walk reaches it. */
class Walkway {
  // Made when first needed (most edits' checks ask few of them).
  private rootHolders: FewMap<ModuleMeta, HolderInstance> | undefined;
  private holders: FewMap<XDataNode, HolderInstance | null> | undefined;
  private reached: FewMap<XDataNode, boolean> | undefined;
  private readonly rootWhens: WhenConditions;

  constructor(private readonly run: ValidationRun, private readonly root: XDataNode) {
    this.rootWhens = new WhenConditions(run, root);
  }

  /** The holder instance that `meta`'s instances below node `at` belong to; undefined when the walk does not reach `at`. */
  holderFor(at: XDataNode, meta: DataNodeMeta): HolderInstance | undefined {
    if (at.kind === 'root') return this.rootHolder(meta.module);
    if (!this.reachable(at)) return undefined;
    return this.holder(at);
  }

  private rootHolder(m: ModuleMeta): HolderInstance | undefined {
    if (!this.root.spec.modules.includes(m)) return undefined;
    let h = this.rootHolders?.get(m);
    if (h === undefined) {
      h = holderInstance(this.root, m, this.root.spec.roots.get(m.name), true, this.rootWhens);
      if (this.rootHolders === undefined) this.rootHolders = new FewMap(m, h);
      else this.rootHolders.set(m, h);
    }
    return h;
  }

  private holder(at: XDataNode): HolderInstance | undefined {
    let h = this.holders?.get(at);
    if (h === undefined) {
      h = null;
      const parent = at.parent;
      const meta = at.holder;
      const ph = parent === undefined ? undefined : this.holderFor(parent, at.schema as DataNodeMeta);
      const slot = ph?.plan.slotOf.get(at.schema as DataNodeMeta);
      if (ph !== undefined && slot !== undefined && meta !== undefined) {
        h = holderInstance(at, meta, at.container, childEnforced(ph, at, slot), new WhenConditions(this.run, at));
      }
      if (this.holders === undefined) this.holders = new FewMap(at, h);
      else this.holders.set(at, h);
    }
    return h ?? undefined;
  }

  /** The walk of the whole tree visits `n`: it is in the view and no when on the way to it is false. */
  reachable(n: XDataNode): boolean {
    if (n.kind === 'root') return true;
    let r = this.reached?.get(n);
    if (r === undefined) {
      const parent = n.parent as XDataNode;
      const meta = n.schema as DataNodeMeta;
      const h = this.holderFor(parent, meta);
      const slot = h?.plan.slotOf.get(meta);
      r = h !== undefined && slot !== undefined && h.whens.failure(meta, slot.cases) === undefined;
      if (this.reached === undefined) this.reached = new FewMap(n, r);
      else this.reached.set(n, r);
    }
    return r;
  }
}

/** What to check, collected from the changes, each once (each collection made when first needed: most edits fill few of them). */
class Checks {
  /** Child groups of holder instances: their when, then every node of the group in full. */
  groups: PairSet<XDataNode, DataNodeMeta> | undefined;
  /** Child groups whose when is to be checked (reported for their stored nodes when false). */
  whens: PairSet<XDataNode, DataNodeMeta> | undefined;
  /** New list entries: the when of their group, then the entry in full. */
  entries: FewSet<XDataNode> | undefined;
  /** Nodes whose musts and references are to be checked. */
  nodes: FewSet<XDataNode> | undefined;
  /** Holder instances (with the holder's schema node) whose children's cardinality is to be checked. */
  cardinality: PairSet<XDataNode, DataNodeMeta> | undefined;
  #swept: PairSet<Dependent, XDataNode> | undefined;

  group(at: XDataNode, meta: DataNodeMeta): void {
    if (this.groups === undefined) this.groups = new PairSet(at, meta);
    else this.groups.add(at, meta);
    this.count(at, meta);
  }

  when(at: XDataNode, meta: DataNodeMeta): void {
    if (this.whens === undefined) this.whens = new PairSet(at, meta);
    else this.whens.add(at, meta);
  }

  count(at: XDataNode, meta: DataNodeMeta): void {
    if (this.cardinality === undefined) this.cardinality = new PairSet(at, meta);
    else this.cardinality.add(at, meta);
  }

  entry(e: XDataNode): void {
    if (this.entries === undefined) this.entries = new FewSet(e);
    else this.entries.add(e);
  }

  node(n: XDataNode): void {
    if (this.nodes === undefined) this.nodes = new FewSet(n);
    else this.nodes.add(n);
  }

  /** The instances of a dependent within reach of `anchors`; false when they were collected already. */
  firstSweep(d: Dependent, anchor: XDataNode): boolean {
    if (this.#swept !== undefined) return this.#swept.add(d, anchor);
    this.#swept = new PairSet(d, anchor);
    return true;
  }
}

export function validateChange(roots: ReadonlyMap<string, DataContainer>, changes: ChangeSet, options: ValidateChangeOptions): ChangeValidation {
  const { schema, content } = options;
  if (content === 'config' && changes.touched.size === 0 && onlyQuietWrites(changes.changes, roots, schema)) return { errors: [], committed: nothingToCommit };
  const root = xDataRoot({ roots, schema, content, modules: treeModules(schema, roots) });
  const run = new ValidationRun(root, schema, new SeenChecks());
  const dependents = dependentsOf(schema);
  const checks = new Checks();

  const trigger = (segs: readonly PathSegment[], meta: DataNodeMeta, added: boolean): void => {
    const depth = segs.length;
    for (const r of dependents.of(meta)) {
      const d = r.dependent;
      if (d.monotone && added) continue;
      const reach = Math.min(r.reach, depth);
      for (const anchor of resolve(root, segs, reach)) {
        if (!checks.firstSweep(d, anchor)) continue;
        if (d.kind === 'node') {
          for (const n of instancesBelow([anchor], reach, d.target as DataNodeMeta)) checks.node(n);
        } else {
          for (const h of instancesBelow([anchor], reach, holderPosition(d.target))) for (const m of gated(d.target)) checks.group(h, m);
        }
      }
    }
  };

  for (const c of changes.changes) {
    const segs = c.path.segments;
    const last = segs[segs.length - 1];
    if (last === undefined) continue;
    const meta = last.meta as DataNodeMeta;
    // On the way down: a non-presence container that held nothing may now hold data, and its when apply to it.
    let holders = [root];
    for (let i = 0; i < segs.length - 1 && holders.length > 0; i++) {
      const s = segs[i] as PathSegment;
      if (s.meta.kind === 'container' && s.meta.presence === undefined) for (const a of holders) checks.when(a, s.meta);
      holders = step(holders, s);
    }
    for (const h of holders) {
      if (c.what !== 'entry') checks.group(h, meta);
      else {
        checks.count(h, meta);
        if (!c.added) continue;
        const e = last.key === undefined ? undefined : h.entryByKey(meta as ListMeta, keyString(last.key));
        if (e !== undefined) checks.entry(e);
        else if (last.key === undefined) checks.group(h, meta);
      }
    }
    trigger(segs, meta, c.added);
    const choice = outerChoice(meta);
    if (choice !== undefined) {
      const base = segs.slice(0, -1);
      for (const m of gated(choice)) {
        if (!isImplicit(m)) continue;
        for (const h of holders) checks.group(h, m);
        trigger([...base, { meta: m }], m, false);
      }
    }
  }

  const walk = new Walkway(run, root);
  checks.groups?.forEach((at, meta) => {
    const h = walk.holderFor(at, meta);
    const slot = h?.plan.slotOf.get(meta);
    if (h === undefined || slot === undefined) return;
    const group = at.group(meta);
    visitGroup(run, h, group, 0, group.length, slot);
  });
  checks.whens?.forEach((at, meta) => {
    const h = walk.holderFor(at, meta);
    const slot = h?.plan.slotOf.get(meta);
    if (h === undefined || slot === undefined || h.whens.failure(meta, slot.cases) === undefined) return;
    const group = at.group(meta);
    visitGroup(run, h, group, 0, group.length, slot);
  });
  if (checks.entries !== undefined) {
    for (const e of checks.entries.items()) {
      const at = e.parent as XDataNode;
      const meta = e.schema as ListMeta;
      const h = walk.holderFor(at, meta);
      const slot = h?.plan.slotOf.get(meta);
      if (h === undefined || slot === undefined) continue;
      if (h.whens.failure(meta, slot.cases) !== undefined) {
        const group = at.group(meta);
        visitGroup(run, h, group, 0, group.length, slot);
      } else {
        visitGroup(run, h, [e], 0, 1, slot);
      }
    }
  }
  if (checks.nodes !== undefined) for (const n of checks.nodes.items()) if (walk.reachable(n)) checkNodeOnce(run, n);
  checks.cardinality?.forEach((at, meta) => {
    const h = walk.holderFor(at, meta);
    if (h !== undefined) checkChildren(run, h, false);
  });
  if (changes.touched.size === 0) return { errors: run.errors, committed: nothingToCommit };
  const deltas = checkUniques(run, root, walk, changes, content);
  return { errors: run.errors, committed: () => { for (const d of deltas) commitDelta(d); } };
}

/** No entry of a list with unique constraints was touched: no counts to keep in step. */
const nothingToCommit = (): void => {};

/** unique for the lists whose entries the edit touched: from the counts, and in full where a duplicate shows. */
function checkUniques(run: ValidationRun, root: XDataNode, walk: Walkway, changes: ChangeSet, content: Content): UniqueDelta[] {
  const deltas = new Map<readonly DataContainer[], { delta: UniqueDelta; present: DataContainer[]; holderPath: readonly PathSegment[] }>();
  for (const [entry, t] of changes.touched) {
    let d = deltas.get(t.entries);
    if (d === undefined) deltas.set(t.entries, (d = { delta: new UniqueDelta(t.list, t.entries), present: [], holderPath: t.holderPath.segments }));
    if (t.before !== undefined) {
      d.delta.move(t.before, -1);
      if (t.removed) d.delta.growth -= 1;
    }
    if (!t.removed) {
      d.delta.move(uniqueCombos(entry, t.list, run.schema), 1);
      if (t.before === undefined) d.delta.growth += 1;
      d.present.push(entry);
    }
  }
  for (const { delta, present, holderPath } of deltas.values()) {
    if (present.length === 0) continue;
    const list = delta.list;
    for (const at of resolve(root, holderPath, holderPath.length)) {
      const current = at.stored(list);
      if (current !== delta.entries) continue;
      const h = walk.holderFor(at, list);
      if (h === undefined || !h.plan.slotOf.has(list)) continue;
      const config = content === 'config';
      const duplicate = present.some((e) => uniqueCombos(e, list, run.schema).some((c, i) =>
        c !== undefined && !(config && skippedInConfig(list, i)) && candidateCount(delta, i, c, run.schema) > 1));
      if (duplicate && run.seen?.firstUnique(current) !== false) checkUnique(run, at, list, current as readonly DataContainer[], h.config);
    }
  }
  return [...deltas.values()].map((d) => d.delta);
}
