/**
 * Compiles an expression tree into an Evaluator closure. Static errors
 * (unknown function, wrong arity, unknown prefix, variables) are thrown as
 * XPathError here; type errors found while evaluating are thrown by the
 * closures.
 */
import type { BinaryOp, Step, XPathExpr } from '../parser/expr/ast.ts';
import { compareValues, type CompareOp } from './compare.ts';
import { applyPredicates, compilePredicate, type Predicate } from './compile-predicate.ts';
import { compileStep, fuseSteps, type StepFn } from './compile-step.ts';
import { functionTable } from './functions/index.ts';
import { isContextFree } from './context-free.ts';
import { canonicalIdentity, compareWithIdentity } from './identity-literal.ts';
import { memoize } from './memoize.ts';
import { XPathError, type Evaluator, type Run } from './runtime.ts';
import { rootOf } from './x-node.ts';
import type { XPathScope } from './xpath-context.ts';
import { xpathBoolean } from './xpath-boolean.ts';
import { xpathNumber } from './xpath-number.ts';
import { isNodeSet, type NodeSet, type XPathValue } from './xpath-value.ts';

/**
 * `inPredicate`: the expression is (part of) a predicate, evaluated once per
 * candidate node; its context-free parts are then evaluated once per run.
 */
export function compileExpr(expr: XPathExpr, scope: XPathScope, inPredicate = false): Evaluator {
  if (inPredicate && expr.kind !== 'literal' && expr.kind !== 'number' && isContextFree(expr)) {
    return memoize(compileExpr(expr, scope));
  }
  const sub = (e: XPathExpr): Evaluator => compileExpr(e, scope, inPredicate);
  switch (expr.kind) {
    case 'literal': { const v = expr.value; return () => v; }
    case 'number': { const v = expr.value; return () => v; }
    case 'variable': throw new XPathError(`variable references are not supported: $${expr.name}`);
    case 'negate': {
      const e = sub(expr.expr);
      return (f, r) => -xpathNumber(e(f, r), r.budget);
    }
    case 'binary': return compileBinary(expr.op, expr.left, expr.right, scope, sub);
    case 'call': return compileCall(expr.name, expr.args, scope, sub);
    case 'path': {
      const steps = compileSteps(expr.steps, scope);
      const absolute = expr.absolute;
      return (f, r) => runSteps(absolute ? [rootOf(f.node)] : [f.node], steps, r);
    }
    case 'filter': {
      const primary = sub(expr.primary);
      const predicates = compilePredicates(expr.predicates, scope);
      const steps = compileSteps(expr.steps, scope);
      if (predicates.length === 0 && steps.length === 0) return primary;
      return (f, r) => {
        const v = primary(f, r);
        if (!isNodeSet(v)) throw new XPathError(`a predicate or path step needs a node-set, not a ${typeof v}`);
        return runSteps(applyPredicates(v.slice(), predicates, r), steps, r);
      };
    }
  }
}

function compileSteps(steps: readonly Step[], scope: XPathScope): StepFn[] {
  return fuseSteps(steps).map((s) => compileStep(s, scope, compilePredicates(s.predicates, scope)));
}

function compilePredicates(exprs: readonly XPathExpr[], scope: XPathScope): Predicate[] {
  return exprs.map((e) => compilePredicate(e, compileExpr(e, scope, true)));
}

function runSteps(start: NodeSet, steps: readonly StepFn[], run: Run): NodeSet {
  let nodes = start;
  for (const step of steps) {
    if (nodes.length === 0) break;
    nodes = step(nodes, run);
  }
  return nodes;
}

type Sub = (e: XPathExpr) => Evaluator;

function compileCall(name: string, argExprs: readonly XPathExpr[], scope: XPathScope, sub: Sub): Evaluator {
  const fn = functionTable.get(name);
  if (fn === undefined) throw new XPathError(`unknown function ${name}()`);
  const n = argExprs.length;
  if (n < fn.minArgs || n > fn.maxArgs) {
    const expected = fn.minArgs === fn.maxArgs ? `${fn.minArgs}`
      : fn.maxArgs === Infinity ? `at least ${fn.minArgs}` : `${fn.minArgs} to ${fn.maxArgs}`;
    throw new XPathError(`${name}() takes ${expected} argument${expected === '1' ? '' : 's'}, got ${n}`);
  }
  const problem = fn.check?.(argExprs, scope);
  if (problem !== undefined) throw new XPathError(problem);
  const args = argExprs.map(sub);
  return (f, r) => {
    r.budget.spend(1);
    return fn.call(args.map((a) => a(f, r)), f, r);
  };
}

function compileBinary(op: BinaryOp, leftExpr: XPathExpr, rightExpr: XPathExpr, scope: XPathScope, sub: Sub): Evaluator {
  const left = sub(leftExpr);
  const right = sub(rightExpr);
  switch (op) {
    case 'or': return (f, r) => xpathBoolean(left(f, r)) || xpathBoolean(right(f, r));
    case 'and': return (f, r) => xpathBoolean(left(f, r)) && xpathBoolean(right(f, r));
    case '=': case '!=': {
      const rightAlt = canonicalIdentity(rightExpr, scope);
      if (rightAlt !== undefined) return compareWithIdentity(op, left, [literal(rightExpr), rightAlt]);
      const leftAlt = canonicalIdentity(leftExpr, scope);
      if (leftAlt !== undefined) return compareWithIdentity(op, right, [literal(leftExpr), leftAlt]);
      return comparison(op, left, right);
    }
    case '<': case '<=': case '>': case '>=': return comparison(op, left, right);
    case '+': return (f, r) => xpathNumber(left(f, r), r.budget) + xpathNumber(right(f, r), r.budget);
    case '-': return (f, r) => xpathNumber(left(f, r), r.budget) - xpathNumber(right(f, r), r.budget);
    case '*': return (f, r) => xpathNumber(left(f, r), r.budget) * xpathNumber(right(f, r), r.budget);
    case 'div': return (f, r) => xpathNumber(left(f, r), r.budget) / xpathNumber(right(f, r), r.budget);
    case 'mod': return (f, r) => xpathNumber(left(f, r), r.budget) % xpathNumber(right(f, r), r.budget);
    case '|': return (f, r) => {
      const a = nodeSetOperand(left(f, r));
      const b = nodeSetOperand(right(f, r));
      r.budget.spend(a.length + b.length);
      return r.order.merge(a, b);
    };
  }
}

const comparison = (op: CompareOp, left: Evaluator, right: Evaluator): Evaluator =>
  (f, r) => compareValues(op, left(f, r), right(f, r), r.budget);

const literal = (e: XPathExpr): string => (e.kind === 'literal' ? e.value : '');

function nodeSetOperand(v: XPathValue): NodeSet {
  if (isNodeSet(v)) return v;
  throw new XPathError(`the operands of '|' must be node-sets, not a ${typeof v}`);
}
