/**
 * The public compile step: resolve prefixes and functions once, then
 * evaluate many times (a stream filter once per event, a when/must once per
 * instance). Errors are returned as data; so is an evaluation that exceeds
 * its budget (`overBudget`).
 */
import type { XPathExpr } from '../parser/expr/ast.ts';
import { DEFAULT_MAX_STEPS, XPathBudget, XPathBudgetExceeded } from './budget.ts';
import { compileExpr } from './compile-expr.ts';
import { DocumentOrder } from './document-order.ts';
import { XPathError, type Evaluator, type Focus, type Run } from './runtime.ts';
import type { XPathFocus, XPathScope } from './xpath-context.ts';
import { xpathBoolean } from './xpath-boolean.ts';
import type { XPathResult, XPathValue } from './xpath-value.ts';

export interface CompiledXPath {
  readonly expr: XPathExpr;
  readonly scope: XPathScope;
  /** Steps one evaluation may spend (see budget.ts). */
  readonly maxSteps: number;
  /** The value of the expression; node-sets in document order without duplicates. */
  evaluate(focus: XPathFocus): XPathResult<XPathValue>;
  /** The value converted with boolean(), as when, must and filter need it. */
  evaluateBoolean(focus: XPathFocus): XPathResult<boolean>;
}

export interface CompileXPathOptions {
  /** Steps one evaluation may spend. Default `DEFAULT_MAX_STEPS`. */
  readonly maxSteps?: number;
}

export function compileXPath(expr: XPathExpr, scope: XPathScope, options: CompileXPathOptions = {}): XPathResult<CompiledXPath> {
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
  let evaluator: Evaluator;
  try {
    evaluator = compileExpr(expr, scope);
  } catch (e) {
    return failure(e);
  }
  const evaluate = (focus: XPathFocus): XPathResult<XPathValue> => {
    const run: Run = {
      scope,
      current: focus.current ?? focus.node,
      functions: focus.functions ?? {},
      order: new DocumentOrder(),
      budget: focus.budget ?? new XPathBudget(maxSteps),
      memo: undefined,
    };
    const f: Focus = { node: focus.node, position: 1, size: 1 };
    try {
      return { ok: true, value: evaluator(f, run) };
    } catch (e) {
      return failure(e);
    }
  };
  const evaluateBoolean = (focus: XPathFocus): XPathResult<boolean> => {
    const r = evaluate(focus);
    return r.ok ? { ok: true, value: xpathBoolean(r.value) } : r;
  };
  return { ok: true, value: { expr, scope, maxSteps, evaluate, evaluateBoolean } };
}

function failure(e: unknown): { ok: false; message: string; overBudget?: true } {
  if (e instanceof XPathBudgetExceeded) return { ok: false, message: e.message, overBudget: true };
  if (e instanceof XPathError) return { ok: false, message: e.message };
  throw e;
}
