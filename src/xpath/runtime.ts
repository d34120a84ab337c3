/**
 * Internal shapes of the compiled evaluator. An `Evaluator` is a closure made
 * once per expression and called per evaluation. Errors found while
 * compiling or evaluating are thrown as `XPathError` inside the evaluator and
 * turned into data at the public boundary (compile-xpath.ts).
 */
import type { XPathBudget } from './budget.ts';
import type { DocumentOrder } from './document-order.ts';
import type { XNode } from './x-node.ts';
import type { XPathScope, YangFunctions } from './xpath-context.ts';
import type { XPathValue } from './xpath-value.ts';

/** Context node, proximity position and context size (XPath 1.0 §1). */
export interface Focus {
  node: XNode;
  position: number;
  size: number;
}

/** What stays the same during one evaluation. */
export interface Run {
  readonly scope: XPathScope;
  readonly current: XNode;
  readonly functions: YangFunctions;
  readonly order: DocumentOrder;
  /** Steps left: every walk, predicate, comparison and call spends from it (see budget.ts). */
  readonly budget: XPathBudget;
  /** Values of context-free subexpressions of predicates (see context-free.ts). */
  memo: Map<Evaluator, { readonly root: XNode; readonly value: XPathValue }> | undefined;
}

export type Evaluator = (focus: Focus, run: Run) => XPathValue;

export class XPathError extends Error {
  override readonly name = 'XPathError';
}
