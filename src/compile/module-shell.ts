/** The ModuleMeta of each loaded module, before features, identities and data are compiled. */
import type { ExtensionDefMeta, ModuleMeta } from '../meta/meta.ts';
import type { CompileState } from './compile-state.ts';
import type { ModuleUnit } from './load-sources.ts';
import type { Mutable } from './mutable.ts';
import { argOf, argument, sub, subs } from './statements.ts';

export const createModuleShell = (unit: ModuleUnit, implemented: boolean, st: CompileState): Mutable<ModuleMeta> => {
  const m = unit.main;
  const stmt = m.stmt;
  if (sub(stmt, 'namespace') === undefined) st.diag.error(stmt.loc, `module "${m.name}" has no namespace`);
  if (sub(stmt, 'prefix') === undefined) st.diag.error(stmt.loc, `module "${m.name}" has no prefix`);
  const extensionDefs = new Map<string, ExtensionDefMeta>();
  for (const source of unit.sources) {
    for (const e of subs(source.stmt, 'extension')) {
      const arg = sub(e, 'argument');
      extensionDefs.set(argument(e), {
        kind: 'extension',
        name: argument(e),
        argument: arg?.arg,
        description: argOf(e, 'description'),
        reference: argOf(e, 'reference'),
        status: 'current',
        extensions: [],
        ifFeatures: [],
        loc: e.loc,
      });
    }
  }
  return {
    kind: 'module',
    name: m.name,
    prefix: m.prefix,
    namespace: argOf(stmt, 'namespace') ?? '',
    yangVersion: m.yangVersion,
    revision: m.revision,
    revisions: subs(stmt, 'revision')
      .map((r) => ({ date: argument(r), description: argOf(r, 'description') }))
      .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)),
    organization: argOf(stmt, 'organization'),
    contact: argOf(stmt, 'contact'),
    description: argOf(stmt, 'description'),
    reference: argOf(stmt, 'reference'),
    status: 'current',
    extensions: [],
    ifFeatures: [],
    loc: stmt.loc,
    prefixes: m.prefixes,
    imports: m.imports.map((i) => ({ module: i.module, prefix: i.prefix, revision: i.revision })),
    submodules: unit.sources.slice(1).map((s) => ({ name: s.name, revision: s.revision, file: s.file })),
    features: new Map(),
    identities: new Map(),
    extensionDefs,
    children: [],
    rpcs: [],
    notifications: [],
    deviatedBy: [],
    augmentedBy: [],
    implemented,
    file: m.file,
    source: m.text,
  };
};
