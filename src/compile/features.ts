/** Features of every module, enabled by the feature choice and their own if-features. */
import type { Statement } from '../parser/statement.ts';
import type { FeatureMeta } from '../meta/meta.ts';
import type { CompileState } from './compile-state.ts';
import { documented } from './documented.ts';
import { ifFeaturesHold } from './if-feature.ts';
import type { Mutable } from './mutable.ts';
import type { ParsedSource } from './parsed-source.ts';
import { argument, subs } from './statements.ts';

export const compileFeatures = (st: CompileState): void => {
  const origin = new Map<FeatureMeta, { stmt: Statement; source: ParsedSource; chosen: boolean }>();
  for (const [name, unit] of st.units) {
    const module = st.modules.get(name);
    if (module === undefined) continue;
    const choice = st.featureChoice.get(name);
    const features = module.features as Map<string, FeatureMeta>;
    for (const source of unit.sources) {
      for (const f of subs(source.stmt, 'feature')) {
        const fname = argument(f);
        if (features.has(fname)) {
          st.diag.error(f.loc, `duplicate feature "${fname}"`);
          continue;
        }
        const chosen = choice === undefined || choice.has(fname) || choice.has('*');
        const meta: Mutable<FeatureMeta> = { kind: 'feature', name: fname, module, enabled: chosen, ...documented(f, source, st) };
        features.set(fname, meta);
        origin.set(meta, { stmt: f, source, chosen });
      }
    }
  }
  const resolved = new Set<FeatureMeta>();
  const evaluating = new Set<FeatureMeta>();
  const state = (f: FeatureMeta): boolean => {
    if (resolved.has(f)) return f.enabled;
    const o = origin.get(f);
    if (o === undefined) return f.enabled;
    if (evaluating.has(f)) {
      st.diag.error(o.stmt.loc, `feature "${f.name}" depends on itself through if-feature`);
      return false;
    }
    evaluating.add(f);
    const enabled = o.chosen && ifFeaturesHold(o.stmt, o.source, st, state);
    evaluating.delete(f);
    (f as Mutable<FeatureMeta>).enabled = enabled;
    resolved.add(f);
    return enabled;
  };
  for (const f of origin.keys()) state(f);
};
