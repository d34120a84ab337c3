/**
 * What one user (with their groups) may do, under one version of the NACM
 * rules — RFC 8341 §3.4: rule-lists of the user's groups in order, rules in
 * order, the first rule that matches the module, the rule type and the
 * operation decides; else the `default-deny-all` / `default-deny-write`
 * extensions, else the defaults. Decisions per schema node are kept, so a
 * read asks the rules once per node kind, not once per instance, except
 * where a rule's key predicates make the answer depend on the instance.
 */
import type { DataPath } from '../../data/data-path.ts';
import type { ModuleMeta, SchemaNode } from '../../meta/meta.ts';
import { dataChildren, schemaChildren } from '../../meta/navigate.ts';
import type { AccessOperation, NacmConfig, NacmRule } from './nacm-config.ts';
import { hasPredicates, keysMatch, relate, schemaLine } from './rule-path.ts';

const NACM = 'ietf-netconf-acm';
const OPERATIONS: readonly AccessOperation[] = ['create', 'read', 'update', 'delete', 'exec'];
const WRITES = new Set<AccessOperation>(['create', 'update', 'delete']);
const READ: readonly AccessOperation[] = ['read'];

/** The cache key of a set of operations (one operation, the usual case, without building a string). */
const opsKey = (ops: readonly AccessOperation[]): string => (ops.length === 1 ? ops[0] as string : ops.join(' '));

/** The extension on the node or one of its ancestors. */
const extensionAbove = (n: SchemaNode, name: string): boolean => {
  for (let c: SchemaNode | undefined = n; c !== undefined; c = c.parent as SchemaNode | undefined) {
    if (c.extensions.some((e) => e.module === NACM && e.name === name)) return true;
  }
  return false;
};

/** The nearest ancestor that is a data node (choices and cases are not), undefined at the top. */
const dataParent = (n: SchemaNode): SchemaNode | undefined => {
  for (let c = n.parent as SchemaNode | undefined; c !== undefined; c = c.parent as SchemaNode | undefined) {
    if (c.kind !== 'choice' && c.kind !== 'case' && c.kind !== 'input' && c.kind !== 'output') return c;
  }
  return undefined;
};

export type Subtree = 'permit' | 'deny' | 'mixed';

export class AccessRights {
  /** Rules that can apply to this user, in order. */
  private readonly rules: readonly NacmRule[];
  private readonly decided = new Map<string, WeakMap<SchemaNode, boolean | 'per-instance'>>();
  private readonly subtrees = new Map<string, WeakMap<SchemaNode, Subtree>>();
  private readonly signatures = new WeakMap<SchemaNode | ModuleMeta, string>();
  private readonly modules = new Map<string, WeakMap<ModuleMeta, boolean>>();
  private readonly wholes = new WeakMap<SchemaNode, boolean>();
  private readonly somes = new WeakMap<SchemaNode, boolean | 'per-instance'>();
  private readonly groupsKey: string;
  /** True when every operation on everything is permitted (NACM off, the recovery user). */
  readonly unrestricted: boolean;

  constructor(readonly config: NacmConfig, readonly user: string | undefined, groups: readonly string[], bypass: boolean) {
    this.unrestricted = bypass || !config.enabled;
    const mine = new Set(config.externalGroups ? groups : []);
    if (user !== undefined) for (const [g, users] of config.groups) if (users.has(user)) mine.add(g);
    this.groupsKey = [...mine].sort().join(',');
    this.rules = config.ruleLists.filter((l) => l.groups.some((g) => g === '*' || mine.has(g))).flatMap((l) => l.rules);
  }

  private applies(rule: NacmRule, op: AccessOperation, node: SchemaNode): boolean {
    if (rule.operations !== '*' && !rule.operations.has(op)) return false;
    if (rule.module !== '*' && rule.module !== node.module.name) return false;
    switch (rule.type.kind) {
      case 'any': return true;
      case 'rpc': return node.kind === 'rpc' && (rule.type.name === '*' || rule.type.name === node.name);
      case 'notification': return node.kind === 'notification' && (rule.type.name === '*' || rule.type.name === node.name);
      case 'path': return relate(rule.type.path, schemaLine(node)) === 'covers';
    }
  }

