/**
 * A leaf-list: a JSON array of values. In configuration (config true) the
 * values must be unique (RFC 7950 §7.7.1); a repeated value is
 * 'invalid-value' at `…/name[.='value']`: the request document is wrong in
 * itself, whatever the datastore holds, so not 'data-exists'.
 */
import type { LeafListMeta } from '../../meta/meta.ts';
import type { YangValue } from '../../types/index.ts';
import { childPath, type DataPath } from '../data-path.ts';
import { report, type DecodeContext } from './decode-context.ts';
import { decodeValue } from './decode-value.ts';
import { describeJson } from './json-shape.ts';
import { valueKey } from './value-key.ts';

/** The values, or undefined when there are none (`[]`) or the shape is wrong. */
export function decodeLeafList(node: LeafListMeta, json: unknown, parentPath: DataPath, ctx: DecodeContext): YangValue[] | undefined {
  const path = childPath(parentPath, node);
  if (!Array.isArray(json)) {
    report(ctx, 'invalid-value', `leaf-list "${node.name}" must be a JSON array of values, got ${describeJson(json)}`, path);
    return undefined;
  }
  const values: YangValue[] = [];
  const seen = new Set<string>();
  json.forEach((item: unknown, i) => {
    const value = decodeValue(node, item, { holder: json, key: i }, path, ctx);
    if (value === undefined) return;
    const key = valueKey(value);
    if (node.config && seen.has(key)) {
      report(ctx, 'invalid-value', `leaf-list "${node.name}" has the value ${JSON.stringify(item)} twice; configuration leaf-list values must be unique`, childPath(parentPath, node, [value]));
      return;
    }
    seen.add(key);
    values.push(value);
  });
  return values.length > 0 ? values : undefined;
}
