/** How a resource is named in messages: `the datastore`, `module "m"`, `leaf "x" (state data)`. */
import { isConfigTarget, type ResolvedTarget } from './api-path/index.ts';

export const describeTarget = (t: ResolvedTarget): string => {
  const meta = t.meta;
  if (meta === undefined) return 'the datastore';
  if (meta.kind === 'module') return `module "${meta.name}"`;
  const kind = t.kind === 'list' ? 'the whole list' : t.kind === 'leaf-list' ? 'the whole leaf-list' : meta.kind;
  const key = meta.kind === 'leaf' && meta.isKey ? ' (a list key)' : '';
  const state = isConfigTarget(t) || t.kind === 'operation' || t.kind === 'notification' ? '' : ' (state data)';
  return `${kind} "${meta.name}"${key}${state}`;
};
