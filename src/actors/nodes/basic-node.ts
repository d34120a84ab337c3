/**
 * basic: a node from callbacks, each optional with the Node signature (an
 * object literal, or any object: its methods are inherited, so `this` in a
 * callback is the node). What it lacks reads as absent, but an edit that
 * needs it fails with operation-not-supported naming the path, instead of
 * being dropped.
 */
import type { Node } from '../node.ts';
import { notSupported } from './node-errors.ts';

export const basicNode = (callbacks: Node): Node => {
  const node = Object.create(callbacks) as Node;
  node.child ??= (r) => {
    if (r.new || r.delete) throw notSupported(r.path, `${r.new ? 'creating' : 'deleting'} ${r.meta.kind} "${r.meta.name}"`);
    return undefined;
  };
  node.next ??= (r) => {
    if (r.new || r.delete) throw notSupported(r.path, `${r.new ? 'creating' : 'deleting'} an entry of list "${r.meta.name}"`);
    return undefined;
  };
  node.field ??= (r) => {
    if (r.write) throw notSupported(r.path, `writing ${r.meta.kind} "${r.meta.name}"`);
    return undefined;
  };
  return node;
};
