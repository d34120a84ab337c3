/**
 * Measures of an XPath expression that bound what it can cost to parse and
 * compile, checked before an expression a client sends is accepted (the
 * event-stream filter): how deeply its brackets nest (predicates, function
 * calls, parentheses: measured on the text, before parsing, since parsing
 * deep nesting is what costs) and how many steps its longest location path
 * has.
 */
import type { Step, XPathExpr } from '../parser/expr/ast.ts';

/** The deepest nesting of `(` and `[` outside string literals. */
export function bracketDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let quote: string | undefined;
  for (const c of text) {
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') deepest = Math.max(deepest, ++depth);
    else if (c === ')' || c === ']') depth--;
  }
  return deepest;
}

/** The number of steps of the longest location path, those in predicates and arguments included. */
export function longestPath(expr: XPathExpr): number {
  switch (expr.kind) {
    case 'literal': case 'number': case 'variable':
      return 0;
    case 'negate':
      return longestPath(expr.expr);
    case 'binary':
      return Math.max(longestPath(expr.left), longestPath(expr.right));
    case 'call':
      return Math.max(0, ...expr.args.map(longestPath));
    case 'path':
      return Math.max(expr.steps.length, ...expr.steps.map(inPredicates));
    case 'filter':
      return Math.max(longestPath(expr.primary), expr.steps.length, ...expr.predicates.map(longestPath), ...expr.steps.map(inPredicates));
  }
}

const inPredicates = (step: Step): number => Math.max(0, ...step.predicates.map(longestPath));
