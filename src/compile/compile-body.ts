/**
 * Compiles the definitions in a body (module, container, list, case, input,
 * output, notification, grouping) into schema nodes. Bodies that expand a
 * grouping already being expanded are compiled lazily, on first access (the
 * spec's recursive groupings), and flagged `recursive`.
 */
import type { Statement } from '../parser/statement.ts';
import type { AnydataMeta, ContainerMeta } from '../meta/meta.ts';
import { compileChoice } from './compile-choice.ts';
import { compileLeaf, compileLeafList } from './compile-leaf.ts';
import { compileList } from './compile-list.ts';
import { compileNotification, compileOperation } from './compile-operation.ts';
import { ifFeaturesHold } from './if-feature.ts';
import type { Mutable } from './mutable.ts';
import { booleanArg, emptyCompiled, nodeBase, type Compiled, type NodeContext } from './node-context.ts';
import { enterScope } from './scope.ts';
import { argOf, argument } from './statements.ts';
import { expandUses } from './uses.ts';

export const compileBody = (stmt: Statement, ctx: NodeContext, into: Compiled): void => {
  const { st } = ctx;
  for (const c of stmt.substatements) {
    if (c.prefix !== undefined) continue;
    switch (c.keyword) {
      case 'container': case 'leaf': case 'leaf-list': case 'list': case 'choice': case 'anydata': case 'anyxml':
        if (ifFeaturesHold(c, ctx.scope.source, st)) into.children.push(compileDataDef(c, ctx));
        else st.vanished.add(into.children, argument(c));
        break;
      case 'uses':
        expandUses(c, ctx, into);
        break;
      case 'rpc':
        if (!ctx.topLevel) st.diag.error(c.loc, `rpc "${argument(c)}" is only allowed directly in a module; use action here`);
        else if (ifFeaturesHold(c, ctx.scope.source, st)) into.rpcs.push(compileOperation(c, 'rpc', ctx));
        else st.vanished.add(into.children, argument(c));
        break;
      case 'action':
        if (ctx.topLevel) st.diag.error(c.loc, `action "${argument(c)}" is not allowed directly in a module; use rpc`);
        else if (ctx.inOperation) st.diag.error(c.loc, `action "${argument(c)}" is not allowed inside an rpc, action or notification`);
        else if (ctx.parent?.kind === 'case' || ctx.parent?.kind === 'choice') st.diag.error(c.loc, `action "${argument(c)}" is not allowed in a choice or case`);
        else if (ifFeaturesHold(c, ctx.scope.source, st)) into.actions.push(compileOperation(c, 'action', ctx));
        else st.vanished.add(into.children, argument(c));
        break;
      case 'notification':
        if (ctx.inOperation) st.diag.error(c.loc, `notification "${argument(c)}" is not allowed inside an rpc, action or notification`);
        else if (ifFeaturesHold(c, ctx.scope.source, st)) into.notifications.push(compileNotification(c, ctx));
        else st.vanished.add(into.children, argument(c));
        break;
      default:
        break;
    }
  }
};

/** container, leaf, leaf-list, list, choice, anydata or anyxml. */
export const compileDataDef = (c: Statement, ctx: NodeContext) => {
  switch (c.keyword) {
    case 'container': return compileContainer(c, ctx);
    case 'leaf': return compileLeaf(c, ctx);
    case 'leaf-list': return compileLeafList(c, ctx);
    case 'list': return compileList(c, ctx);
    case 'choice': return compileChoice(c, ctx);
    default: return compileAnydata(c, ctx);
  }
};

const compileAnydata = (stmt: Statement, ctx: NodeContext): AnydataMeta => ({
  ...nodeBase(stmt.keyword === 'anyxml' ? 'anyxml' : 'anydata', stmt, ctx),
  mandatory: booleanArg(stmt, 'mandatory', ctx),
});

const compileContainer = (stmt: Statement, ctx: NodeContext): ContainerMeta => {
  const node = {
    ...nodeBase('container', stmt, ctx),
    presence: argOf(stmt, 'presence'),
    children: [],
    actions: [],
    notifications: [],
  } as Mutable<ContainerMeta>;
  fillChildren(node, stmt, ctx, () => undefined);
  return node;
};

type Holder = { children: unknown[]; actions?: unknown[]; notifications?: unknown[]; recursive: boolean };

/** Compiles `stmt`'s body into `node`, now or (for a recursive grouping) on first access. */
export const fillChildren = (node: Holder & object, stmt: Statement, ctx: NodeContext, after: () => void): void => {
  const inner: NodeContext = {
    ...ctx,
    scope: enterScope(ctx.scope, stmt, ctx.st.diag),
    parent: node as unknown as NodeContext['parent'],
    config: (node as unknown as { config: boolean }).config,
    topLevel: false,
    groupingsHere: [],
  };
  if (ctx.groupings.length === 0 || !bodyRecurses(stmt, inner)) {
    compileBody(stmt, inner, {
      children: node.children as Compiled['children'],
      actions: (node.actions ?? []) as Compiled['actions'],
      notifications: (node.notifications ?? []) as Compiled['notifications'],
      rpcs: [],
    });
    after();
    return;
  }
  node.recursive = true;
  let done: Compiled | undefined;
  const materialize = (): Compiled => {
    if (done === undefined) {
      done = emptyCompiled();
      compileBody(stmt, inner, done);
      after();
      ctx.st.lateNodesCompiled();
    }
    return done;
  };
  for (const key of ['children', 'actions', 'notifications'] as const) {
    if (key !== 'children' && node[key] === undefined) continue;
    Object.defineProperty(node, key, { get: () => materialize()[key], enumerable: true, configurable: true });
  }
};

/** Whether the body expands (directly, or through choice/case) a grouping already being expanded. */
const bodyRecurses = (stmt: Statement, ctx: NodeContext): boolean => {
  for (const c of stmt.substatements) {
    if (c.prefix !== undefined) continue;
    if (c.keyword === 'uses') {
      const def = ctx.st.grouping(argument(c), ctx.scope, c);
      if (def !== undefined && ctx.groupings.includes(def.stmt)) return true;
    } else if (c.keyword === 'choice' || c.keyword === 'case') {
      if (bodyRecurses(c, ctx)) return true;
    }
  }
  return false;
};
