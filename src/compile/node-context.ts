/** What compiling a definition needs to know about where it stands. */
import type { Statement } from '../parser/statement.ts';
import type { DataDef, ModuleMeta, MustMeta, NotificationMeta, OperationMeta, SchemaParent, WhenMeta } from '../meta/meta.ts';
import type { CompileState } from './compile-state.ts';
import { documented } from './documented.ts';
import type { Mutable } from './mutable.ts';
import type { Scope } from './scope.ts';
import { argOf, argument, subs } from './statements.ts';
import { xpathMeta } from './xpath-meta.ts';

export interface NodeContext {
  readonly st: CompileState;
  /** Lexical scope: typedef/grouping lookups and the prefixes in force. */
  readonly scope: Scope;
  /** Namespace of the nodes being compiled (the using/augmenting module). */
  readonly ns: Mutable<ModuleMeta>;
  readonly parent: SchemaParent | undefined;
  /** Inherited config. */
  readonly config: boolean;
  /** Inside an rpc, action or notification: config does not apply. */
  readonly inOperation: boolean;
  /** Directly in the module (rpc allowed, action not). */
  readonly topLevel: boolean;
  /** Every grouping being expanded around this point (recursion detection). */
  readonly groupings: readonly Statement[];
  /** Groupings expanded since the nearest enclosing data node (a loop without data is an error). */
  readonly groupingsHere: readonly Statement[];
}

/** What a body of definitions compiles to. */
export interface Compiled {
  readonly children: DataDef[];
  readonly actions: OperationMeta[];
  readonly notifications: NotificationMeta[];
  readonly rpcs: OperationMeta[];
}

export const emptyCompiled = (): Compiled => ({ children: [], actions: [], notifications: [], rpcs: [] });

export const configOf = (stmt: Statement, ctx: NodeContext): boolean => {
  if (ctx.inOperation) return false;
  const c = argOf(stmt, 'config');
  if (c === undefined) return ctx.config;
  if (c !== 'true' && c !== 'false') {
    ctx.st.diag.error(stmt.loc, `config must be true or false, not "${c}"`);
    return ctx.config;
  }
  if (c === 'true' && !ctx.config) {
    ctx.st.diag.error(stmt.loc, `"${argument(stmt)}" is config true inside config false data`);
    return false;
  }
  return c === 'true';
};

export const whenOf = (stmt: Statement, ctx: NodeContext, context: WhenMeta['context']): WhenMeta[] =>
  subs(stmt, 'when').flatMap((w) => {
    const x = xpathMeta(w, ctx.scope.source, ctx.ns.name, ctx.st);
    return x === undefined ? [] : [{ ...x, context }];
  });

export const mustsOf = (stmt: Statement, ctx: NodeContext): MustMeta[] =>
  subs(stmt, 'must').flatMap((m) => {
    const x = xpathMeta(m, ctx.scope.source, ctx.ns.name, ctx.st);
    return x === undefined ? [] : [{ ...x, errorMessage: argOf(m, 'error-message'), errorAppTag: argOf(m, 'error-app-tag') }];
  });

/** The fields every schema node has. */
export const nodeBase = <K extends string>(kind: K, stmt: Statement, ctx: NodeContext) => ({
  kind,
  name: argument(stmt),
  module: ctx.ns as ModuleMeta,
  parent: ctx.parent,
  ...documented(stmt, ctx.scope.source, ctx.st),
  when: whenOf(stmt, ctx, 'self'),
  musts: mustsOf(stmt, ctx),
  config: configOf(stmt, ctx),
  recursive: false,
});

export const booleanArg = (stmt: Statement, keyword: string, ctx: NodeContext): boolean => {
  const v = argOf(stmt, keyword);
  if (v === undefined) return false;
  if (v !== 'true' && v !== 'false') ctx.st.diag.error(stmt.loc, `${keyword} must be true or false, not "${v}"`);
  return v === 'true';
};

export const elementsArg = (stmt: Statement, ctx: NodeContext): { min: number; max: number | undefined } => {
  const minText = argOf(stmt, 'min-elements');
  const maxText = argOf(stmt, 'max-elements');
  const min = minText === undefined ? 0 : Number(minText);
  const max = maxText === undefined || maxText === 'unbounded' ? undefined : Number(maxText);
  if (!Number.isInteger(min) || min < 0 || (minText !== undefined && !/^\d+$/.test(minText))) ctx.st.diag.error(stmt.loc, `invalid min-elements "${minText ?? ''}"`);
  if (max !== undefined && (!Number.isInteger(max) || max < 1 || !/^\d+$/.test(maxText ?? ''))) ctx.st.diag.error(stmt.loc, `invalid max-elements "${maxText ?? ''}"`);
  if (max !== undefined && min > max) ctx.st.diag.error(stmt.loc, `min-elements ${min} is greater than max-elements ${max}`);
  return { min, max };
};

export const orderedByArg = (stmt: Statement, ctx: NodeContext): 'system' | 'user' => {
  const v = argOf(stmt, 'ordered-by');
  if (v === undefined || v === 'system') return 'system';
  if (v === 'user') return 'user';
  ctx.st.diag.error(stmt.loc, `ordered-by must be system or user, not "${v}"`);
  return 'system';
};
