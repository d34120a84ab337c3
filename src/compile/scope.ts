/**
 * Lexical scopes for typedef and grouping lookups (RFC 7950 §5.5): a name is
 * looked up from the innermost statement outwards, then among the top-level
 * definitions of the module and all its submodules. A prefixed name of
 * another module is looked up among that module's top-level definitions.
 */
import type { Statement } from '../parser/statement.ts';
import type { Diagnostics } from './diagnostics.ts';
import type { ModuleUnit } from './load-sources.ts';
import type { ParsedSource } from './parsed-source.ts';
import { argument, subs } from './statements.ts';

export interface Definition {
  readonly stmt: Statement;
  /** The scope the definition's own body is resolved in. */
  readonly scope: Scope;
}

export interface Scope {
  /** The file the text in this scope was written in (its prefixes apply). */
  readonly source: ParsedSource;
  readonly unit: ModuleUnit;
  readonly parent: Scope | undefined;
  readonly typedefs: ReadonlyMap<string, Definition>;
  readonly groupings: ReadonlyMap<string, Definition>;
}

const BUILTIN = new Set([
  'binary', 'bits', 'boolean', 'decimal64', 'empty', 'enumeration', 'identityref', 'instance-identifier',
  'int8', 'int16', 'int32', 'int64', 'leafref', 'string', 'uint8', 'uint16', 'uint32', 'uint64', 'union',
]);
export const isBuiltinType = (name: string): boolean => BUILTIN.has(name);

const collect = (
  stmt: Statement,
  keyword: 'typedef' | 'grouping',
  into: Map<string, Definition>,
  scope: Scope,
  diag: Diagnostics,
): void => {
  for (const d of subs(stmt, keyword)) {
    const name = argument(d);
    if (keyword === 'typedef' && isBuiltinType(name)) {
      diag.error(d.loc, `typedef "${name}" has the name of a built-in type`);
      continue;
    }
    const prior = into.get(name);
    if (prior !== undefined) {
      const at = prior.stmt.loc;
      diag.error(d.loc, `duplicate ${keyword} "${name}" (first defined at ${at.file}:${at.line}:${at.col})`);
      continue;
    }
    into.set(name, { stmt: d, scope });
  }
};

/** The top-level scopes of a module and its submodules, sharing one set of definitions. */
export const unitScopes = (unit: ModuleUnit, diag: Diagnostics): Map<ParsedSource, Scope> => {
  const typedefs = new Map<string, Definition>();
  const groupings = new Map<string, Definition>();
  const scopes = new Map<ParsedSource, Scope>();
  for (const source of unit.sources) scopes.set(source, { source, unit, parent: undefined, typedefs, groupings });
  for (const [source, scope] of scopes) {
    collect(source.stmt, 'typedef', typedefs, scope, diag);
    collect(source.stmt, 'grouping', groupings, scope, diag);
  }
  return scopes;
};

const scopeCache = new WeakMap<Statement, WeakMap<Scope, Scope>>();

/** The scope inside `stmt` (a new one only when it defines typedefs or groupings). */
export const enterScope = (scope: Scope, stmt: Statement, diag: Diagnostics): Scope => {
  let has = false;
  for (const c of stmt.substatements) {
    if ((c.keyword === 'typedef' || c.keyword === 'grouping') && c.prefix === undefined) {
      has = true;
      break;
    }
  }
  if (!has) return scope;
  let byParent = scopeCache.get(stmt);
  const cached = byParent?.get(scope);
  if (cached !== undefined) return cached;
  const typedefs = new Map<string, Definition>();
  const groupings = new Map<string, Definition>();
  const inner: Scope = { source: scope.source, unit: scope.unit, parent: scope, typedefs, groupings };
  collect(stmt, 'typedef', typedefs, inner, diag);
  collect(stmt, 'grouping', groupings, inner, diag);
  if (byParent === undefined) {
    byParent = new WeakMap();
    scopeCache.set(stmt, byParent);
  }
  byParent.set(scope, inner);
  return inner;
};

export const splitQName = (qname: string): { prefix: string | undefined; name: string } => {
  const i = qname.indexOf(':');
  return i < 0 ? { prefix: undefined, name: qname } : { prefix: qname.slice(0, i), name: qname.slice(i + 1) };
};
