/** choice and case definitions, shorthand cases included. */
import type { Statement } from '../parser/statement.ts';
import type { CaseMeta, ChoiceMeta } from '../meta/meta.ts';
import { compileDataDef, fillChildren } from './compile-body.ts';
import { ifFeaturesHold } from './if-feature.ts';
import type { Mutable } from './mutable.ts';
import { booleanArg, nodeBase, type NodeContext } from './node-context.ts';
import { enterScope } from './scope.ts';
import { argOf, argument } from './statements.ts';

const SHORTHAND = new Set(['container', 'leaf', 'leaf-list', 'list', 'choice', 'anydata', 'anyxml']);

export const compileChoice = (stmt: Statement, ctx: NodeContext): ChoiceMeta => {
  const mandatory = booleanArg(stmt, 'mandatory', ctx);
  const node = { ...nodeBase('choice', stmt, ctx), cases: [], defaultCase: undefined, mandatory } as Mutable<ChoiceMeta>;
  const inner: NodeContext = { ...ctx, scope: enterScope(ctx.scope, stmt, ctx.st.diag), parent: node, config: node.config, topLevel: false };
  for (const c of stmt.substatements) {
    if (c.prefix !== undefined) continue;
    if (c.keyword === 'case' || SHORTHAND.has(c.keyword)) {
      if (!ifFeaturesHold(c, ctx.scope.source, ctx.st)) ctx.st.vanished.add(node.cases, argument(c));
      else node.cases.push(c.keyword === 'case' ? compileCase(c, inner) : shorthandCase(c, inner));
    } else if (c.keyword === 'uses') {
      ctx.st.diag.error(c.loc, `uses is not allowed directly in choice "${node.name}"; put it in a case`);
    }
  }
  const dflt = argOf(stmt, 'default');
  if (dflt !== undefined) {
    if (mandatory) ctx.st.diag.error(stmt.loc, `choice "${node.name}" has both a default and mandatory true`);
    node.defaultCase = node.cases.find((c) => c.name === dflt);
    if (node.defaultCase === undefined) ctx.st.diag.error(stmt.loc, `default case "${dflt}" of choice "${node.name}" not found`);
  }
  return node;
};

export const compileCase = (stmt: Statement, ctx: NodeContext): CaseMeta => {
  const node = { ...nodeBase('case', stmt, ctx), children: [] } as Mutable<CaseMeta>;
  fillChildren(node, stmt, ctx, () => undefined);
  return node;
};

/** A data definition written directly in a choice is wrapped in a case of its own name. */
export const shorthandCase = (stmt: Statement, ctx: NodeContext): CaseMeta => {
  const node: Mutable<CaseMeta> = {
    kind: 'case',
    name: argument(stmt),
    module: ctx.ns,
    parent: ctx.parent,
    description: undefined,
    reference: undefined,
    status: 'current',
    extensions: [],
    ifFeatures: [],
    loc: stmt.loc,
    when: [],
    musts: [],
    config: ctx.config,
    recursive: false,
    children: [],
  };
  node.children.push(compileDataDef(stmt, { ...ctx, parent: node }));
  return node;
};
