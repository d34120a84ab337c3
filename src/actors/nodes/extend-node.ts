/**
 * extend: another node with some methods replaced. Each override receives
 * the base node first, so it can call through (`field: (base, r) => ...`);
 * every other method is the base's own. Nodes the base hands out (children,
 * entries, outputs) are the base's, not extended, unless an override wraps
 * them itself.
 */
import type { Node } from '../node.ts';

type Method = keyof Node;

export type NodeOverrides = {
  readonly [K in Method]?: (base: Node, ...args: Parameters<NonNullable<Node[K]>>) => ReturnType<NonNullable<Node[K]>>;
};

const METHODS: readonly Method[] = ['child', 'next', 'field', 'choose', 'beginEdit', 'endEdit', 'action', 'notify', 'peek', 'context', 'release'];

export const extendNode = (base: Node, overrides: NodeOverrides): Node => {
  const node: Record<string, unknown> = {};
  for (const m of METHODS) {
    const o = overrides[m] as ((b: Node, ...args: unknown[]) => unknown) | undefined;
    const own = base[m] as ((...args: unknown[]) => unknown) | undefined;
    if (o !== undefined) node[m] = (...args: unknown[]) => o(base, ...args);
    else if (own !== undefined) node[m] = own.bind(base);
  }
  return node as Node;
};
