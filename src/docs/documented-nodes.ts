/**
 * Every schema node a module's documentation describes, in tree order: its
 * data nodes (choice and case included), what it augments into other
 * modules, its rpcs and notifications, with input, output, actions and
 * nested notifications; each with a path of names (`/sensors/sensor/name`).
 */
import type { ModuleMeta, SchemaContext, SchemaNode } from '../meta/meta.ts';
import { schemaChildren } from '../meta/navigate.ts';
import { qualifiedName } from '../meta/qualified-name.ts';

export interface DocumentedNode {
  readonly node: SchemaNode;
  readonly path: string;
  readonly depth: number;
}

const pathOf = (n: SchemaNode, module: ModuleMeta): string => {
  const steps: string[] = [];
  for (let p: SchemaNode | undefined = n; p !== undefined; p = p.parent) {
    steps.unshift(qualifiedName(p, module));
  }
  return `/${steps.join('/')}`;
};

export const documentedNodes = (module: ModuleMeta, schema: SchemaContext): DocumentedNode[] => {
  const out: DocumentedNode[] = [];
  const seen = new Set<SchemaNode>();
  const walk = (n: SchemaNode, depth: number, own: boolean): void => {
    if (seen.has(n)) return;
    seen.add(n);
    if (own) out.push({ node: n, path: pathOf(n, module), depth });
    if ('recursive' in n && n.recursive) return;
    for (const c of schemaChildren(n)) walk(c, depth + 1, c.module === module);
  };
  for (const c of schemaChildren(module)) walk(c, 0, true);
  // Nodes this module augments into others.
  for (const m of schema.modules.values()) {
    if (m === module) continue;
    for (const c of schemaChildren(m)) walk(c, 0, false);
  }
  return out;
};
