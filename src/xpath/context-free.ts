/**
 * Whether an expression's value is the same for every context node,
 * position and size of one evaluation: it reads only literals, absolute
 * paths and current(). Such parts of a predicate are evaluated once per
 * evaluation instead of once per candidate node (`[name = current()/../ref]`
 * would otherwise rescan the siblings of `ref` for every candidate).
 */
import type { XPathExpr } from '../parser/expr/ast.ts';

/** Functions that read the context (node, position or size) when called with no argument. */
const CONTEXT_DEFAULT = new Set([
  'string', 'string-length', 'normalize-space', 'number', 'local-name', 'namespace-uri', 'name',
]);
/** Functions that always read the context. */
const CONTEXT_ALWAYS = new Set(['last', 'position', 'lang']);

export function isContextFree(expr: XPathExpr): boolean {
  switch (expr.kind) {
    case 'literal':
    case 'number':
      return true;
    case 'variable':
      return false;
    case 'path':
      return expr.absolute;
    case 'filter':
      return isContextFree(expr.primary);
    case 'negate':
      return isContextFree(expr.expr);
    case 'binary':
      return isContextFree(expr.left) && isContextFree(expr.right);
    case 'call':
      if (CONTEXT_ALWAYS.has(expr.name)) return false;
      if (expr.args.length === 0 && CONTEXT_DEFAULT.has(expr.name)) return false;
      return expr.args.every(isContextFree);
  }
}
