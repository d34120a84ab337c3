/**
 * Values between an application's objects and the runtime. Reading, a value
 * is checked against the leaf's type with `validateValue` (a bad one is an
 * operation-failed error naming the path, never a crash); a JavaScript
 * number is accepted for a 64-bit integer (int64, uint64, and unions or
 * leafrefs of them) and turned into the bigint the runtime uses; `null` on
 * a leaf whose type has no null value (anything but `empty`) means absent,
 * as does an empty array for a leaf-list. Other values must already have
 * their runtime form (src/types/value.ts): decimal64 a canonical string,
 * identityref `module:name`, bits an array of names. Writing, values go in as the
 * runtime holds them (bigint for 64-bit), except that a property or array
 * holding numbers keeps numbers when the value is a safe integer.
 */
import type { AnydataMeta, LeafListMeta, LeafMeta, SchemaContext, TypeMeta } from '../../meta/meta.ts';
import type { DataPath } from '../../data/data-path.ts';
import type { AnyValue } from '../../data/data-container.ts';
import { leafrefTargetType, validateValue, type IdentityLookup, type YangValue } from '../../types/index.ts';
import { isWideInteger } from '../../types/integer-ranges.ts';
import type { FieldValue } from '../../data/field-value.ts';
import { badApplicationData, describeValue } from './node-errors.ts';

export type FieldMeta = LeafMeta | LeafListMeta | AnydataMeta;

const wideCache = new WeakMap<TypeMeta, boolean>();

/** Whether a type takes bigint values (int64, uint64, or a union or leafref of one). */
const takesBigint = (type: TypeMeta): boolean => {
  let w = wideCache.get(type);
  if (w === undefined) {
    const t = type.base === 'leafref' ? leafrefTargetType(type) : type;
    w = t !== undefined && (isWideInteger(t.base) || (t.base === 'union' && (t.members ?? []).some(takesBigint)));
    wideCache.set(type, w);
  }
  return w;
};

const isScalar = (v: unknown): v is YangValue => {
  switch (typeof v) {
    case 'number': case 'bigint': case 'string': case 'boolean': return true;
    default: return v === null || (Array.isArray(v) && v.every((s) => typeof s === 'string'));
  }
};

/** An int64 or uint64 (directly or through a leafref): a number is taken as its bigint at once. */
const isWide = (type: TypeMeta): boolean => isWideInteger(type.base) || (type.base === 'leafref' && isWideInteger(leafrefTargetType(type)?.base ?? 'string'));

const lookups = new WeakMap<SchemaContext, IdentityLookup>();

/** An identity lookup over a schema, for identityref values (one per schema). */
export const identitiesOf = (schema: SchemaContext | undefined): IdentityLookup | undefined => {
  if (schema === undefined) return undefined;
  let l = lookups.get(schema);
  if (l === undefined) {
    l = (module, name) => schema.modules.get(module)?.identities.get(name);
    lookups.set(schema, l);
  }
  return l;
};

const oneValue = (type: TypeMeta, raw: unknown, path: DataPath, identity: IdentityLookup | undefined, where: string): YangValue => {
  if (!isScalar(raw)) throw badApplicationData(path, `${where}${describeValue(raw)} is not a YANG value`);
  if (typeof raw === 'number' && Number.isInteger(raw) && isWide(type)) {
    const b = validateValue(type, BigInt(raw), identity);
    if (b.ok) return b.value;
    throw badApplicationData(path, `${where}${b.errors.map((e) => e.message).join('; ')}`);
  }
  const r = validateValue(type, raw, identity);
  if (r.ok) return r.value;
  if (typeof raw === 'number' && Number.isInteger(raw) && takesBigint(type)) {
    const b = validateValue(type, BigInt(raw), identity);
    if (b.ok) return b.value;
    throw badApplicationData(path, `${where}${b.errors.map((e) => e.message).join('; ')}`);
  }
  throw badApplicationData(path, `${where}${describeValue(raw)}: ${r.errors.map((e) => e.message).join('; ')}`);
};

/** The field value of an application's raw value; undefined when absent. */
export const fromApplication = (meta: FieldMeta, raw: unknown, path: DataPath, identity?: IdentityLookup): FieldValue | undefined => {
  if (raw === undefined) return undefined;
  if (meta.kind !== 'leaf' && meta.kind !== 'leaf-list') return { any: raw };
  if (meta.kind === 'leaf-list') {
    if (raw === null) return undefined;
    if (!Array.isArray(raw)) throw badApplicationData(path, `a leaf-list needs an array, got ${describeValue(raw)}`);
    if (raw.length === 0) return undefined;
    return raw.map((v: unknown, i) => oneValue(meta.type, v, path, identity, `entry ${i}: `));
  }
  if (raw === null && !validateValue(meta.type, null).ok) return undefined;
  return oneValue(meta.type, raw, path, identity, '');
};

const likeNumbers = (v: YangValue, current: unknown): YangValue =>
  typeof v === 'bigint' && typeof current === 'number' && v >= -9007199254740991n && v <= 9007199254740991n ? Number(v) : v;

/** What to store for a field value, given what the property holds now. */
export const toApplication = (meta: FieldMeta, value: FieldValue, current: unknown): unknown => {
  if (meta.kind !== 'leaf' && meta.kind !== 'leaf-list') return (value as AnyValue).any;
  if (meta.kind === 'leaf-list') {
    const sample: unknown = Array.isArray(current) ? current[0] : undefined;
    return (value as readonly YangValue[]).map((v) => likeNumbers(v, sample));
  }
  return likeNumbers(value as YangValue, current);
};
