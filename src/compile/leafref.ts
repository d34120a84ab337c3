/**
 * Leafref paths resolved to their target leaf at compile time (RFC 7950
 * §9.9), once the whole tree (augments, deviations) is built.
 */
import type { Step, XPathExpr } from '../parser/expr/ast.ts';
import type { LeafListMeta, LeafMeta, ModuleMeta, SchemaNode, TypeMeta, XPathMeta } from '../meta/meta.ts';
import { dataParent, findDataChild } from '../meta/navigate.ts';
import type { CompileState } from './compile-state.ts';
import { inTree } from './in-tree.ts';
import type { Mutable } from './mutable.ts';

type Target = LeafMeta | LeafListMeta;
/** The data tree's root: a symbol, so that no error message can be taken for it. */
const ROOT: unique symbol = Symbol('root');
type At = SchemaNode | typeof ROOT;

export const hasLeafref = (t: TypeMeta): boolean =>
  t.base === 'leafref' || (t.base === 'union' && (t.members?.some(hasLeafref) ?? false));

const binding = new WeakSet<object>();
const bound = new WeakSet<object>();

/**
 * Replaces the node's type by one whose leafref paths know their targets.
 * Paths are resolved where the node is, so a path written in a grouping is
 * checked at each use of the grouping, and not at all for a node that is no
 * longer in the tree (removed by refine if-feature or deviate not-supported).
 */
export const bindLeafrefs = (node: Mutable<LeafMeta> | Mutable<LeafListMeta>, st: CompileState): void => {
  if (bound.has(node) || binding.has(node) || !inTree(node)) return;
  binding.add(node);
  node.type = bindType(node.type, node, st);
  binding.delete(node);
  bound.add(node);
};

const bindType = (t: TypeMeta, node: Target, st: CompileState): TypeMeta => {
  if (t.base === 'union') return { ...t, members: t.members?.map((m) => (hasLeafref(m) ? bindType(m, node, st) : m)) };
  if (t.base !== 'leafref' || t.path === undefined) return t;
  const r = resolvePath(t.path.expr, t.path, node, st);
  if (typeof r === 'string') {
    const where = node.loc === t.path.loc ? '' : ` (used by ${node.kind} "${node.name}" at ${node.loc.file}:${node.loc.line}:${node.loc.col})`;
    st.diag.error(t.path.loc, `bad leafref path "${t.path.text}"${where}: ${r}`);
    return t;
  }
  if (node.config && t.requireInstance && !r.config) {
    st.diag.error(node.loc, `leafref "${node.name}" is configuration but its path "${t.path.text}" points to state data`);
  }
  // Unprefixed names in the path belong to the referring leaf's module (RFC 7950 §6.4.1), also when the path was written in a typedef or grouping of another module.
  return { ...t, target: r, path: t.path.defaultModule === node.module.name ? t.path : { ...t.path, defaultModule: node.module.name } };
};

const resolvePath = (expr: XPathExpr, x: XPathMeta, node: Target, st: CompileState): Target | string => {
  let start: At;
  let steps: readonly Step[];
  if (expr.kind === 'path') {
    start = expr.absolute ? ROOT : node;
    steps = expr.steps;
  } else if (expr.kind === 'filter' && expr.primary.kind === 'call' && expr.predicates.length === 0) {
    const call = expr.primary;
    steps = expr.steps;
    if (call.name === 'current' && call.args.length === 0) {
      start = node;
    } else if (call.name === 'deref' && call.args.length === 1 && call.args[0] !== undefined) {
      const inner = resolvePath(call.args[0], x, node, st);
      if (typeof inner === 'string') return inner;
      if (inner.kind === 'leaf' || inner.kind === 'leaf-list') bindLeafrefs(inner as Mutable<LeafMeta>, st);
      const target = inner.type.base === 'leafref' ? inner.type.target : undefined;
      if (target === undefined) return `deref() argument "${inner.name}" is not a resolved leafref`;
      start = target;
    } else {
      return `unsupported function ${call.name}() in a leafref path`;
    }
  } else {
    return 'not a path';
  }
  let at: At = start;
  for (const step of steps) {
    const next = walk(at, step, x, node, st);
    if (typeof next === 'string') return next;
    at = next;
  }
  if (at === ROOT || (at.kind !== 'leaf' && at.kind !== 'leaf-list')) {
    return `it points to ${at === ROOT ? 'the root' : `${at.kind} "${at.name}"`}, not to a leaf or leaf-list`;
  }
  return at;
};

const walk = (at: At, step: Step, x: XPathMeta, node: Target, st: CompileState): At | string => {
  if (step.axis === 'parent') {
    if (at === ROOT) return 'it goes above the root';
    return dataParent(at) ?? ROOT;
  }
  if (step.axis === 'self') return at;
  if (step.axis !== 'child' || step.test.kind !== 'name') return `unsupported step ${step.axis}::${step.test.kind} in a leafref path`;
  const { prefix, name } = step.test;
  let module: string | undefined;
  if (prefix !== undefined) {
    module = x.prefixes.get(prefix);
    if (module === undefined) return `unknown prefix "${prefix}"`;
  }
  const found = module !== undefined
    ? childOf(at, module, name, st)
    : childOf(at, x.defaultModule, name, st) ?? childOf(at, node.module.name, name, st) ?? childOf(at, undefined, name, st);
  return found ?? `no node "${prefix === undefined ? '' : `${prefix}:`}${name}" in ${at === ROOT ? 'the root' : `"${at.name}"`}`;
};

const childOf = (at: At, module: string | undefined, name: string, st: CompileState): SchemaNode | undefined => {
  if (at === ROOT) {
    const mods: Iterable<ModuleMeta> = module === undefined ? st.modules.values() : [st.modules.get(module)].filter((m): m is Mutable<ModuleMeta> => m !== undefined);
    for (const m of mods) {
      const hit = findDataChild(m, module, name) ?? m.rpcs.find((r) => r.name === name) ?? m.notifications.find((n) => n.name === name);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }
  switch (at.kind) {
    case 'container': case 'list': case 'notification': case 'case': case 'input': case 'output':
      return findDataChild(at, module, name);
    case 'rpc': case 'action':
      return findDataChild(at.input, module, name) ?? findDataChild(at.output, module, name);
    default:
      return undefined;
  }
};
