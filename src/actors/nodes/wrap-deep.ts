/**
 * Applies a wrapper to a node and to every node it hands out (children,
 * list entries, operation output), so behaviour can be added to a whole
 * tree of nodes at once: tracing, operation handlers, notification sources.
 */
import type { Observable } from 'rxjs';
import { isPending, type Answer } from '../../base/answer.ts';
import type { ListItem, Node } from '../node.ts';

const mapAnswer = <T>(a: Answer<T>, f: (v: T) => T): Answer<T> => {
  if (!isPending(a)) return f(a as T);
  if ('then' in a && typeof a.then === 'function') return Promise.resolve(a).then(f);
  return a as Observable<T>;
};

/** `wrap` decorates one node; it gets the node and must return the node to use (possibly the same). */
export const wrapDeep = (node: Node, wrap: (n: Node) => Node): Node => {
  const deep = (n: Node | undefined): Node | undefined => (n === undefined ? undefined : wrapDeep(n, wrap));
  const out: Node = Object.create(node) as Node;
  if (node.child !== undefined) {
    const child = node.child.bind(node);
    out.child = (r) => mapAnswer(child(r), deep);
  }
  if (node.next !== undefined) {
    const next = node.next.bind(node);
    out.next = (r) => mapAnswer(next(r), (i: ListItem | undefined) => (i === undefined ? undefined : { ...i, node: wrapDeep(i.node, wrap) }));
  }
  return wrap(out);
};
