/** Evaluation of if-feature statements (RFC 7950 §7.20.2). */
import type { IfFeatureExpr } from '../parser/expr/ast.ts';
import { parseIfFeature } from '../parser/expr/index.ts';
import type { Statement } from '../parser/statement.ts';
import type { FeatureMeta } from '../meta/meta.ts';
import type { CompileState } from './compile-state.ts';
import type { ParsedSource } from './parsed-source.ts';
import { subs } from './statements.ts';

const parsed = new Map<string, IfFeatureExpr | undefined>();

const parse = (text: string, at: Statement, st: CompileState): IfFeatureExpr | undefined => {
  if (parsed.has(text)) return parsed.get(text);
  const r = parseIfFeature(text);
  const expr = r.ok ? r.value : undefined;
  if (!r.ok) st.diag.error(at.loc, `invalid if-feature expression "${text}": ${r.message}`);
  parsed.set(text, expr);
  return expr;
};

export type FeatureState = (f: FeatureMeta) => boolean;

const evaluate = (e: IfFeatureExpr, at: Statement, source: ParsedSource, st: CompileState, state: FeatureState): boolean => {
  switch (e.kind) {
    case 'feature': {
      const qname = e.prefix === undefined ? e.name : `${e.prefix}:${e.name}`;
      const f = st.feature(qname, source, at);
      if (f === undefined) {
        st.diag.error(at.loc, `unknown feature "${qname}"`);
        return false;
      }
      return state(f);
    }
    case 'not':
      return !evaluate(e.expr, at, source, st, state);
    case 'and':
      return evaluate(e.left, at, source, st, state) && evaluate(e.right, at, source, st, state);
    case 'or':
      return evaluate(e.left, at, source, st, state) || evaluate(e.right, at, source, st, state);
  }
};

/** True when every if-feature of `stmt` holds (a statement without any always holds). */
export const ifFeaturesHold = (
  stmt: Statement,
  source: ParsedSource,
  st: CompileState,
  state: FeatureState = (f) => f.enabled,
): boolean => {
  for (const i of subs(stmt, 'if-feature')) {
    const expr = parse(i.arg ?? '', i, st);
    if (expr === undefined || !evaluate(expr, i, source, st, state)) return false;
  }
  return true;
};
