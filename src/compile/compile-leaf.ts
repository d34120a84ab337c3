/** leaf and leaf-list definitions. */
import type { Statement } from '../parser/statement.ts';
import type { LeafListMeta, LeafMeta, TypeMeta } from '../meta/meta.ts';
import { compileType } from './compile-type.ts';
import { bindLeafrefs, hasLeafref } from './leafref.ts';
import type { Mutable } from './mutable.ts';
import { booleanArg, elementsArg, nodeBase, orderedByArg, type NodeContext } from './node-context.ts';
import { argOf, argument, sub, subs } from './statements.ts';

const typeOf = (stmt: Statement, ctx: NodeContext): TypeMeta => {
  const t = sub(stmt, 'type');
  if (t !== undefined) return compileType(t, ctx.scope, ctx.st);
  ctx.st.diag.error(stmt.loc, `${stmt.keyword} "${argument(stmt)}" has no type`);
  return compileType({ ...stmt, keyword: 'type', arg: 'string', substatements: [] }, ctx.scope, ctx.st);
};

export const compileLeaf = (stmt: Statement, ctx: NodeContext): LeafMeta => {
  const type = typeOf(stmt, ctx);
  const own = argOf(stmt, 'default');
  const mandatory = booleanArg(stmt, 'mandatory', ctx);
  if (own !== undefined && mandatory) ctx.st.diag.error(stmt.loc, `leaf "${argument(stmt)}" has both a default and mandatory true`);
  const node: Mutable<LeafMeta> = {
    ...nodeBase('leaf', stmt, ctx),
    type,
    default: own ?? type.default,
    defaultPrefixes: own !== undefined ? ctx.scope.source.prefixes : type.prefixes,
    mandatory,
    units: argOf(stmt, 'units') ?? type.units,
    isKey: false,
  };
  if (hasLeafref(type)) ctx.st.defer(() => bindLeafrefs(node, ctx.st));
  return node;
};

export const compileLeafList = (stmt: Statement, ctx: NodeContext): LeafListMeta => {
  const type = typeOf(stmt, ctx);
  const own = subs(stmt, 'default').map(argument);
  const { min, max } = elementsArg(stmt, ctx);
  if (own.length > 0 && min > 0) ctx.st.diag.error(stmt.loc, `leaf-list "${argument(stmt)}" has defaults and min-elements ${min}`);
  const node: Mutable<LeafListMeta> = {
    ...nodeBase('leaf-list', stmt, ctx),
    type,
    defaults: own.length > 0 ? own : type.default !== undefined && min === 0 ? [type.default] : [],
    defaultPrefixes: own.length > 0 ? ctx.scope.source.prefixes : type.prefixes,
    minElements: min,
    maxElements: max,
    orderedBy: orderedByArg(stmt, ctx),
    units: argOf(stmt, 'units') ?? type.units,
  };
  if (hasLeafref(type)) ctx.st.defer(() => bindLeafrefs(node, ctx.st));
  return node;
};