  private fallback(op: AccessOperation, node: SchemaNode): boolean {
    if (extensionAbove(node, 'default-deny-all')) return false;
    if (WRITES.has(op) && extensionAbove(node, 'default-deny-write')) return false;
    if (op === 'exec') return this.config.execDefault;
    return op === 'read' ? this.config.readDefault : this.config.writeDefault;
  }

  /** The decision for the node kind: true, false, or 'per-instance' when a matching rule has key predicates. */
  private bySchema(op: AccessOperation, node: SchemaNode): boolean | 'per-instance' {
    let cache = this.decided.get(op);
    if (cache === undefined) this.decided.set(op, (cache = new WeakMap()));
    let d = cache.get(node);
    if (d === undefined) {
      const rule = this.rules.find((r) => this.applies(r, op, node));
      d = rule === undefined ? this.unmatched(op, node) : rule.type.kind === 'path' && hasPredicates(rule.type.path) ? 'per-instance' : rule.permit;
      cache.set(node, d);
    }
    return d;
  }

  /**
   * The decision for a node no rule matches: the defaults, except that a read
   * the defaults permit below an ancestor the user may not read is denied —
   * the ancestor is omitted with its descendants (RFC 8341 §3.2.4), the nodes
   * other modules augment into it included (a rule of the ancestor's module
   * does not match them). Only a rule that permits a node opens the way to it.
   */
  private unmatched(op: AccessOperation, node: SchemaNode): boolean | 'per-instance' {
    const d = this.fallback(op, node);
    if (op !== 'read' || !d) return d;
    const parent = dataParent(node);
    return parent === undefined ? d : this.bySchema('read', parent);
  }

  /** May the user do `op` on this node (instance `path` when the rules look at keys)? */
  allows(op: AccessOperation, node: SchemaNode, path?: DataPath): boolean {
    if (this.unrestricted) return true;
    const d = this.bySchema(op, node);
    if (d !== 'per-instance') return d;
    for (const rule of this.rules) {
      if (!this.applies(rule, op, node)) continue;
      if (rule.type.kind === 'path' && hasPredicates(rule.type.path) && (path === undefined || !keysMatch(rule.type.path, path))) continue;
      return rule.permit;
    }
    const f = this.fallback(op, node);
    if (op !== 'read' || !f) return f;
    const parent = dataParent(node);
    return parent === undefined || this.allows('read', parent, path);
  }

  /** Whether the decision for `op` differs between instances of this node kind. */
  perInstance(op: AccessOperation, node: SchemaNode): boolean {
    return !this.unrestricted && this.bySchema(op, node) === 'per-instance';
  }

  /** Whether every top-level node, operation and notification of the module is wholly permitted for `ops` (all operations when undefined). */
  modulePermits(module: ModuleMeta, ops?: readonly AccessOperation[]): boolean {
    if (this.unrestricted) return true;
    const key = ops === undefined ? '*' : opsKey(ops);
    let cache = this.modules.get(key);
    if (cache === undefined) this.modules.set(key, (cache = new WeakMap()));
    let p = cache.get(module);
    if (p === undefined) {
      const tops = [...dataChildren(module.children), ...module.rpcs, ...module.notifications] as SchemaNode[];
      p = tops.every((n) => this.subtree(n, ops) === 'permit');
      cache.set(module, p);
    }
    return p;
  }

  /**
   * Whether a read of the node reads exactly what it would without NACM: the
   * node and everything below it readable whatever the instance (no rule
   * with key predicates, no recursion, no denial, no default-deny-all left
   * to its default), and every data node on the way to it readable whatever
   * the instance (a denied ancestor hides it). Once per node and rule version.
   */
  readsWhole(node: SchemaNode): boolean {
    if (this.unrestricted) return true;
    let w = this.wholes.get(node);
    if (w === undefined) {
      w = this.subtree(node, READ) === 'permit' && schemaLine(node).every((n) => this.bySchema('read', n) === true);
      this.wholes.set(node, w);
    }
    return w;
  }

