/**
 * The compiler's entry point: modules (by file or name) and a search path in,
 * a SchemaContext and every diagnostic out. It never throws on bad input.
 */
import type { YangDiagnostic } from '../parser/statement.ts';
import type { ModuleMeta, SchemaContext } from '../meta/meta.ts';
import { checkKeywords } from './check-keywords.ts';
import { checkNames } from './check-names.ts';
import { compileBody } from './compile-body.ts';
import { CompileState, type FeatureChoice } from './compile-state.ts';
import { compileType } from './compile-type.ts';
import { applyDeviations } from './deviation.ts';
import { extensionUses } from './documented.ts';
import { Diagnostics } from './diagnostics.ts';
import { compileFeatures } from './features.ts';
import { compileIdentities } from './identities.ts';
import { SourceLoader, type ModuleRequest } from './load-sources.ts';
import { createModuleShell } from './module-shell.ts';
import { ModuleSearch } from './module-search.ts';
import { sub } from './statements.ts';
import { applyTopLevelAugments } from './top-level-augments.ts';
import { checkDefaults } from './check-defaults.ts';

export interface CompileOptions {
  /** Directories searched for imports and includes (and for modules given by name). */
  readonly searchPath: readonly string[];
  readonly modules: readonly ModuleRequest[];
  /** Enabled features per module; modules not listed have every feature enabled. */
  readonly features?: FeatureChoice;
}

export interface CompileResult {
  readonly ok: boolean;
  readonly context: SchemaContext;
  readonly diagnostics: readonly YangDiagnostic[];
}

/** A module that an implemented module augments or deviates is implemented too (RFC 7950 §5.6.5). */
const implementTargets = (modules: Iterable<{ implemented: boolean; augmentedBy: readonly string[]; deviatedBy: readonly string[]; name: string }>): void => {
  const all = [...modules];
  const byName = new Map(all.map((m) => [m.name, m]));
  let changed = true;
  while (changed) {
    changed = false;
    for (const m of all) {
      if (m.implemented) continue;
      if ([...m.augmentedBy, ...m.deviatedBy].some((n) => byName.get(n)?.implemented === true)) {
        m.implemented = true;
        changed = true;
      }
    }
  }
};

export const compileSchema = (options: CompileOptions): CompileResult => {
  const diag = new Diagnostics();
  const loaded = new SourceLoader(new ModuleSearch(options.searchPath), diag).load(options.modules);
  const st = new CompileState(diag, loaded.units, options.features ?? new Map());
  for (const [name, unit] of loaded.units) {
    st.modules.set(name, createModuleShell(unit, loaded.requested.includes(name), st));
    for (const source of unit.sources) checkKeywords(source.stmt, diag);
  }
  for (const [name, unit] of loaded.units) {
    const m = st.modules.get(name);
    if (m !== undefined) m.extensions = extensionUses(unit.main.stmt, unit.main, st);
  }
  compileFeatures(st);
  compileIdentities(st);
  for (const [name, unit] of loaded.units) {
    const ns = st.modules.get(name);
    if (ns === undefined) continue;
    for (const source of unit.sources) {
      const scope = st.topScope(source);
      compileBody(source.stmt, {
        st, scope, ns, parent: undefined, config: true, inOperation: false, topLevel: true, groupings: [], groupingsHere: [],
      }, { children: ns.children, actions: [], notifications: ns.notifications, rpcs: ns.rpcs });
      for (const def of scope.typedefs.values()) {
        const t = sub(def.stmt, 'type');
        if (t !== undefined && def.scope.source === source) compileType(t, def.scope, st);
      }
    }
  }
  applyTopLevelAugments(st);
  applyDeviations(st);
  implementTargets(st.modules.values());
  st.completeTree();
  checkNames(st.modules.values(), diag);
  checkDefaults(st.modules.values() as Iterable<ModuleMeta>, st);
  const modules: ReadonlyMap<string, ModuleMeta> = st.modules;
  return { ok: diag.errorCount === 0, context: { modules }, diagnostics: diag.list };
};
