/**
 * Type statements to TypeMeta: built-in types, typedef chains (each typedef
 * compiled once), and the restrictions a derivation may add.
 */
import type { Statement } from '../parser/statement.ts';
import { INTEGER_RANGES, decimal64Range } from '../types/index.ts';
import type { BuiltinTypeName, IntegerTypeName, TypeMeta } from '../meta/meta.ts';
import type { CompileState } from './compile-state.ts';
import type { Mutable } from './mutable.ts';
import { isBuiltinType, splitQName, type Definition, type Scope } from './scope.ts';
import { argOf, argument, sub, subs } from './statements.ts';
import { FULL_LENGTH, bitsOf, enumsOf, patternOf, restrictIntervals } from './type-restrictions.ts';
import { xpathMeta } from './xpath-meta.ts';

const INTEGER = new Set<string>(['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64']);
const isInteger = (b: BuiltinTypeName): b is IntegerTypeName => INTEGER.has(b);

const ALLOWED: Record<string, ReadonlySet<BuiltinTypeName>> = {
  range: new Set<BuiltinTypeName>([...INTEGER as Set<BuiltinTypeName>, 'decimal64']),
  length: new Set<BuiltinTypeName>(['string', 'binary']),
  pattern: new Set<BuiltinTypeName>(['string']),
  enum: new Set<BuiltinTypeName>(['enumeration']),
  bit: new Set<BuiltinTypeName>(['bits']),
  'fraction-digits': new Set<BuiltinTypeName>(['decimal64']),
  base: new Set<BuiltinTypeName>(['identityref']),
  path: new Set<BuiltinTypeName>(['leafref']),
  'require-instance': new Set<BuiltinTypeName>(['leafref', 'instance-identifier']),
  type: new Set<BuiltinTypeName>(['union']),
};

const builtin = (base: BuiltinTypeName, scope: Scope): Mutable<TypeMeta> => ({
  base,
  typedef: undefined,
  range: isInteger(base) ? { value: [INTEGER_RANGES[base]], errorMessage: undefined, errorAppTag: undefined } : undefined,
  length: undefined,
  patterns: [],
  fractionDigits: undefined,
  enums: undefined,
  bits: undefined,
  bases: undefined,
  path: undefined,
  target: undefined,
  requireInstance: true,
  members: undefined,
  default: undefined,
  units: undefined,
  prefixes: scope.source.prefixes,
});

/** Placeholder that lets compilation go on after an error. */
const fallback = (scope: Scope): TypeMeta => builtin('string', scope);

const typedefType = (def: Definition, st: CompileState): TypeMeta => {
  const cached = st.typedefTypes.get(def.stmt);
  if (cached !== undefined) return cached;
  const typeStmt = sub(def.stmt, 'type');
  if (typeStmt === undefined) {
    st.diag.error(def.stmt.loc, `typedef "${argument(def.stmt)}" has no type`);
    return fallback(def.scope);
  }
  if (st.typedefsResolving.has(def.stmt)) {
    st.diag.error(def.stmt.loc, `typedef "${argument(def.stmt)}" is defined in terms of itself`);
    return fallback(def.scope);
  }
  st.typedefsResolving.add(def.stmt);
  const t = { ...compileType(typeStmt, def.scope, st) } as Mutable<TypeMeta>;
  st.typedefsResolving.delete(def.stmt);
  t.typedef = { module: def.scope.unit.main.name, name: argument(def.stmt) };
  const dflt = argOf(def.stmt, 'default');
  if (dflt !== undefined) {
    t.default = dflt;
    t.prefixes = def.scope.source.prefixes;
  }
  t.units = argOf(def.stmt, 'units') ?? t.units;
  st.typedefTypes.set(def.stmt, t);
  return t;
};

/** Compiles a `type` statement written in `scope`. Never fails: errors are reported and a fallback is used. */
export const compileType = (stmt: Statement, scope: Scope, st: CompileState): TypeMeta => {
  const name = argument(stmt);
  const direct = splitQName(name).prefix === undefined && isBuiltinType(name);
  let t: Mutable<TypeMeta>;
  if (direct) {
    t = builtin(name as BuiltinTypeName, scope);
  } else {
    const def = st.typedef(name, scope, stmt);
    if (def === undefined) {
      st.diag.error(stmt.loc, `unknown type "${name}"`);
      return fallback(scope);
    }
    t = { ...typedefType(def, st) } as Mutable<TypeMeta>;
  }
  if (stmt.substatements.length === 0) return t;
  restrict(t, stmt, direct, scope, st);
  return t;
};

