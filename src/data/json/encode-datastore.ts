/**
 * Several modules' data trees → one datastore document
 * (`{"mod-a:x": …, "mod-b:y": …}`), modules in the map's order. In the
 * simplified form a top-level name stays qualified when another module
 * (of `options.schema` when given, else of `roots`) has a top-level node of
 * the same name.
 */
import type { DataContainer } from '../data-container.ts';
import { datastoreScope } from './decode-datastore.ts';
import { encodeMembers } from './encode-members.ts';
import type { EncodeOptions } from './encode-options.ts';
import { modulesIndex } from './name-index.ts';

export function encodeDatastore(roots: ReadonlyMap<string, DataContainer>, options: EncodeOptions): Record<string, unknown> {
  const modules = [...roots.values()].flatMap((root) => (root.meta.kind === 'module' ? [root.meta] : []));
  const index = options.schema === undefined ? modulesIndex(modules) : datastoreScope(options.schema).index;
  const out: Record<string, unknown> = {};
  for (const root of roots.values()) encodeMembers(out, root, undefined, index, options);
  return out;
}
