/** augment: definitions added to a node of this or another module (RFC 7950 §7.17). */
import type { Statement } from '../parser/statement.ts';
import type { CaseMeta, ModuleMeta, SchemaNode } from '../meta/meta.ts';
import { compileCase, shorthandCase } from './compile-choice.ts';
import { compileBody } from './compile-body.ts';
import { ifFeaturesHold } from './if-feature.ts';
import type { Mutable } from './mutable.ts';
import { emptyCompiled, whenOf, type NodeContext } from './node-context.ts';
import { inOperation } from './schema-edit.ts';
import { enterScope } from './scope.ts';
import { argument } from './statements.ts';
import { childrenKey, vanishBody } from './vanished-nodes.ts';

const TARGETS = new Set(['container', 'list', 'choice', 'case', 'input', 'output', 'notification']);
const SHORTHAND = new Set(['container', 'leaf', 'leaf-list', 'list', 'choice', 'anydata', 'anyxml']);

/** Compiles the body of `aug` into `target`; `ctx` gives scope and namespace of the augmenting text. */
export const augmentInto = (aug: Statement, target: SchemaNode, ctx: NodeContext): void => {
  const { st } = ctx;
  if (!TARGETS.has(target.kind)) {
    st.diag.error(aug.loc, `augment target "${argument(aug)}" is a ${target.kind}; only a container, list, choice, case, input, output or notification can be augmented`);
    return;
  }
  if (!ifFeaturesHold(aug, ctx.scope.source, st)) {
    vanishBody(aug, enterScope(ctx.scope, aug, st.diag), childrenKey(target), st);
    return;
  }
  const operation = inOperation(target);
  const inner: NodeContext = {
    ...ctx,
    scope: enterScope(ctx.scope, aug, st.diag),
    parent: target as NodeContext['parent'],
    config: operation ? false : target.config,
    inOperation: operation,
    topLevel: false,
    groupingsHere: [],
  };
  const whens = whenOf(aug, ctx, 'parent');
  const added: SchemaNode[] = [];
  if (target.kind === 'choice') {
    const cases = target.cases as CaseMeta[];
    for (const c of aug.substatements) {
      if (c.prefix !== undefined || !(c.keyword === 'case' || SHORTHAND.has(c.keyword))) continue;
      if (!ifFeaturesHold(c, ctx.scope.source, st)) st.vanished.add(target.cases, argument(c));
      else added.push(c.keyword === 'case' ? compileCase(c, inner) : shorthandCase(c, inner));
    }
    cases.push(...(added as CaseMeta[]));
  } else {
    const local = emptyCompiled();
    compileBody(aug, inner, local);
    st.vanished.merge(local.children, childrenKey(target));
    for (const c of aug.substatements) {
      if (c.keyword === 'case' && c.prefix === undefined) st.diag.error(c.loc, `case is only allowed when augmenting a choice`);
    }
    const t = target as unknown as { children: unknown[]; actions?: unknown[]; notifications?: unknown[] };
    t.children.push(...local.children);
    if (local.actions.length > 0) {
      if (t.actions === undefined) st.diag.error(aug.loc, `actions cannot be added to a ${target.kind}`);
      else t.actions.push(...local.actions);
    }
    if (local.notifications.length > 0) {
      if (t.notifications === undefined) st.diag.error(aug.loc, `notifications cannot be added to a ${target.kind}`);
      else t.notifications.push(...local.notifications);
    }
    added.push(...local.children, ...local.actions, ...local.notifications);
  }
  if (whens.length > 0) for (const n of added) (n as unknown as { when: unknown[] }).when = [...whens, ...n.when];
  const targetModule = target.module as Mutable<ModuleMeta>;
  if (targetModule !== ctx.ns && !targetModule.augmentedBy.includes(ctx.ns.name)) targetModule.augmentedBy.push(ctx.ns.name);
};