const restrict = (t: Mutable<TypeMeta>, stmt: Statement, direct: boolean, scope: Scope, st: CompileState): void => {
  const src = scope.source;
  for (const c of stmt.substatements) {
    if (c.prefix !== undefined) continue;
    const allowed = ALLOWED[c.keyword];
    if (allowed === undefined) {
      st.diag.error(c.loc, `unexpected "${c.keyword}" in type "${argument(stmt)}"`);
    } else if (!allowed.has(t.base)) {
      st.diag.error(c.loc, `"${c.keyword}" is not allowed for type "${argument(stmt)}" (based on ${t.base})`);
    } else if (!direct && (c.keyword === 'fraction-digits' || c.keyword === 'base' || c.keyword === 'path' || c.keyword === 'type')) {
      st.diag.error(c.loc, `"${c.keyword}" can only be given with the built-in type ${t.base}, not with the derived type "${argument(stmt)}"`);
    }
  }
  if (t.base === 'decimal64' && direct) {
    const fd = Number(argOf(stmt, 'fraction-digits'));
    if (!Number.isInteger(fd) || fd < 1 || fd > 18) {
      st.diag.error(stmt.loc, `decimal64 needs fraction-digits between 1 and 18`);
    } else {
      t.fractionDigits = fd;
      t.range = { value: [decimal64Range(fd)], errorMessage: undefined, errorAppTag: undefined };
    }
  }
  const range = sub(stmt, 'range');
  if (range !== undefined && t.range !== undefined) t.range = restrictIntervals(range, t.range.value, t.base === 'decimal64' ? t.fractionDigits : undefined, st) ?? t.range;
  const length = sub(stmt, 'length');
  if (length !== undefined && (t.base === 'string' || t.base === 'binary')) {
    t.length = restrictIntervals(length, t.length?.value ?? FULL_LENGTH, undefined, st) ?? t.length;
  }
  const patterns = subs(stmt, 'pattern');
  if (patterns.length > 0 && t.base === 'string') t.patterns = [...t.patterns, ...patterns.map(patternOf)];
  if (t.base === 'enumeration' && (direct || sub(stmt, 'enum') !== undefined)) {
    t.enums = enumsOf(stmt, direct ? undefined : t.enums, src, st);
    if (direct && subs(stmt, 'enum').length === 0) st.diag.error(stmt.loc, `enumeration needs at least one enum`);
  }
  if (t.base === 'bits' && (direct || sub(stmt, 'bit') !== undefined)) {
    t.bits = bitsOf(stmt, direct ? undefined : t.bits, src, st);
    if (direct && subs(stmt, 'bit').length === 0) st.diag.error(stmt.loc, `bits needs at least one bit`);
  }
  if (t.base === 'identityref' && direct) {
    const bases = subs(stmt, 'base');
    if (bases.length === 0) st.diag.error(stmt.loc, `identityref needs a base`);
    t.bases = bases.flatMap((b) => {
      const id = st.identity(argument(b), src, b);
      if (id === undefined) st.diag.error(b.loc, `unknown identity "${argument(b)}"`);
      return id === undefined ? [] : [id];
    });
  }
  if (t.base === 'leafref' && direct) {
    const path = sub(stmt, 'path');
    if (path === undefined) st.diag.error(stmt.loc, `leafref needs a path`);
    else t.path = xpathMeta(path, src, scope.unit.main.name, st);
  }
  const ri = argOf(stmt, 'require-instance');
  if (ri !== undefined) {
    if (ri !== 'true' && ri !== 'false') st.diag.error(stmt.loc, `require-instance must be true or false, not "${ri}"`);
    t.requireInstance = ri !== 'false';
  }
  if (t.base === 'union' && direct) {
    const members = subs(stmt, 'type');
    if (members.length === 0) st.diag.error(stmt.loc, `union needs at least one member type`);
    t.members = members.map((m) => compileType(m, scope, st));
  }
};
