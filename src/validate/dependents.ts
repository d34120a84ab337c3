/**
 * For each schema node, the constraints whose outcome a change of its
 * instances can change: musts, whens and require-instance references whose
 * expressions (xpath-reads.ts) read the node, something below it, or the
 * string-value of something above it. Built once per schema.
 *
 * Each dependent says where its instances are (`depth`); each of its reads
 * how far up the way to the position goes (`reach`): a change there can
 * only affect the instances below the change's ancestor at that depth. A
 * require-instance reference is `monotone`: adding data never breaks it.
 */
import type { CaseMeta, ChoiceMeta, DataDef, DataNodeMeta, ModuleMeta, SchemaContext, TypeMeta, XPathMeta } from '../meta/meta.ts';
import { checksInstance } from './has-required-instance.ts';
import { depthOf, parentPosition, ROOT_POSITION, xpathReads, type ExprReads, type Position } from './xpath-reads.ts';

export interface Dependent {
  /** `node`: check the instances of `target` (must, reference); `slot`: its when, at the instances of its holder. */
  readonly kind: 'node' | 'slot';
  readonly target: DataNodeMeta | ChoiceMeta | CaseMeta;
  /** Depth of the instances to check: the node's for `node`, its holder's for `slot`. */
  readonly depth: number;
  readonly monotone: boolean;
}

/** A dependent reading a position. */
export interface Reading {
  readonly dependent: Dependent;
  /** The position's string-value (its subtree) is read. */
  readonly value: boolean;
  /**
   * Depth of the shallowest ancestor (of an instance of the dependent)
   * whose subtree holds the instances of the position it reads: a change
   * affects the instances below the change's ancestor at that depth.
   */
  readonly reach: number;
}

export class Dependents {
  private readonly byPosition = new Map<Position, Reading[]>();
  /** Readings whose reads could not be bounded: any change may affect their dependents, anywhere. */
  readonly unbounded: Reading[] = [];
  private readonly cache = new Map<DataNodeMeta, readonly Reading[]>();

  constructor(private readonly schema: SchemaContext) {
    for (const m of schema.modules.values()) this.defs(m.children, m);
  }

  /** The readings a change of instances of `meta` (created, deleted or changed, with their subtrees) may affect. */
  of(meta: DataNodeMeta): readonly Reading[] {
    let out = this.cache.get(meta);
    if (out === undefined) {
      const found: Reading[] = [...this.unbounded];
      for (const [p, readings] of this.byPosition) {
        if (p.kind === 'root') {
          for (const r of readings) if (r.value) found.push(r);
          continue;
        }
        const rel = relation(meta, p);
        if (rel === 'none') continue;
        for (const r of readings) if (rel === 'below' || r.value) found.push(r);
      }
      out = found;
      this.cache.set(meta, out);
    }
    return out;
  }

  private add(d: Dependent, reads: ExprReads): void {
    if (reads.unbounded) {
      this.unbounded.push({ dependent: d, value: true, reach: 0 });
      return;
    }
    for (const [p, r] of reads.positions) {
      let list = this.byPosition.get(p);
      if (list === undefined) this.byPosition.set(p, (list = []));
      list.push({ dependent: d, value: r.value, reach: Math.min(r.reach, d.depth) });
    }
  }

  private expr(x: XPathMeta, context: Position, d: Dependent, defaultModule = x.defaultModule, targets = false): void {
    this.add(d, xpathReads(x.expr, context, { prefixes: x.prefixes, defaultModule }, this.schema, targets));
  }

  private reference(leaf: DataNodeMeta & { readonly type: TypeMeta }, type: TypeMeta): void {
    const d = { kind: 'node', target: leaf, depth: depthOf(leaf), monotone: true } as const;
    if (type.base === 'leafref' && type.requireInstance && type.path !== undefined) this.expr(type.path, leaf, d, leaf.module.name, true);
    else if (type.base === 'instance-identifier' && type.requireInstance) this.unbounded.push({ dependent: d, value: true, reach: 0 });
    else if (type.base === 'union') for (const m of type.members ?? []) this.reference(leaf, m);
  }

  private defs(defs: readonly DataDef[], holder: ModuleMeta | DataNodeMeta): void {
    const holderPos: Position = holder.kind === 'module' ? ROOT_POSITION : holder;
    const holderDepth = depthOf(holderPos);
    for (const def of defs) {
      if (def.kind === 'choice') {
        this.outer(def, holderPos, holderDepth);
        for (const c of def.cases) {
          this.outer(c, holderPos, holderDepth);
          this.defs(c.children, holder);
        }
        continue;
      }
      for (const w of def.when) {
        const d = { kind: 'slot', target: def, depth: holderDepth, monotone: false } as const;
        this.expr(w, w.context === 'parent' ? holderPos : def, d);
      }
      for (const must of def.musts) this.expr(must, def, { kind: 'node', target: def, depth: depthOf(def), monotone: false });
      if ((def.kind === 'leaf' || def.kind === 'leaf-list') && checksInstance(def.type)) this.reference(def, def.type);
      if (def.kind === 'container' || def.kind === 'list') {
        // Below a recursive grouping the schema is not expanded: any change re-checks its instances in full.
        if (def.recursive) this.unbounded.push({ dependent: { kind: 'slot', target: def, depth: holderDepth, monotone: false }, value: true, reach: 0 });
        else this.defs(def.children, def);
      }
    }
  }

  private outer(owner: ChoiceMeta | CaseMeta, holder: Position, depth: number): void {
    for (const w of owner.when) this.expr(w, holder, { kind: 'slot', target: owner, depth, monotone: false });
  }
}

/** How a changed node relates to a read position: at or above it (`below`: the position is it or under it), strictly below it, or neither. */
function relation(changed: DataNodeMeta, read: DataNodeMeta): 'below' | 'above' | 'none' {
  const dc = depthOf(changed);
  const dr = depthOf(read);
  if (dr >= dc) {
    let p: Position = read;
    for (let d = dr; d > dc && p.kind !== 'root'; d--) p = parentPosition(p);
    return p === changed ? 'below' : 'none';
  }
  let p: Position = changed;
  for (let d = dc; d > dr && p.kind !== 'root'; d--) p = parentPosition(p);
  return p === read ? 'above' : 'none';
}

const cache = new WeakMap<SchemaContext, Dependents>();

export function dependentsOf(schema: SchemaContext): Dependents {
  let d = cache.get(schema);
  if (d === undefined) cache.set(schema, (d = new Dependents(schema)));
  return d;
}
