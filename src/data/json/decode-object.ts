/** A JSON object → the DataContainer of a holder (module, container, input/output, notification). */
import { DataContainer, type HolderMeta } from '../data-container.ts';
import type { DataPath } from '../data-path.ts';
import type { DecodeContext } from './decode-context.ts';
import { decodeMembers } from './decode-members.ts';
import { scopeOf } from './member-scope.ts';

export function decodeObject(obj: Record<string, unknown>, holder: HolderMeta, path: DataPath, ctx: DecodeContext): DataContainer {
  const container = new DataContainer(holder);
  decodeMembers(obj, scopeOf(holder), path, ctx, (node, value) => container.set(node, value));
  return container;
}
