/**
 * A wrapper that records every call made on a node and on every node it
 * hands out: for tests (the edit-order tables) and for debugging an
 * application's nodes.
 */
import { formatPath, type DataPath } from '../../data/data-path.ts';
import { isPending } from '../answer.ts';
import type { ListItem, Node } from '../node.ts';
import type { EditRequest } from '../requests.ts';

export interface TraceEntry {
  readonly call: 'child' | 'next' | 'field' | 'choose' | 'beginEdit' | 'endEdit' | 'action' | 'notify' | 'release';
  readonly path: string;
  readonly detail: string;
}

const flags = (r: EditRequest): string =>
  [r.editRoot ? 'editRoot' : '', r.new ? 'new' : '', r.delete ? 'delete' : '', r.failure === undefined ? '' : 'failure'].filter((s) => s !== '').join(',');

const wrapAnswer = <T>(a: T | PromiseLike<T> | import('rxjs').Observable<T>, wrap: (v: T) => T): typeof a => {
  if (isPending(a)) {
    if ('then' in a) return Promise.resolve(a).then(wrap);
    return a;
  }
  return wrap(a as T);
};

export const traceNode = (node: Node, log: TraceEntry[]): Node => {
  const rec = (call: TraceEntry['call'], path: DataPath, detail = ''): void => {
    log.push({ call, path: formatPath(path), detail });
  };
  const wrapNode = (n: Node | undefined): Node | undefined => (n === undefined ? undefined : traceNode(n, log));
  const t: Node = {};
  if (node.child !== undefined) {
    const child = node.child.bind(node);
    t.child = (r) => {
      rec('child', r.path, [r.new ? 'new' : '', r.delete ? 'delete' : ''].filter((s) => s !== '').join(','));
      return wrapAnswer(child(r), wrapNode);
    };
  }
  if (node.next !== undefined) {
    const next = node.next.bind(node);
    t.next = (r) => {
      rec('next', r.path, [r.key === undefined ? `row=${r.row}` : 'key', r.new ? 'new' : '', r.delete ? 'delete' : ''].filter((s) => s !== '').join(','));
      return wrapAnswer(next(r), (i: ListItem | undefined) => (i === undefined ? undefined : { ...i, node: traceNode(i.node, log) }));
    };
  }
  if (node.field !== undefined) {
    const field = node.field.bind(node);
    t.field = (r) => {
      rec('field', r.path, r.write ? 'write' : 'read');
      return field(r);
    };
  }
  if (node.choose !== undefined) {
    const choose = node.choose.bind(node);
    t.choose = (r) => {
      rec('choose', r.path, r.meta.name);
      return choose(r);
    };
  }
  t.beginEdit = (r) => {
    rec('beginEdit', r.path, flags(r));
    return node.beginEdit?.(r);
  };
  t.endEdit = (r) => {
    rec('endEdit', r.path, flags(r));
    return node.endEdit?.(r);
  };
  if (node.action !== undefined) {
    const action = node.action.bind(node);
    t.action = (r) => {
      rec('action', r.path, r.meta.name);
      return wrapAnswer(action(r), wrapNode);
    };
  }
  if (node.notify !== undefined) {
    const notify = node.notify.bind(node);
    t.notify = (r) => {
      rec('notify', r.path, r.meta.name);
      return notify(r);
    };
  }
  if (node.context !== undefined) t.context = node.context.bind(node);
  if (node.peek !== undefined) t.peek = node.peek.bind(node);
  t.release = () => node.release?.();
  return t;
};
