/**
 * One-shot evaluation. Compiled forms are memoised per expression object
 * (and scope), so repeated calls with the same AST only compile once.
 */
import type { XPathExpr } from '../parser/expr/ast.ts';
import { compileXPath, type CompiledXPath } from './compile-xpath.ts';
import type { XPathContext, XPathScope } from './xpath-context.ts';
import type { XPathResult, XPathValue } from './xpath-value.ts';

interface Memo {
  readonly prefixes: XPathScope['prefixes'];
  readonly defaultModule: string | undefined;
  readonly compiled: XPathResult<CompiledXPath>;
}
const memo = new WeakMap<XPathExpr, Memo>();

function compiled(expr: XPathExpr, ctx: XPathContext): XPathResult<CompiledXPath> {
  const m = memo.get(expr);
  if (m !== undefined && m.prefixes === ctx.prefixes && m.defaultModule === ctx.defaultModule) return m.compiled;
  const scope: XPathScope = { prefixes: ctx.prefixes, defaultModule: ctx.defaultModule };
  const c = compileXPath(expr, scope);
  memo.set(expr, { prefixes: ctx.prefixes, defaultModule: ctx.defaultModule, compiled: c });
  return c;
}

export function evaluateXPath(expr: XPathExpr, ctx: XPathContext): XPathResult<XPathValue> {
  const c = compiled(expr, ctx);
  return c.ok ? c.value.evaluate(ctx) : c;
}

export function evaluateXPathBoolean(expr: XPathExpr, ctx: XPathContext): XPathResult<boolean> {
  const c = compiled(expr, ctx);
  return c.ok ? c.value.evaluateBoolean(ctx) : c;
}
