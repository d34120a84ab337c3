/**
 * A node whose every call (child, next, field), at every level, is answered
 * with a Promise instead of at once: how an application node that reads a
 * device answers. For tests of the paths that must wait for such nodes.
 */
import type { Node } from '../../src/actors/node.ts';
import { wrapDeep } from '../../src/actors/nodes/wrap-deep.ts';

export const late = (node: Node): Node => wrapDeep(node, (n) => {
  const out = Object.create(n) as Node;
  for (const k of ['child', 'next', 'field'] as const) {
    const f = n[k] as ((r: never) => unknown) | undefined;
    if (f !== undefined) (out as Record<string, unknown>)[k] = (r: never) => Promise.resolve(f.call(n, r));
  }
  return out;
});
