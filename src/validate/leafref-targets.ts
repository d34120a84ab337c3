/**
 * What a leafref path selects (RFC 7950 §9.9): the path is evaluated as
 * XPath from the referring leaf, predicates such as `[name =
 * current()/../x]` included, with unprefixed names in the referring leaf's
 * module (RFC 7950 §6.4.1). A value refers to the selected nodes whose value
 * equals it. Paths that do not depend on the referring leaf (absolute, no
 * current() or deref()) are evaluated once per run and kept as a set.
 */
import type { XPathExpr } from '../parser/expr/ast.ts';
import type { XPathMeta } from '../meta/meta.ts';
import { isNodeSet, type XNode } from '../xpath/index.ts';
import { leafrefByKey } from './leafref-lookup.ts';
import type { ValidationRun } from './validation-run.ts';
import type { XDataNode } from './x-data-node.ts';

function mentionsCurrent(e: XPathExpr): boolean {
  switch (e.kind) {
    case 'binary': return mentionsCurrent(e.left) || mentionsCurrent(e.right);
    case 'negate': return mentionsCurrent(e.expr);
    case 'path': return e.steps.some((s) => s.predicates.some(mentionsCurrent));
    case 'filter':
      return mentionsCurrent(e.primary) || e.predicates.some(mentionsCurrent) || e.steps.some((s) => s.predicates.some(mentionsCurrent));
    case 'call': return e.name === 'current' || e.name === 'deref' || e.args.some(mentionsCurrent);
    default: return false;
  }
}

const contextFree = new WeakMap<XPathMeta, boolean>();
const isContextFree = (x: XPathMeta): boolean => {
  let r = contextFree.get(x);
  if (r === undefined) contextFree.set(x, (r = x.expr.kind === 'path' && x.expr.absolute && !mentionsCurrent(x.expr)));
  return r;
};

function selected(run: ValidationRun, path: XPathMeta, node: XNode, module: string): readonly XNode[] {
  const r = run.evaluate(path, node, module);
  return r.ok && isNodeSet(r.value) ? r.value : [];
}

/** The nodes the path selects from `node` whose value is `text`. */
export const leafrefTargets = (run: ValidationRun, path: XPathMeta, node: XDataNode, text: string): readonly XNode[] =>
  selected(run, path, node, node.module).filter((n) => n.stringValue() === text);

/** Whether the path, evaluated from `node`, selects a node whose value is `text`. */
export function leafrefHolds(run: ValidationRun, path: XPathMeta, node: XDataNode, text: string): boolean {
  if (run.seen !== undefined) {
    // An edit's validation looks targets up by key rather than listing every entry of their lists.
    const byKey = leafrefByKey(run, path, node, text);
    if (byKey !== undefined) return byKey;
  }
  const module = node.module;
  if (!isContextFree(path)) return selected(run, path, node, module).some((n) => n.stringValue() === text);
  let byModule = run.targetValues.get(path);
  if (byModule === undefined) run.targetValues.set(path, (byModule = new Map()));
  let values = byModule.get(module);
  if (values === undefined) {
    values = new Set(selected(run, path, run.root, module).map((n) => n.stringValue()));
    byModule.set(module, values);
  }
  return values.has(text);
}
