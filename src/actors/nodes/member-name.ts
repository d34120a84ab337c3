/**
 * The property name reflect uses for a data node: its YANG name, except for
 * a node an augment adds under a name its parent already has from another
 * module, which is `module:name` (as RFC 7951 would qualify it), so that the
 * two never share a property.
 */
import type { DataNodeMeta, DataDef, SchemaNode } from '../../meta/meta.ts';
import { dataChildren } from '../../meta/navigate.ts';

const names = new WeakMap<SchemaNode, string>();

/** The data holder a node sits in (choice and case skipped), or undefined at the top level. */
const holderOf = (n: SchemaNode): SchemaNode | undefined => {
  let p = n.parent;
  while (p !== undefined && (p.kind === 'choice' || p.kind === 'case')) p = p.parent;
  return p;
};

export const memberName = (meta: DataNodeMeta): string => {
  let name = names.get(meta);
  if (name === undefined) {
    const holder = holderOf(meta);
    const siblings: readonly DataDef[] = holder !== undefined && 'children' in holder ? holder.children : [];
    const clash = holder !== undefined && meta.module !== holder.module
      && dataChildren(siblings).some((s) => s !== meta && s.name === meta.name);
    name = clash ? `${meta.module.name}:${meta.name}` : meta.name;
    names.set(meta, name);
  }
  return name;
};
