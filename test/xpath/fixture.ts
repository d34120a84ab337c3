/** A small RFC 7951 document, a scope and helpers shared by the xpath tests. */
import type { XPathExpr } from '../../src/parser/expr/ast.ts';
import {
  evaluateXPath, isNodeSet, jsonXNode,
  type XNode, type XPathContext, type XPathValue,
} from '../../src/xpath/index.ts';

export const doc = {
  'example:top': {
    item: [
      { name: 'a', value: 1, tag: ['x', 'y'] },
      { name: 'b', value: 2, tag: ['y'] },
      { name: 'c', value: 3 },
    ],
    ref: 'b',
    flag: [null],
    'other:extra': { note: 'hi', n: '5' },
  },
  'example:cars': {
    car: [
      { id: 'c1', status: 'stopped', tire: [{ pos: 'fl', wear: 10 }, { pos: 'fr', wear: 30 }] },
      { id: 'c2', status: 'running', tire: [{ pos: 'fl', wear: 50 }] },
    ],
  },
};

export const root = jsonXNode(doc);
export const prefixes: ReadonlyMap<string, string> = new Map([['ex', 'example'], ['o', 'other'], ['example', 'example']]);

/** The first node the absolute path of child names reaches (`sel('top', 'item', 1)`). */
export function sel(...steps: (string | number)[]): XNode {
  let n: XNode = root;
  for (let i = 0; i < steps.length; i++) {
    const name = steps[i] as string;
    const index = typeof steps[i + 1] === 'number' ? (steps[++i] as number) : 0;
    const found = [...n.children()].filter((c) => c.name === name)[index];
    if (found === undefined) throw new Error(`no ${name}[${index}] under ${n.name}`);
    n = found;
  }
  return n;
}

export function ctx(node: XNode = root, extra: Partial<XPathContext> = {}): XPathContext {
  return { node, prefixes, defaultModule: 'example', ...extra };
}

/** Evaluate, failing loudly on an error result. */
export function ev(expr: XPathExpr, node: XNode = root, extra: Partial<XPathContext> = {}): XPathValue {
  const r = evaluateXPath(expr, ctx(node, extra));
  if (!r.ok) throw new Error(`unexpected error: ${r.message}`);
  return r.value;
}

/** A readable label per node: `name`, `name=value` for leaves, `name#key` for list entries. */
export function label(n: XNode): string {
  if (n.kind === 'root') return '/';
  if (n.kind === 'leaf' || n.kind === 'leaf-list-entry') return `${n.name}=${n.stringValue()}`;
  if (n.kind === 'list-entry') {
    const key = [...n.children()][0];
    return `${n.name}#${key?.stringValue() ?? ''}`;
  }
  return n.name;
}

export function labels(v: XPathValue): string[] {
  if (!isNodeSet(v)) throw new Error(`expected a node-set, got ${String(v)}`);
  return v.map(label);
}
