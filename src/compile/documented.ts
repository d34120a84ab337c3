/** description / reference / status and extension uses, common to every definition. */
import type { Statement } from '../parser/statement.ts';
import type { Documented, ExtensionUse, Status } from '../meta/meta.ts';
import type { CompileState } from './compile-state.ts';
import type { Mutable } from './mutable.ts';
import type { ParsedSource } from './parsed-source.ts';
import { argOf } from './statements.ts';

export const statementStatus = (stmt: Statement, st: CompileState): Status => {
  const s = argOf(stmt, 'status');
  if (s === undefined || s === 'current') return 'current';
  if (s === 'deprecated' || s === 'obsolete') return s;
  st.diag.error(stmt.loc, `invalid status "${s}" (expected current, deprecated or obsolete)`);
  return 'current';
};

export const extensionUses = (stmt: Statement, source: ParsedSource, st: CompileState): ExtensionUse[] => {
  const out: ExtensionUse[] = [];
  for (const c of stmt.substatements) {
    if (c.prefix === undefined) continue;
    const module = source.prefixes.get(c.prefix);
    if (module === undefined) {
      st.diag.error(c.loc, `unknown prefix "${c.prefix}" in extension "${c.prefix}:${c.keyword}"`);
      continue;
    }
    const def = st.modules.get(module);
    if (def !== undefined && !def.extensionDefs.has(c.keyword)) {
      st.diag.error(c.loc, `extension "${c.keyword}" is not defined in module "${module}"`);
      continue;
    }
    out.push({ module, name: c.keyword, arg: c.arg, statement: c });
  }
  return out;
};

export const documented = (stmt: Statement, source: ParsedSource, st: CompileState): Mutable<Documented> => ({
  description: argOf(stmt, 'description'),
  reference: argOf(stmt, 'reference'),
  status: statementStatus(stmt, st),
  extensions: extensionUses(stmt, source, st),
  ifFeatures: stmt.substatements.flatMap((c) => (c.keyword === 'if-feature' && c.prefix === undefined && c.arg !== undefined ? [c.arg] : [])),
  loc: stmt.loc,
});
