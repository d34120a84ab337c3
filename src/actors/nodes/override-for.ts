/** Finds the override for a schema node in a table keyed by schema path or name (see ReflectOptions). */
import type { SchemaNode } from '../../meta/meta.ts';

const paths = new WeakMap<SchemaNode, string>();

/** `/a/b/c`: the names of the node and its data ancestors (choice, case, input, output left out). */
export const schemaPath = (node: SchemaNode): string => {
  let p = paths.get(node);
  if (p === undefined) {
    const names: string[] = [];
    for (let n: SchemaNode | undefined = node; n !== undefined; n = n.parent) {
      if (n.kind !== 'choice' && n.kind !== 'case' && n.kind !== 'input' && n.kind !== 'output') names.push(n.name);
    }
    p = `/${names.reverse().join('/')}`;
    paths.set(node, p);
  }
  return p;
};

export const overrideFor = <T>(table: Readonly<Record<string, T>> | undefined, node: SchemaNode): T | undefined => {
  if (table === undefined) return undefined;
  const path = schemaPath(node);
  if (Object.hasOwn(table, path)) return table[path];
  return Object.hasOwn(table, node.name) ? table[node.name] : undefined;
};
