/** Small mutations the compiler makes on nodes it has built (refine, augment, deviation). */
import type { ModuleMeta, SchemaNode } from '../meta/meta.ts';
import { schemaChildren } from '../meta/navigate.ts';
import type { Compiled } from './node-context.ts';

/**
 * The array that holds `node`: in a body being compiled or a module, else in
 * its parent. (The nodes a uses introduces have their parent set already, but
 * sit in the uses' own body until it is expanded.)
 */
export const siblingsOf = (node: SchemaNode, top: Compiled | ModuleMeta): unknown[] | undefined => {
  const p = node.parent as unknown as Record<string, unknown> | undefined;
  const lists = [top.children, 'rpcs' in top ? top.rpcs : [], top.notifications, 'actions' in top ? top.actions : []];
  if (p !== undefined) lists.push(p['children'] as never, p['cases'] as never, p['actions'] as never, p['notifications'] as never);
  for (const l of lists) if (Array.isArray(l) && l.includes(node)) return l;
  return undefined;
};

export const detach = (node: SchemaNode, top: Compiled | ModuleMeta): boolean => {
  const list = siblingsOf(node, top);
  if (list === undefined) return false;
  list.splice(list.indexOf(node), 1);
  return true;
};

/** Sets config false on a node and everything below it (recursive nodes are left lazy). */
export const setConfigFalse = (node: SchemaNode): void => {
  (node as { config: boolean }).config = false;
  if (node.recursive) return;
  for (const c of schemaChildren(node)) setConfigFalse(c);
};

/** Whether a node is inside an rpc, action or notification. */
export const inOperation = (node: SchemaNode): boolean => {
  for (let n: SchemaNode | undefined = node; n !== undefined; n = n.parent) {
    if (n.kind === 'rpc' || n.kind === 'action' || n.kind === 'notification' || n.kind === 'input' || n.kind === 'output') return true;
  }
  return false;
};
