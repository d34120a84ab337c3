/** uses: a grouping's definitions inserted in place, then refined and augmented (RFC 7950 §7.13). */
import type { Statement } from '../parser/statement.ts';
import { parseSchemaNodeId } from '../parser/expr/index.ts';
import type { SchemaNode } from '../meta/meta.ts';
import { schemaChild } from '../meta/navigate.ts';
import { augmentInto } from './augment.ts';
import { compileBody } from './compile-body.ts';
import { ifFeaturesHold } from './if-feature.ts';
import { emptyCompiled, whenOf, type Compiled, type NodeContext } from './node-context.ts';
import { applyRefine } from './refine.ts';
import { enterScope } from './scope.ts';
import { argument, subs } from './statements.ts';
import { childrenKey, vanishBody } from './vanished-nodes.ts';

export const expandUses = (stmt: Statement, ctx: NodeContext, into: Compiled): void => {
  const { st } = ctx;
  const def = st.grouping(argument(stmt), ctx.scope, stmt);
  if (!ifFeaturesHold(stmt, ctx.scope.source, st)) {
    // Removed by if-feature: what the grouping defines vanishes, and stays a target that vanishes with it.
    if (def !== undefined) vanishBody(def.stmt, enterScope(def.scope, def.stmt, st.diag), into.children, st, [...ctx.groupings, def.stmt]);
    return;
  }
  if (def === undefined) {
    st.diag.error(stmt.loc, `unknown grouping "${argument(stmt)}"`);
    return;
  }
  if (ctx.groupingsHere.includes(def.stmt)) {
    st.diag.error(stmt.loc, `grouping "${argument(stmt)}" uses itself with no data definition in between`);
    return;
  }
  const local = emptyCompiled();
  compileBody(def.stmt, {
    ...ctx,
    scope: enterScope(def.scope, def.stmt, st.diag),
    groupings: [...ctx.groupings, def.stmt],
    groupingsHere: [...ctx.groupingsHere, def.stmt],
  }, local);
  const introduced: SchemaNode[] = [...local.children, ...local.actions, ...local.notifications];
  const whens = whenOf(stmt, ctx, 'parent');
  if (whens.length > 0) for (const n of introduced) (n as unknown as { when: unknown[] }).when = [...whens, ...n.when];
  for (const r of subs(stmt, 'refine')) {
    const target = findIntroduced(r, introduced, local, ctx);
    if (target !== undefined) applyRefine(r, target, local, ctx);
  }
  for (const a of subs(stmt, 'augment')) {
    const target = findIntroduced(a, introduced, local, ctx);
    if (target !== undefined) augmentInto(a, target, ctx);
  }
  st.vanished.merge(local.children, into.children);
  into.children.push(...local.children);
  into.actions.push(...local.actions);
  into.notifications.push(...local.notifications);
};

/**
 * Resolves a descendant schema node id of a refine or uses-augment among the
 * nodes a uses introduced; undefined (and no error) when a node on the way
 * was removed by if-feature: the refine or augment vanishes with it.
 */
const findIntroduced = (stmt: Statement, introduced: readonly SchemaNode[], local: Compiled, ctx: NodeContext): SchemaNode | undefined => {
  const text = argument(stmt);
  const id = parseSchemaNodeId(text);
  if (!id.ok || id.value.absolute) {
    ctx.st.diag.error(stmt.loc, `invalid ${stmt.keyword} target "${text}": expected a descendant schema node identifier`);
    return undefined;
  }
  let node: SchemaNode | undefined;
  for (const [i, step] of id.value.steps.entries()) {
    if (step.prefix !== undefined && !ctx.scope.source.prefixes.has(step.prefix)) {
      ctx.st.diag.error(stmt.loc, `unknown prefix "${step.prefix}" in ${stmt.keyword} target "${text}"`);
      return undefined;
    }
    const holder: object = i === 0 ? local.children : childrenKey(node as SchemaNode);
    node = i === 0 ? introduced.find((n) => n.name === step.name) : schemaChild(node as SchemaNode, undefined, step.name);
    if (node === undefined && ctx.st.vanished.has(holder, step.name)) return undefined;
    if (node === undefined) {
      ctx.st.diag.error(stmt.loc, `${stmt.keyword} target "${text}" not found: no node "${step.name}"`);
      return undefined;
    }
  }
  return node;
};
