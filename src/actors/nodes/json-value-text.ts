/**
 * A field's value as JSON text (RFC 7951 §6 in strict mode; int64/uint64
 * as numbers where exact in plain mode), by an encoder chosen once per
 * schema node and mode: strings through the engine's own JSON escaping,
 * numbers and booleans without an intermediate value; other types through
 * their codec (src/types).
 */
import type { AnyValue } from '../../data/data-container.ts';
import type { AnydataMeta, LeafListMeta, LeafMeta, TypeMeta } from '../../meta/meta.ts';
import { encodeJson, leafrefTargetType } from '../../types/index.ts';
import type { YangValue } from '../../types/value.ts';
import type { FieldValue } from '../../data/field-value.ts';

type ScalarText = (value: YangValue) => string;
export type FieldMeta = LeafMeta | LeafListMeta | AnydataMeta;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = -MAX_SAFE;

/** What JSON escapes in a string: quote, backslash, control characters, and surrogates (a lone one is escaped). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A JSON string: the engine's escaping only when something needs escaping (quoting a plain string is cheaper). */
export const stringText = (s: string): string => (NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`);

const viaCodec = (type: TypeMeta, strict: boolean, leafModule: string): ScalarText => {
  const options = { strict, leafModule };
  return (v) => JSON.stringify(encodeJson(type, v, options));
};

/** The built-in type values of `type` are written as (a leafref's target's). */
export const baseOf = (type: TypeMeta): string | undefined => (type.base === 'leafref' ? leafrefTargetType(type)?.base : type.base);

/** The encoder of one value of `type` to JSON text. */
export const scalarText = (type: TypeMeta, strict: boolean, leafModule: string): ScalarText => {
  const slow = viaCodec(type, strict, leafModule);
  switch (baseOf(type)) {
    case 'string': case 'enumeration': case 'binary': case 'decimal64': case 'instance-identifier':
      return (v) => (typeof v === 'string' ? stringText(v) : slow(v));
    case 'boolean':
      return (v) => (v === true ? 'true' : v === false ? 'false' : slow(v));
    case 'int8': case 'int16': case 'int32': case 'uint8': case 'uint16': case 'uint32':
      return (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : slow(v));
    case 'int64': case 'uint64':
      return strict
        ? (v) => (typeof v === 'bigint' ? `"${v}"` : slow(v))
        : (v) => (typeof v === 'bigint' ? (v >= MIN_SAFE && v <= MAX_SAFE ? String(v) : `"${v}"`) : slow(v));
    default:
      return slow;
  }
};

const encoders: readonly [WeakMap<FieldMeta, (v: FieldValue) => string>, WeakMap<FieldMeta, (v: FieldValue) => string>] = [new WeakMap(), new WeakMap()];

export const anyText = (v: FieldValue): string => JSON.stringify((v as AnyValue).any ?? null);

const encoderOf = (meta: FieldMeta, strict: boolean): ((v: FieldValue) => string) => {
  if (meta.kind === 'anydata' || meta.kind === 'anyxml') return anyText;
  const one = scalarText((meta as LeafMeta | LeafListMeta).type, strict, meta.module.name);
  if (meta.kind === 'leaf') return one as (v: FieldValue) => string;
  return (v) => {
    const items = v as readonly YangValue[];
    let s = '[';
    for (let i = 0; i < items.length; i++) s += i === 0 ? one(items[i] as YangValue) : `,${one(items[i] as YangValue)}`;
    return `${s}]`;
  };
};

/** The encoder of a leaf's, leaf-list's or anydata's values to JSON text (made once per node and mode). */
export const valueEncoder = (meta: FieldMeta, strict: boolean): ((value: FieldValue) => string) => {
  const cache = encoders[strict ? 1 : 0];
  let e = cache.get(meta);
  if (e === undefined) {
    e = encoderOf(meta, strict);
    cache.set(meta, e);
  }
  return e;
};

/** The JSON text of a leaf's, leaf-list's or anydata's value. */
export const valueText = (meta: FieldMeta, value: FieldValue, strict: boolean): string => valueEncoder(meta, strict)(value);
