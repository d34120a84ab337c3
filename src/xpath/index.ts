/**
 * XPath 1.0 for YANG (RFC 7950 §6.4): when, must, leafref checks and the
 * RESTCONF stream filter (RFC 8040 §4.8.4).
 */
export type { XNode, XNodeKind } from './x-node.ts';
export { rootOf } from './x-node.ts';
export { jsonXNode } from './json-x-node.ts';
export type { NodeSet, XPathResult, XPathValue } from './xpath-value.ts';
export { isNodeSet } from './xpath-value.ts';
export type { XPathContext, XPathFocus, XPathScope, YangFunctions } from './xpath-context.ts';
export { compileXPath, type CompiledXPath, type CompileXPathOptions } from './compile-xpath.ts';
export { DEFAULT_MAX_STEPS, XPathBudget, XPathBudgetExceeded } from './budget.ts';
export { bracketDepth, longestPath } from './expr-limits.ts';
export { evaluateXPath, evaluateXPathBoolean } from './evaluate.ts';
export { DocumentOrder } from './document-order.ts';
export { nodeStringValue } from './string-value.ts';
export { xpathBoolean } from './xpath-boolean.ts';
export { xpathNumber } from './xpath-number.ts';
export { xpathString } from './xpath-string.ts';
export { formatNumber } from './format-number.ts';
export { parseNumber } from './parse-number.ts';
