/**
 * Identity literals in equality tests. `../type = 'ianaift:ethernetCsmacd'`
 * is written with the module's prefixes, but leaf values hold the canonical
 * "module:identity" form (RFC 7951 §6.8). When one side of `=` or `!=` is a
 * literal "p:name" whose prefix resolves to a module other than "p", the
 * literal also matches "module:name".
 */
import type { XPathExpr } from '../parser/expr/ast.ts';
import { compareAtoms } from './compare.ts';
import type { Evaluator } from './runtime.ts';
import { nodeStringValue } from './string-value.ts';
import type { XPathScope } from './xpath-context.ts';
import { isNodeSet } from './xpath-value.ts';

/** The canonical spelling of a prefixed literal, when it differs from the literal. */
export function canonicalIdentity(expr: XPathExpr, scope: XPathScope): string | undefined {
  if (expr.kind !== 'literal') return undefined;
  const m = /^([A-Za-z_][\w.-]*):([A-Za-z_][\w.-]*)$/.exec(expr.value);
  if (m === null) return undefined;
  const module = scope.prefixes.get(m[1] as string);
  return module === undefined || module === m[1] ? undefined : `${module}:${m[2]}`;
}

/** `other op literal` where the literal has two spellings. */
export function compareWithIdentity(op: '=' | '!=', other: Evaluator, spellings: readonly [string, string]): Evaluator {
  const [a, b] = spellings;
  return (focus, run) => {
    const v = other(focus, run);
    if (isNodeSet(v)) {
      run.budget.spend(v.length);
      return op === '='
        ? v.some((n) => { const s = nodeStringValue(n, run.budget); return s === a || s === b; })
        : v.some((n) => { const s = nodeStringValue(n, run.budget); return s !== a && s !== b; });
    }
    const equal = compareAtoms('=', v, a) || compareAtoms('=', v, b);
    return op === '=' ? equal : !equal;
  };
}
