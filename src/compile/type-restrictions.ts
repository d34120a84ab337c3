/** range, length, pattern, enum and bit statements applied on top of a base type. */
import { parseRange } from '../parser/expr/index.ts';
import type { RangeBound } from '../parser/expr/ast.ts';
import type { Statement } from '../parser/statement.ts';
import { parseDecimalLiteral, parseIntegerLiteral } from '../types/index.ts';
import type { BitMeta, EnumMeta, Interval, PatternMeta, Restriction, TypeMeta } from '../meta/meta.ts';
import type { CompileState } from './compile-state.ts';
import { statementStatus } from './documented.ts';
import { ifFeaturesHold } from './if-feature.ts';
import type { ParsedSource } from './parsed-source.ts';
import { argOf, argument, sub, subs } from './statements.ts';

const UINT64_MAX = (1n << 64n) - 1n;
export const FULL_LENGTH: readonly Interval[] = [{ min: 0n, max: UINT64_MAX }];

const bound = (b: RangeBound, base: readonly Interval[], fd: number | undefined): bigint | undefined => {
  if (b.kind === 'min') return base[0]?.min;
  if (b.kind === 'max') return base[base.length - 1]?.max;
  const r = fd === undefined ? parseIntegerLiteral(b.text, 'instance') : parseDecimalLiteral(b.text, fd, 'boundary');
  return r.ok ? r.value : undefined;
};

/** A range or length statement narrowing `base`; undefined (with errors) when invalid. */
export const restrictIntervals = (
  stmt: Statement,
  base: readonly Interval[],
  fd: number | undefined,
  st: CompileState,
): Restriction<readonly Interval[]> | undefined => {
  const text = argument(stmt);
  const parsed = parseRange(text);
  if (!parsed.ok) {
    st.diag.error(stmt.loc, `invalid ${stmt.keyword} "${text}": ${parsed.message}`);
    return undefined;
  }
  const out: Interval[] = [];
  for (const part of parsed.value) {
    const min = bound(part.lo, base, fd);
    const max = bound(part.hi, base, fd);
    if (min === undefined || max === undefined) {
      st.diag.error(stmt.loc, `invalid ${stmt.keyword} "${text}": bad number${fd === undefined ? '' : ` for fraction-digits ${fd}`}`);
      return undefined;
    }
    if (min > max) {
      st.diag.error(stmt.loc, `invalid ${stmt.keyword} "${text}": lower bound is above upper bound`);
      return undefined;
    }
    const prev = out[out.length - 1];
    if (prev !== undefined && min <= prev.max) {
      st.diag.error(stmt.loc, `invalid ${stmt.keyword} "${text}": parts must be disjoint and in ascending order`);
      return undefined;
    }
    if (!base.some((b) => b.min <= min && max <= b.max)) {
      st.diag.error(stmt.loc, `invalid ${stmt.keyword} "${text}": not within the base type's ${stmt.keyword}`);
      return undefined;
    }
    out.push({ min, max });
  }
  return { value: out, errorMessage: argOf(stmt, 'error-message'), errorAppTag: argOf(stmt, 'error-app-tag') };
};

export const patternOf = (stmt: Statement): PatternMeta => ({
  source: argument(stmt),
  invertMatch: argOf(stmt, 'modifier') === 'invert-match',
  errorMessage: argOf(stmt, 'error-message'),
  errorAppTag: argOf(stmt, 'error-app-tag'),
});

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const UINT32_MAX = 4294967295;

/** enum statements: a new enumeration, or a restriction of `base` (YANG 1.1). */
export const enumsOf = (
  stmt: Statement,
  base: TypeMeta['enums'],
  source: ParsedSource,
  st: CompileState,
): EnumMeta[] => numbered(stmt, 'enum', 'value', INT32_MIN, INT32_MAX, base?.map((e) => ({ ...e, n: e.value })), source, st)
  .map(({ name, n, description, status }) => ({ name, value: n, description, status }));

export const bitsOf = (
  stmt: Statement,
  base: TypeMeta['bits'],
  source: ParsedSource,
  st: CompileState,
): BitMeta[] => numbered(stmt, 'bit', 'position', 0, UINT32_MAX, base?.map((b) => ({ ...b, n: b.position })), source, st)
  .map(({ name, n, description, status }) => ({ name, position: n, description, status }));

interface Numbered {
  readonly name: string;
  readonly n: number;
  readonly description: string | undefined;
  readonly status: EnumMeta['status'];
}

const numbered = (
  stmt: Statement,
  keyword: 'enum' | 'bit',
  numberKw: 'value' | 'position',
  lo: number,
  hi: number,
  base: readonly Numbered[] | undefined,
  source: ParsedSource,
  st: CompileState,
): Numbered[] => {
  const out: Numbered[] = [];
  let next = 0;
  let highest: number | undefined;
  for (const e of subs(stmt, keyword)) {
    const name = argument(e);
    if (name === '' || name.trim() !== name) st.diag.error(e.loc, `${keyword} name "${name}" is empty or has surrounding white space`);
    if (out.some((o) => o.name === name)) {
      st.diag.error(e.loc, `duplicate ${keyword} "${name}"`);
      continue;
    }
    const numStmt = sub(e, numberKw);
    let n: number;
    const inBase = base?.find((b) => b.name === name);
    if (base !== undefined && inBase === undefined) {
      st.diag.error(e.loc, `${keyword} "${name}" is not in the base type`);
      continue;
    }
    if (numStmt !== undefined) {
      const v = Number(argument(numStmt));
      if (!Number.isInteger(v) || v < lo || v > hi || !/^-?\d+$/.test(argument(numStmt))) {
        st.diag.error(numStmt.loc, `invalid ${numberKw} "${argument(numStmt)}" of ${keyword} "${name}"`);
        continue;
      }
      if (inBase !== undefined && inBase.n !== v) {
        st.diag.error(numStmt.loc, `${numberKw} ${v} of ${keyword} "${name}" differs from the base type's ${inBase.n}`);
        continue;
      }
      n = v;
    } else if (inBase !== undefined) {
      n = inBase.n;
    } else {
      if (next > hi) {
        st.diag.error(e.loc, `no ${numberKw} left for ${keyword} "${name}"`);
        continue;
      }
      n = next;
    }
    if (out.some((o) => o.n === n)) {
      st.diag.error(e.loc, `duplicate ${numberKw} ${n} for ${keyword} "${name}"`);
      continue;
    }
    highest = highest === undefined ? n : Math.max(highest, n);
    next = highest + 1;
    if (!ifFeaturesHold(e, source, st)) continue;
    out.push({ name, n, description: argOf(e, 'description'), status: statementStatus(e, st) });
  }
  return out;
};
