/**
 * What an XPath expression can read, found on the schema instead of the
 * data: the schema positions its location paths can reach from a context
 * node, whether it reads their values or only which instances exist, and
 * for each how far up from the context the way to it goes. An edit's validation uses this to
 * re-evaluate a when, must or reference only where the edit can change its
 * outcome.
 *
 * The analysis over-approximates: every position a step could reach is
 * counted, predicates included. What it cannot bound (the following and
 * preceding axes, instance-identifiers, a recursive grouping below a
 * descendant step, variables) marks the reads `unbounded`.
 */
import type { Step, XPathExpr } from '../parser/expr/ast.ts';
import type { DataNodeMeta, SchemaContext, TypeMeta } from '../meta/meta.ts';
import { dataChildren } from '../meta/navigate.ts';

/** The root of the accessible tree, as a schema position. */
export const ROOT_POSITION = { kind: 'root' } as const;
export type Position = DataNodeMeta | typeof ROOT_POSITION;

/** How a position is read. */
export interface Read {
  /** Its string-value (its subtree) is read, not only which instances exist. */
  value: boolean;
  /**
   * Depth of the shallowest node on the way from the context node to it
   * (0: the root): an instance reads only the instances of the position in
   * the subtree of its ancestor at that depth.
   */
  reach: number;
}

export interface ExprReads {
  readonly positions: Map<Position, Read>;
  unbounded: boolean;
}

/** A node-set as positions, each with the depth of the shallowest node on the way to it. */
type Nodes = Map<Position, number>;

export interface Scope {
  readonly prefixes: ReadonlyMap<string, string>;
  readonly defaultModule: string | undefined;
}

const depths = new WeakMap<object, number>();

/** The parent position of a data node: its data parent, or the root for a top-level node. */
export function parentPosition(meta: DataNodeMeta): Position {
  let p = meta.parent as { kind: string; parent?: unknown } | undefined;
  while (p !== undefined && (p.kind === 'choice' || p.kind === 'case' || p.kind === 'input' || p.kind === 'output')) p = p.parent as typeof p;
  return (p as DataNodeMeta | undefined) ?? ROOT_POSITION;
}

/** Levels below the root: 1 for a top-level node. */
export function depthOf(p: Position): number {
  if (p.kind === 'root') return 0;
  let d = depths.get(p);
  if (d === undefined) depths.set(p, (d = depthOf(parentPosition(p)) + 1));
  return d;
}

const MAX_DESCENDANTS = 4096;

class Analysis {
  constructor(
    private readonly schema: SchemaContext,
    private readonly scope: Scope,
    private readonly current: Nodes,
    readonly reads: ExprReads,
  ) {}

  private mark(nodes: Nodes, value: boolean): void {
    const r = this.reads.positions;
    for (const [p, reach] of nodes) {
      const was = r.get(p);
      if (was === undefined) r.set(p, { value, reach });
      else {
        was.value ||= value;
        was.reach = Math.min(was.reach, reach);
      }
    }
  }

  private giveUp(): Nodes {
    this.reads.unbounded = true;
    return new Map();
  }

  /** The positions of a node-set expression; undefined for any other kind of value. */
  expr(e: XPathExpr, ctx: Nodes): Nodes | undefined {
    switch (e.kind) {
      case 'literal': case 'number': return undefined;
      case 'variable': this.giveUp(); return undefined;
      case 'negate': this.value(e.expr, ctx); return undefined;
      case 'path': return this.steps(e.absolute ? new Map([[ROOT_POSITION as Position, 0]]) : new Map(ctx), e.steps);
      case 'filter': {
        const primary = this.expr(e.primary, ctx);
        if (primary === undefined) return undefined;
        for (const p of e.predicates) this.expr(p, primary);
        return this.steps(primary, e.steps);
      }
      case 'binary':
        switch (e.op) {
          case '|': {
            const a = this.expr(e.left, ctx) ?? new Map();
            for (const [p, r] of this.expr(e.right, ctx) ?? []) add(a, p, r);
            return a;
          }
          case 'and': case 'or':
            this.expr(e.left, ctx);
            this.expr(e.right, ctx);
            return undefined;
          default:
            this.value(e.left, ctx);
            this.value(e.right, ctx);
            return undefined;
        }
      case 'call': return this.call(e.name, e.args, ctx);
    }
  }

  private value(e: XPathExpr, ctx: Nodes): void {
    const nodes = this.expr(e, ctx);
    if (nodes !== undefined) this.mark(nodes, true);
  }

  private call(name: string, args: readonly XPathExpr[], ctx: Nodes): Nodes | undefined {
    switch (name) {
      case 'current': {
        const c = new Map(this.current);
        this.mark(c, false);
        return c;
      }
      case 'deref': {
        const from = this.expr(args[0] as XPathExpr, ctx) ?? new Map<Position, number>();
        this.mark(from, true);
        // Where a reference leads is not bounded by where it starts.
        const out: Nodes = new Map();
        for (const p of from.keys()) {
          if (p.kind === 'root' || (p.kind !== 'leaf' && p.kind !== 'leaf-list')) continue;
          this.deref(p, p.type, out);
        }
        for (const p of out.keys()) out.set(p, 0);
        this.mark(out, false);
        return out;
      }
      case 'count': case 'boolean': case 'not': case 'name': case 'local-name': case 'namespace-uri':
      case 'last': case 'position': case 'true': case 'false': case 'lang': case 'id':
        for (const a of args) this.expr(a, ctx);
        return undefined;
      default:
        if (args.length === 0) this.mark(ctx, true);
        for (const a of args) this.value(a, ctx);
        return undefined;
    }
  }

