/**
 * The comparison operators with XPath 1.0 semantics (§3.4). Comparisons
 * involving node-sets are existential: true when some node (pair) satisfies
 * it. Each node of a node-set operand spends a step of the budget.
 */
import type { XPathBudget } from './budget.ts';
import { nodeStringValue } from './string-value.ts';
import { xpathBoolean } from './xpath-boolean.ts';
import { xpathNumber } from './xpath-number.ts';
import { parseNumber } from './parse-number.ts';
import { isNodeSet, type NodeSet, type XPathValue } from './xpath-value.ts';

export type CompareOp = '=' | '!=' | '<' | '<=' | '>' | '>=';
type Atom = string | number | boolean;

export function compareValues(op: CompareOp, a: XPathValue, b: XPathValue, budget?: XPathBudget): boolean {
  if (isNodeSet(a)) {
    if (isNodeSet(b)) return compareNodeSets(op, a, b, budget);
    if (typeof b === 'boolean') return compareAtoms(op, a.length > 0, b);
    budget?.spend(a.length);
    return a.some((n) => compareAtoms(op, nodeStringValue(n, budget), b));
  }
  if (isNodeSet(b)) {
    if (typeof a === 'boolean') return compareAtoms(op, a, b.length > 0);
    budget?.spend(b.length);
    return b.some((n) => compareAtoms(op, a, nodeStringValue(n, budget)));
  }
  return compareAtoms(op, a, b);
}

/** Two values that are not node-sets. */
export function compareAtoms(op: CompareOp, a: Atom, b: Atom): boolean {
  if (op === '=' || op === '!=') {
    let equal: boolean;
    if (typeof a === 'boolean' || typeof b === 'boolean') equal = xpathBoolean(a) === xpathBoolean(b);
    else if (typeof a === 'number' || typeof b === 'number') equal = xpathNumber(a) === xpathNumber(b);
    else equal = a === b;
    return op === '=' ? equal : !equal;
  }
  return relation(op, xpathNumber(a), xpathNumber(b));
}

function relation(op: '<' | '<=' | '>' | '>=', x: number, y: number): boolean {
  switch (op) {
    case '<': return x < y;
    case '<=': return x <= y;
    case '>': return x > y;
    case '>=': return x >= y;
  }
}

function compareNodeSets(op: CompareOp, a: NodeSet, b: NodeSet, budget: XPathBudget | undefined): boolean {
  if (a.length === 0 || b.length === 0) return false;
  budget?.spend(a.length + b.length);
  if (op === '=') {
    const strings = stringValues(a, budget);
    return b.some((n) => strings.has(nodeStringValue(n, budget)));
  }
  if (op === '!=') {
    const strings = stringValues(a, budget);
    if (strings.size > 1) return true;
    const [only] = strings;
    return b.some((n) => nodeStringValue(n, budget) !== only);
  }
  // Relational: some pair satisfies it iff the extreme values do (NaN never does).
  const [minA, maxA] = range(a, budget);
  const [minB, maxB] = range(b, budget);
  if (op === '<' || op === '<=') return relation(op, minA, maxB);
  return relation(op, maxA, minB);
}

/** [min, max] of the numeric values, ignoring NaN; [NaN, NaN] when all are NaN. */
function stringValues(nodes: NodeSet, budget: XPathBudget | undefined): Set<string> {
  const strings = new Set<string>();
  for (const n of nodes) strings.add(nodeStringValue(n, budget));
  return strings;
}

function range(nodes: NodeSet, budget: XPathBudget | undefined): [number, number] {
  let min = NaN;
  let max = NaN;
  for (const n of nodes) {
    const v = parseNumber(nodeStringValue(n, budget));
    if (Number.isNaN(v)) continue;
    if (!(v >= min)) min = v;
    if (!(v <= max)) max = v;
  }
  return [min, max];
}
