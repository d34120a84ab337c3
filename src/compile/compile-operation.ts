/** rpc, action and notification definitions. */
import type { Statement } from '../parser/statement.ts';
import type { IoMeta, NotificationMeta, OperationMeta } from '../meta/meta.ts';
import { fillChildren } from './compile-body.ts';
import type { Mutable } from './mutable.ts';
import { mustsOf, nodeBase, type NodeContext } from './node-context.ts';
import { enterScope } from './scope.ts';
import { sub } from './statements.ts';

export const compileOperation = (stmt: Statement, kind: 'rpc' | 'action', ctx: NodeContext): OperationMeta => {
  const opCtx: NodeContext = { ...ctx, inOperation: true };
  const node = { ...nodeBase(kind, stmt, opCtx) } as Mutable<OperationMeta>;
  const inner: NodeContext = { ...opCtx, scope: enterScope(ctx.scope, stmt, ctx.st.diag), parent: node, config: false, topLevel: false, groupingsHere: [] };
  const io = (which: 'input' | 'output'): IoMeta => {
    const s = sub(stmt, which);
    const meta: Mutable<IoMeta> = {
      kind: which,
      name: which,
      module: ctx.ns,
      parent: node,
      description: undefined,
      reference: undefined,
      status: 'current',
      extensions: [],
      ifFeatures: [],
      loc: (s ?? stmt).loc,
      when: [],
      musts: s === undefined ? [] : mustsOf(s, inner),
      config: false,
      recursive: false,
      children: [],
    };
    if (s !== undefined) fillChildren(meta, s, inner, () => undefined);
    return meta;
  };
  node.input = io('input');
  node.output = io('output');
  node.hasInput = sub(stmt, 'input') !== undefined;
  node.hasOutput = sub(stmt, 'output') !== undefined;
  return node;
};

export const compileNotification = (stmt: Statement, ctx: NodeContext): NotificationMeta => {
  const opCtx: NodeContext = { ...ctx, inOperation: true };
  const node = { ...nodeBase('notification', stmt, opCtx), children: [] } as Mutable<NotificationMeta>;
  fillChildren(node, stmt, opCtx, () => undefined);
  return node;
};
