/**
 * One leaf or leaf-list value through the type codecs; their errors become
 * 'invalid-value' with the codec's app-tag and message. Leafrefs decode as
 * their target's type (the codec follows the path); whether the target
 * instance exists is a tree-level check, not done here.
 *
 * In the simplified mode an int64, uint64 or decimal64 value given as an
 * inexact JSON number (more than 15 significant digits) is decoded from its
 * exact source text (see `NumberTexts`), so it is never silently rounded.
 */
import type { LeafListMeta, LeafMeta, TypeMeta } from '../../meta/meta.ts';
import { decodeJson, leafrefTargetType, type YangValue } from '../../types/index.ts';
import type { DataPath } from '../data-path.ts';
import { report, type DecodeContext } from './decode-context.ts';

/** Where a JSON value sits in its parsed document: the object or array holding it and its member or index. */
export interface JsonSource {
  readonly holder: object;
  readonly key: string | number;
}

const EXACT_TEXT_TYPES = new Set(['int64', 'uint64', 'decimal64']);

const takesExactText = (type: TypeMeta): boolean => {
  const resolved = type.base === 'leafref' ? leafrefTargetType(type) : type;
  return resolved !== undefined && EXACT_TEXT_TYPES.has(resolved.base);
};

const exactJson = (type: TypeMeta, json: unknown, source: JsonSource, ctx: DecodeContext): unknown => {
  if (ctx.strict || typeof json !== 'number' || ctx.numbers === undefined) return json;
  const text = ctx.numbers.get(source.holder, source.key);
  return text !== undefined && takesExactText(type) ? text : json;
};

export function decodeValue(
  node: LeafMeta | LeafListMeta, json: unknown, source: JsonSource, path: DataPath, ctx: DecodeContext,
): YangValue | undefined {
  const result = decodeJson(node.type, exactJson(node.type, json, source, ctx), {
    strict: ctx.strict, leafModule: node.module.name, identity: ctx.identity, schema: ctx.schema,
  });
  if (result.ok) return result.value;
  for (const e of result.errors) report(ctx, 'invalid-value', e.message, path, e.appTag);
  return undefined;
}
