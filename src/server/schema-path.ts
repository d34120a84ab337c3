/** A schema node by a readable path: `module:top/child/...` (choice and case names may be left out). */
import type { SchemaContext, SchemaNode } from '../meta/meta.ts';
import { schemaChild, type SchemaHolder } from '../meta/navigate.ts';

export const schemaNodeAt = (schema: SchemaContext, path: string): SchemaNode | string => {
  const trimmed = path.replace(/^\//, '');
  const colon = trimmed.indexOf(':');
  if (colon <= 0) return `"${path}" must start with a module name: module:node/...`;
  const module = schema.modules.get(trimmed.slice(0, colon));
  if (module === undefined) return `no module "${trimmed.slice(0, colon)}" is loaded`;
  let at: SchemaHolder = module;
  for (const raw of trimmed.slice(colon + 1).split('/')) {
    const name = raw.includes(':') ? raw.slice(raw.indexOf(':') + 1) : raw;
    const next: SchemaNode | undefined = schemaChild(at, undefined, name) ?? findThroughChoices(at, name);
    if (next === undefined) return `no node "${name}" in ${at.kind === 'module' ? `module ${at.name}` : `"${at.name}"`} (path "${path}")`;
    at = next;
  }
  return at.kind === 'module' ? `"${path}" names a module, not a node` : at;
};

const findThroughChoices = (at: SchemaHolder, name: string): SchemaNode | undefined => {
  if (at.kind !== 'module' && at.kind !== 'container' && at.kind !== 'list' && at.kind !== 'case') return undefined;
  for (const c of at.kind === 'module' ? at.children : at.children) {
    if (c.kind !== 'choice') continue;
    for (const k of c.cases) {
      const hit = schemaChild(k, undefined, name) ?? findThroughChoices(k, name);
      if (hit !== undefined) return hit;
    }
  }
  return undefined;
};
