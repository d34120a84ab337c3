/**
 * A wrapper that records every call made on a node and on every node it
 * hands out: for tests (the edit-order tables) and for debugging an
 * application's nodes.
 */
import { formatPath, type DataPath } from '../../data/data-path.ts';
import type { Node } from '../node.ts';
import type { EditRequest } from '../requests.ts';
import { wrapDeep } from './wrap-deep.ts';

export interface TraceEntry {
  readonly call: 'child' | 'next' | 'field' | 'choose' | 'beginEdit' | 'endEdit' | 'action' | 'notify';
  readonly path: string;
  readonly detail: string;
}

const flags = (r: EditRequest): string =>
  [r.editRoot ? 'editRoot' : '', r.new ? 'new' : '', r.delete ? 'delete' : '', r.failure === undefined ? '' : 'failure'].filter((s) => s !== '').join(',');

const words = (...w: string[]): string => w.filter((s) => s !== '').join(',');

const traceOne = (n: Node, log: TraceEntry[]): Node => {
  const rec = (call: TraceEntry['call'], path: DataPath, detail: string): void => {
    log.push({ call, path: formatPath(path), detail });
  };
  const t: Node = Object.create(n) as Node;
  const { child, next, field, choose, beginEdit, endEdit, action, notify } = n;
  if (child !== undefined) t.child = (r) => (rec('child', r.path, words(r.new ? 'new' : '', r.delete ? 'delete' : '')), child.call(n, r));
  if (next !== undefined) t.next = (r) => (rec('next', r.path, words(r.key === undefined ? `row=${r.row}` : 'key', r.new ? 'new' : '', r.delete ? 'delete' : '')), next.call(n, r));
  if (field !== undefined) t.field = (r) => (rec('field', r.path, r.write ? 'write' : 'read'), field.call(n, r));
  if (choose !== undefined) t.choose = (r) => (rec('choose', r.path, r.meta.name), choose.call(n, r));
  t.beginEdit = (r) => (rec('beginEdit', r.path, flags(r)), beginEdit?.call(n, r));
  t.endEdit = (r) => (rec('endEdit', r.path, flags(r)), endEdit?.call(n, r));
  if (action !== undefined) t.action = (r) => (rec('action', r.path, r.meta.name), action.call(n, r));
  if (notify !== undefined) t.notify = (r) => (rec('notify', r.path, r.meta.name), notify.call(n, r));
  return t;
};

export const traceNode = (node: Node, log: TraceEntry[]): Node => wrapDeep(node, (n) => traceOne(n, log));
