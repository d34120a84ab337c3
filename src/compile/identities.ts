/** Identities of every module and their derivation graph (RFC 7950 §7.18). */
import type { Statement } from '../parser/statement.ts';
import type { IdentityMeta } from '../meta/meta.ts';
import type { CompileState } from './compile-state.ts';
import { documented } from './documented.ts';
import { ifFeaturesHold } from './if-feature.ts';
import type { Mutable } from './mutable.ts';
import type { ParsedSource } from './parsed-source.ts';
import { argument, subs } from './statements.ts';

export const compileIdentities = (st: CompileState): void => {
  const pending: { meta: Mutable<IdentityMeta>; stmt: Statement; source: ParsedSource }[] = [];
  for (const [name, unit] of st.units) {
    const module = st.modules.get(name);
    if (module === undefined) continue;
    const identities = module.identities as Map<string, IdentityMeta>;
    for (const source of unit.sources) {
      for (const i of subs(source.stmt, 'identity')) {
        const iname = argument(i);
        if (identities.has(iname)) {
          st.diag.error(i.loc, `duplicate identity "${iname}"`);
          continue;
        }
        if (!ifFeaturesHold(i, source, st)) continue;
        const meta: Mutable<IdentityMeta> = { kind: 'identity', name: iname, module, bases: [], derived: [], ...documented(i, source, st) };
        identities.set(iname, meta);
        pending.push({ meta, stmt: i, source });
      }
    }
  }
  for (const { meta, stmt, source } of pending) {
    for (const b of subs(stmt, 'base')) {
      const base = st.identity(argument(b), source, b);
      if (base === undefined) {
        st.diag.error(b.loc, `unknown base identity "${argument(b)}" of identity "${meta.name}"`);
        continue;
      }
      meta.bases.push(base);
      (base as Mutable<IdentityMeta>).derived.push(meta);
    }
  }
  for (const { meta, stmt } of pending) {
    if (derivesFrom(meta, meta, new Set())) st.diag.error(stmt.loc, `identity "${meta.name}" is derived from itself`);
  }
};

const derivesFrom = (id: IdentityMeta, target: IdentityMeta, seen: Set<IdentityMeta>): boolean => {
  for (const b of id.bases) {
    if (b === target) return true;
    if (seen.has(b)) continue;
    seen.add(b);
    if (derivesFrom(b, target, seen)) return true;
  }
  return false;
};
