/**
 * A list: a JSON array of entry objects (`[]` is no entry). Two entries with
 * the same keys are 'invalid-value' at the second one's path: the document
 * contradicts itself, whatever the datastore holds, so not 'data-exists'
 * (which RFC 8040 keeps for a conflict with existing data, HTTP 409).
 */
import type { ListMeta } from '../../meta/meta.ts';
import type { DataContainer } from '../data-container.ts';
import { childPath, type DataPath } from '../data-path.ts';
import { report, type DecodeContext } from './decode-context.ts';
import { decodeListEntry } from './decode-list-entry.ts';
import { describeJson } from './json-shape.ts';
import { entryKey } from './value-key.ts';

export function decodeList(list: ListMeta, json: unknown, parentPath: DataPath, ctx: DecodeContext): DataContainer[] | undefined {
  if (!Array.isArray(json)) {
    report(ctx, 'invalid-value', `list "${list.name}" must be a JSON array of entry objects, got ${describeJson(json)}`, childPath(parentPath, list));
    return undefined;
  }
  const entries: DataContainer[] = [];
  const seen = new Set<string>();
  for (const item of json as unknown[]) {
    const entry = decodeListEntry(list, item, parentPath, ctx);
    if (entry === undefined) continue;
    if (entry.keys !== undefined) {
      const key = entryKey(entry.keys);
      if (seen.has(key)) {
        report(ctx, 'invalid-value', `list "${list.name}" has two entries with the same key; keys must be unique`, childPath(parentPath, list, entry.keys));
        continue;
      }
      seen.add(key);
    }
    entries.push(entry.container);
  }
  return entries.length > 0 ? entries : undefined;
}