  private deref(leaf: DataNodeMeta & { readonly type: TypeMeta }, type: TypeMeta, out: Nodes): void {
    if (type.base === 'instance-identifier') {
      this.giveUp();
    } else if (type.base === 'leafref') {
      if (type.target !== undefined) add(out, type.target, 0);
      if (type.path !== undefined) {
        const at: Nodes = new Map([[leaf, 0]]);
        const inner = new Analysis(this.schema, { prefixes: type.path.prefixes, defaultModule: leaf.module.name }, at, this.reads);
        for (const p of (inner.expr(type.path.expr, at) ?? new Map()).keys()) add(out, p, 0);
      }
    } else if (type.base === 'union') {
      for (const m of type.members ?? []) this.deref(leaf, m, out);
    }
  }

  private steps(start: Nodes, steps: readonly Step[]): Nodes {
    let nodes = start;
    this.mark(nodes, false);
    for (const s of steps) {
      const next: Nodes = new Map();
      for (const [p, reach] of nodes) this.axis(s, p, reach, next);
      for (const pred of s.predicates) this.expr(pred, next);
      this.mark(next, false);
      nodes = next;
      if (this.reads.unbounded) break;
    }
    return nodes;
  }

  private children(p: Position): readonly DataNodeMeta[] {
    if (p.kind === 'root') {
      const out: DataNodeMeta[] = [];
      for (const m of this.schema.modules.values()) out.push(...dataChildren(m.children));
      return out;
    }
    return p.kind === 'container' || p.kind === 'list' ? dataChildren(p.children) : [];
  }

  private matches(s: Step, p: Position): boolean {
    const t = s.test;
    if (t.kind === 'node') return true;
    if (p.kind === 'root') return false;
    if (t.kind === 'wildcard') return t.prefix === undefined || p.module.name === this.scope.prefixes.get(t.prefix);
    if (t.kind !== 'name' || p.name !== t.name) return false;
    const module = t.prefix === undefined ? this.scope.defaultModule : this.scope.prefixes.get(t.prefix);
    return module === undefined || p.module.name === module;
  }

  /** The positions of an axis step from `p`, reached by a way whose shallowest node is at depth `reach`. */
  private axis(s: Step, p: Position, reach: number, out: Nodes): void {
    const put = (q: Position, r: number): void => { if (this.matches(s, q)) add(out, q, Math.min(r, depthOf(q))); };
    switch (s.axis) {
      case 'self': put(p, reach); return;
      case 'child': for (const c of this.children(p)) put(c, reach); return;
      case 'parent': if (p.kind !== 'root') put(parentPosition(p), reach); return;
      case 'ancestor-or-self': case 'ancestor':
        if (s.axis === 'ancestor-or-self') put(p, reach);
        for (let q = p; q.kind !== 'root';) { q = parentPosition(q); put(q, reach); }
        return;
      case 'descendant-or-self': case 'descendant': {
        if (s.axis === 'descendant-or-self') put(p, reach);
        let seen = 0;
        const walk = (q: Position): void => {
          for (const c of this.children(q)) {
            if (++seen > MAX_DESCENDANTS || c.recursive) { this.giveUp(); return; }
            put(c, reach);
            walk(c);
          }
        };
        walk(p);
        return;
      }
      case 'following-sibling': case 'preceding-sibling':
        if (p.kind !== 'root') {
          const parent = parentPosition(p);
          for (const c of this.children(parent)) put(c, Math.min(reach, depthOf(parent)));
        }
        return;
      case 'following': case 'preceding':
        this.giveUp();
        return;
      default:
        return;
    }
  }
}

const add = (nodes: Nodes, p: Position, reach: number): void => {
  const was = nodes.get(p);
  nodes.set(p, was === undefined ? reach : Math.min(was, reach));
};

/**
 * The reads of `expr` evaluated with `context` as context node and
 * current(). `valueOfResult`: the values of the nodes it selects are read
 * too (a leafref path's targets are compared with the leaf's value).
 */
export function xpathReads(expr: XPathExpr, context: Position, scope: Scope, schema: SchemaContext, valueOfResult = false): ExprReads {
  const reads: ExprReads = { positions: new Map(), unbounded: false };
  const ctx: Nodes = new Map([[context, depthOf(context)]]);
  const a = new Analysis(schema, scope, ctx, reads);
  const nodes = a.expr(expr, ctx);
  if (nodes !== undefined) {
    for (const [p, reach] of nodes) {
      const was = reads.positions.get(p);
      reads.positions.set(p, { value: valueOfResult || (was?.value ?? false), reach: Math.min(reach, was?.reach ?? reach) });
    }
  }
  return reads;
}
