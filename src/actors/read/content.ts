/**
 * RFC 8040 §4.8.1 content: config, nonconfig or all. With nonconfig, config
 * containers and lists are walked only when something below them is state,
 * and list keys are kept so entries stay identifiable.
 */
import type { DataNodeMeta, SchemaNode } from '../../meta/meta.ts';
import { schemaChildren } from '../../meta/navigate.ts';

export type ContentFilter = 'config' | 'nonconfig' | 'all';

const stateBelow = new WeakMap<SchemaNode, boolean>();

/** Whether any descendant is state data (recursive nodes count as yes). */
export const hasStateBelow = (n: SchemaNode): boolean => {
  const known = stateBelow.get(n);
  if (known !== undefined) return known;
  let found = n.recursive;
  if (!found) for (const c of schemaChildren(n)) if (!c.config || hasStateBelow(c)) { found = true; break; }
  stateBelow.set(n, found);
  return found;
};

export const admitsContent = (meta: DataNodeMeta, content: ContentFilter): boolean => {
  if (content === 'all') return true;
  if (content === 'config') return meta.config;
  if (!meta.config) return true;
  if (meta.kind === 'leaf') return meta.isKey;
  if (meta.kind === 'container' || meta.kind === 'list') return hasStateBelow(meta);
  return false;
};
