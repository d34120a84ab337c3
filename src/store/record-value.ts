/**
 * Field values in journal records: the runtime value itself, as JSON, so a
 * replay needs no type codec. A bigint (int64, uint64) is `{"i":"123"}`;
 * every other YangValue is already JSON; anydata keeps its `{ any }`.
 */
import type { FieldValue } from '../data/field-value.ts';
import type { DataNodeMeta } from '../meta/meta.ts';
import type { YangValue } from '../types/value.ts';

export const encodeYangValue = (v: YangValue): unknown => (typeof v === 'bigint' ? { i: v.toString() } : v);

const isStrings = (j: readonly unknown[]): j is string[] => j.every((s) => typeof s === 'string');

/** The value, or undefined when `j` is not one. */
export const decodeYangValue = (j: unknown): YangValue | undefined => {
  switch (typeof j) {
    case 'number': case 'string': case 'boolean': return j;
    case 'object':
      if (j === null) return null;
      if (Array.isArray(j)) return isStrings(j) ? j : undefined;
      if (typeof (j as { i?: unknown }).i === 'string' && /^-?\d+$/.test((j as { i: string }).i)) return BigInt((j as { i: string }).i);
      return undefined;
    default: return undefined;
  }
};

export const encodeFieldValue = (meta: DataNodeMeta, v: FieldValue): unknown => {
  if (meta.kind === 'leaf-list') return (v as readonly YangValue[]).map(encodeYangValue);
  if (meta.kind === 'leaf') return encodeYangValue(v as YangValue);
  return v;
};

/** The value of a field of `meta`, or undefined when `j` is not one. */
export const decodeFieldValue = (meta: DataNodeMeta, j: unknown): FieldValue | undefined => {
  if (meta.kind === 'leaf') return decodeYangValue(j);
  if (meta.kind === 'leaf-list') {
    if (!Array.isArray(j)) return undefined;
    const out: YangValue[] = [];
    for (const e of j) {
      const v = decodeYangValue(e);
      if (v === undefined) return undefined;
      out.push(v);
    }
    return out;
  }
  if (meta.kind === 'anydata' || meta.kind === 'anyxml') {
    return typeof j === 'object' && j !== null && 'any' in j ? { any: (j as { any: unknown }).any } : undefined;
  }
  return undefined;
};
