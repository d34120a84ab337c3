/** The shape of a library function, and helpers for checking its arguments. */
import type { XPathExpr } from '../../parser/expr/ast.ts';
import type { XPathScope } from '../xpath-context.ts';
import { XPathError, type Focus, type Run } from '../runtime.ts';
import { isNodeSet, type NodeSet, type XPathValue } from '../xpath-value.ts';

export interface XPathFunction {
  readonly minArgs: number;
  readonly maxArgs: number;
  /** Extra compile-time checks of the argument expressions; returns an error message. */
  readonly check?: (args: readonly XPathExpr[], scope: XPathScope) => string | undefined;
  readonly call: (args: readonly XPathValue[], focus: Focus, run: Run) => XPathValue;
}

/** The argument as a node-set, or an XPathError naming the function. */
export function nodeSetArg(fn: string, v: XPathValue | undefined): NodeSet {
  if (v !== undefined && isNodeSet(v)) return v;
  throw new XPathError(`${fn}() expects a node-set argument, got ${v === undefined ? 'nothing' : typeof v}`);
}

/** The optional node-set argument, else the context node (local-name(), name(), ...). */
export function nodeSetOrContext(fn: string, args: readonly XPathValue[], focus: Focus): NodeSet {
  return args.length === 0 ? [focus.node] : nodeSetArg(fn, args[0]);
}
