/**
 * libyang compatibility: a comparison of a node-set with a bare literal that
 * names an identity of the module the expression is written in
 * (`../config/type = 'ACL_IPV4'`, common in OpenConfig) also matches the
 * identity's value (`openconfig-acl:ACL_IPV4`). RFC 7950 would have the
 * literal carry a prefix; libyang accepts it with a warning, and modules rely
 * on it. The expression is rewritten once, before it is compiled:
 * `p = 'X'` → `p = 'X' or p = 'm:X'`, `p != 'X'` → `p != 'X' and p != 'm:X'`.
 */
import type { Step, XPathExpr } from '../parser/expr/ast.ts';
import type { SchemaContext, XPathMeta } from '../meta/meta.ts';

const BARE = /^[A-Za-z_][\w.-]*$/;

const isNodeSetExpr = (e: XPathExpr): boolean => e.kind === 'path' || e.kind === 'filter';

function rewriteSteps(steps: readonly Step[], f: (e: XPathExpr) => XPathExpr): readonly Step[] {
  let changed = false;
  const out = steps.map((s) => {
    const predicates = s.predicates.map(f);
    if (predicates.every((p, i) => p === s.predicates[i])) return s;
    changed = true;
    return { ...s, predicates };
  });
  return changed ? out : steps;
}

/** The expression with bare identity literals widened; the same object when there is none. */
export function widenBareIdentities(x: XPathMeta, schema: SchemaContext): XPathExpr {
  const module = schema.modules.get(x.prefixes.get('') ?? x.defaultModule);
  if (module === undefined || module.identities.size === 0) return x.expr;
  const qualified = (e: XPathExpr): string | undefined =>
    e.kind === 'literal' && BARE.test(e.value) && module.identities.has(e.value) ? `${module.name}:${e.value}` : undefined;
  const f = (e: XPathExpr): XPathExpr => {
    switch (e.kind) {
      case 'binary': {
        const left = f(e.left);
        const right = f(e.right);
        if (e.op === '=' || e.op === '!=') {
          const other = isNodeSetExpr(left) ? left : isNodeSetExpr(right) ? right : undefined;
          const name = other === left ? qualified(right) : other === right ? qualified(left) : undefined;
          if (other !== undefined && name !== undefined) {
            const alt: XPathExpr = { kind: 'binary', op: e.op, left: other, right: { kind: 'literal', value: name } };
            return { kind: 'binary', op: e.op === '=' ? 'or' : 'and', left: { ...e, left, right }, right: alt };
          }
        }
        return left === e.left && right === e.right ? e : { ...e, left, right };
      }
      case 'negate': {
        const inner = f(e.expr);
        return inner === e.expr ? e : { ...e, expr: inner };
      }
      case 'path': {
        const steps = rewriteSteps(e.steps, f);
        return steps === e.steps ? e : { ...e, steps };
      }
      case 'filter': {
        const primary = f(e.primary);
        const predicates = e.predicates.map(f);
        const steps = rewriteSteps(e.steps, f);
        const same = primary === e.primary && steps === e.steps && predicates.every((p, i) => p === e.predicates[i]);
        return same ? e : { ...e, primary, predicates, steps };
      }
      case 'call': {
        const args = e.args.map(f);
        return args.every((a, i) => a === e.args[i]) ? e : { ...e, args };
      }
      default:
        return e;
    }
  };
  return f(x.expr);
}
