/**
 * One list entry. Its key leaves are decoded first, so that errors inside the
 * entry carry its keys in their path (`/m:list[name='a']/leaf`); errors in a
 * key leaf itself are at `/m:list/key` (as libyang reports them). An entry
 * without one of its keys is an error at the list's path (no predicates).
 */
import type { DataNodeMeta, LeafMeta, ListMeta } from '../../meta/meta.ts';
import type { YangValue } from '../../types/index.ts';
import { DataContainer, type DataValue } from '../data-container.ts';
import { childPath, type DataPath } from '../data-path.ts';
import { report, type DecodeContext } from './decode-context.ts';
import { decodeMembers } from './decode-members.ts';
import { decodeValue } from './decode-value.ts';
import { describeJson, isJsonObject } from './json-shape.ts';
import { scopeOf } from './member-scope.ts';
import { resolveMember } from './resolve-member.ts';

export interface DecodedEntry {
  readonly container: DataContainer;
  /** The key values in key order; undefined for a keyless list or when a key is missing or invalid. */
  readonly keys: readonly YangValue[] | undefined;
}

const isKeyOf = (list: ListMeta, node: DataNodeMeta): node is LeafMeta => node.kind === 'leaf' && list.keys.includes(node);

export function decodeListEntry(list: ListMeta, json: unknown, parentPath: DataPath, ctx: DecodeContext): DecodedEntry | undefined {
  const listPath = childPath(parentPath, list);
  if (!isJsonObject(json)) {
    report(ctx, 'invalid-value', `an entry of list "${list.name}" must be a JSON object, got ${describeJson(json)}`, listPath);
    return undefined;
  }
  const scope = scopeOf(list);
  const keyValues = new Map<DataNodeMeta, DataValue | undefined>();
  for (const [name, value] of Object.entries(json)) {
    const r = resolveMember(name, scope, ctx.strict, ctx.schema);
    if (!r.ok || !isKeyOf(list, r.node) || keyValues.has(r.node)) continue;
    keyValues.set(r.node, decodeValue(r.node, value, { holder: json, key: name }, childPath(listPath, r.node), ctx));
  }
  for (const key of list.keys) {
    if (!keyValues.has(key)) {
      // RFC 7950 §8.3.1: 'missing-element' (RFC 6241 Appendix A: error-info `bad-element` names it).
      report(ctx, 'missing-element', `an entry of list "${list.name}" has no value for its key "${key.name}"`, listPath, undefined, { 'bad-element': key.name });
    }
  }
  const values = list.keys.map((key) => keyValues.get(key) as YangValue | undefined);
  const keys = list.keys.length > 0 && values.every((v) => v !== undefined) ? (values as YangValue[]) : undefined;
  const container = new DataContainer(list);
  const entryPath = keys === undefined ? listPath : childPath(parentPath, list, keys);
  decodeMembers(json, scope, entryPath, ctx, (node, value) => container.set(node, value), keyValues);
  return { container, keys };
}