  /**
   * Whether some node below this one may be readable (a rule permits it, in
   * some instance): rules are matched per node (RFC 8341 §3.4.5), so a node
   * the user may not read still leads to the permitted nodes below it.
   */
  mayReadBelow(node: SchemaNode, path?: DataPath): boolean {
    if (this.unrestricted) return true;
    const some = this.someBelow(node);
    if (some !== 'per-instance') return some;
    if (path === undefined) return true;
    // rules with key predicates: judged by the instance's keys
    const walk = (n: SchemaNode): boolean => !n.recursive && schemaChildren(n).some((c) =>
      c.kind !== 'input' && c.kind !== 'output' && (this.allows('read', c, path) || walk(c)));
    return walk(node);
  }

  private someBelow(node: SchemaNode): boolean | 'per-instance' {
    let some = this.somes.get(node);
    if (some === undefined) {
      some = false;
      if (node.recursive) some = 'per-instance';
      else {
        for (const c of schemaChildren(node)) {
          if (c.kind === 'input' || c.kind === 'output') continue;
          const d = this.bySchema('read', c);
          const below = d === true ? true : this.someBelow(c);
          if (below === true) {
            some = true;
            break;
          }
          if (d === 'per-instance' || below === 'per-instance') some = 'per-instance';
        }
      }
      this.somes.set(node, some);
    }
    return some;
  }

  /** Whether `ops` are permitted (or denied) on the node and everything below it, whatever the instance. */
  subtree(node: SchemaNode, ops: readonly AccessOperation[] = OPERATIONS): Subtree {
    if (this.unrestricted) return 'permit';
    const key = opsKey(ops);
    let cache = this.subtrees.get(key);
    if (cache === undefined) this.subtrees.set(key, (cache = new WeakMap()));
    let s = cache.get(node);
    if (s === undefined) {
      s = this.computeSubtree(node, ops);
      cache.set(node, s);
    }
    return s;
  }

  /**
   * What read access looks like on the node and below, as a string: equal
   * for users who would see the same parts of any instance. Per-instance
   * rules make it the user's own.
   */
  readSignature(node: SchemaNode | ModuleMeta): string {
    if (this.unrestricted) return '';
    let sig = this.signatures.get(node);
    if (sig === undefined) {
      const denied: string[] = [];
      let own = false;
      const walk = (n: SchemaNode): void => {
        const d = this.bySchema('read', n);
        if (d === 'per-instance') own = true;
        else if (!d) {
          denied.push(schemaLine(n).map((x) => `${x.module.name}:${x.name}`).join('/'));
          return;
        }
        if (!n.recursive) for (const c of schemaChildren(n)) if (c.kind !== 'input' && c.kind !== 'output') walk(c);
      };
      if (node.kind === 'module') for (const c of [...dataChildren(node.children), ...node.notifications] as SchemaNode[]) walk(c);
      else walk(node);
      sig = own ? `user ${this.user ?? ''} ${this.groupsKey}` : denied.join(' ');
      this.signatures.set(node, sig);
    }
    return sig;
  }

  /** Whether everything below the node is readable in the instance at `path` (rules with keys are judged by that instance's keys). */
  readableBelow(node: SchemaNode, path: DataPath): boolean {
    if (this.unrestricted) return true;
    const below = (n: SchemaNode): boolean => schemaChildren(n).every((c) => {
      if (c.kind === 'input' || c.kind === 'output') return true;
      if (this.readSignature(c) === '') return true;
      const d = this.bySchema('read', c);
      if (d === false || (d === 'per-instance' && !this.allows('read', c, path))) return false;
      return c.recursive || below(c);
    });
    return below(node);
  }

  private computeSubtree(node: SchemaNode, ops: readonly AccessOperation[]): Subtree {
    let verdict: Subtree | undefined;
    for (const op of ops) {
      const d = this.bySchema(op, node);
      if (d === 'per-instance') return 'mixed';
      const v: Subtree = d ? 'permit' : 'deny';
      if (verdict !== undefined && verdict !== v) return 'mixed';
      verdict = v;
    }
    if (node.recursive) return 'mixed';
    for (const child of schemaChildren(node)) {
      if (child.kind === 'input' || child.kind === 'output') continue;
      const below = this.subtree(child, ops);
      if (below !== verdict) return 'mixed';
    }
    return verdict ?? 'permit';
  }
}
