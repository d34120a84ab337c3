/** Walking the schema tree: data children through choice/case, and schema-node-id steps. */
import type {
  CaseMeta, ChoiceMeta, DataDef, DataNodeMeta, ModuleMeta, NotificationMeta, OperationMeta, SchemaNode,
} from './meta.ts';

/** Anything a schema-node-id step can start from. */
export type SchemaHolder = ModuleMeta | SchemaNode;

/** The schema children of a node as schema-node-ids see them (choice and case included). */
export const schemaChildren = (n: SchemaHolder): readonly SchemaNode[] => {
  switch (n.kind) {
    case 'module': return [...n.children, ...n.rpcs, ...n.notifications];
    case 'container': case 'list': return [...n.children, ...n.actions, ...n.notifications];
    case 'choice': return n.cases;
    case 'case': case 'input': case 'output': case 'notification': return n.children;
    case 'rpc': case 'action': return [n.input, n.output];
    default: return [];
  }
};

/** One step of a schema node identifier (`module` undefined matches any module). */
export const schemaChild = (n: SchemaHolder, module: string | undefined, name: string): SchemaNode | undefined => {
  const kids = schemaChildren(n);
  for (const c of kids) if (c.name === name && (module === undefined || c.module.name === module)) return c;
  if (n.kind === 'choice') {
    // Lenient: a shorthand case may be skipped in a path.
    for (const c of (n as ChoiceMeta).cases) {
      const inner = c.children.length === 1 ? c.children[0] : undefined;
      if (inner !== undefined && inner.name === name && (module === undefined || inner.module.name === module)) return inner;
    }
  }
  return undefined;
};

/** The data-node children: choice and case are transparent. */
export const dataChildren = (defs: readonly DataDef[]): DataNodeMeta[] => {
  const out: DataNodeMeta[] = [];
  const walk = (list: readonly DataDef[]): void => {
    for (const d of list) {
      if (d.kind === 'choice') for (const c of d.cases) walk(c.children);
      else out.push(d);
    }
  };
  walk(defs);
  return out;
};

type DataHolder = ModuleMeta | { readonly children: readonly DataDef[] };

/** A data child by name (and module, when given), looking through choice and case. */
export const findDataChild = (holder: DataHolder, module: string | undefined, name: string): DataNodeMeta | undefined => {
  const search = (list: readonly DataDef[]): DataNodeMeta | undefined => {
    for (const d of list) {
      if (d.kind === 'choice') {
        for (const c of d.cases) {
          const found = search(c.children);
          if (found !== undefined) return found;
        }
      } else if (d.name === name && (module === undefined || d.module.name === module)) {
        return d;
      }
    }
    return undefined;
  };
  return search(holder.children);
};

/** The nearest ancestor that is a data node, operation or notification (choice, case, input, output skipped). */
export const dataParent = (n: SchemaNode): DataNodeMeta | OperationMeta | NotificationMeta | undefined => {
  let p = n.parent;
  while (p !== undefined && (p.kind === 'choice' || p.kind === 'case' || p.kind === 'input' || p.kind === 'output')) p = p.parent;
  return p as DataNodeMeta | OperationMeta | NotificationMeta | undefined;
};

/** The case a node belongs to directly, if its parent is a case. */
export const caseOf = (n: SchemaNode): CaseMeta | undefined => (n.parent?.kind === 'case' ? n.parent : undefined);
