/**
 * A YANG type → the JSON Schema of its RFC 7951 JSON encoding: integers up
 * to 32 bits as JSON integers with their ranges; int64, uint64 and
 * decimal64 as strings (RFC 7951 §6.1); enumerations as enums of their
 * names; string lengths and the patterns that translate to JavaScript
 * (`u` flag, anchored); `empty` as `[null]`; binary as base64; unions as
 * `anyOf`; a leafref as its target's type. The plain mode also answers an
 * int64 or uint64 that fits a JavaScript number as a number, and reads
 * numbers for 64-bit integers and decimal64.
 */
import type { Interval, TypeMeta } from '../meta/meta.ts';
import { translateXsdRegex } from '../types/xsd-regex.ts';
import type { BodyMode } from './body-mode.ts';
import type { JsonSchema } from './json-schema.ts';

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const asNumber = (n: bigint): number | undefined => (n <= SAFE && n >= -SAFE ? Number(n) : undefined);

const bounds = (i: Interval): JsonSchema => {
  const out: Record<string, unknown> = {};
  const min = asNumber(i.min);
  const max = asNumber(i.max);
  if (min !== undefined) out.minimum = min;
  if (max !== undefined) out.maximum = max;
  return out;
};

const INTEGER_BOUNDS: Readonly<Record<string, Interval>> = {
  int8: { min: -128n, max: 127n },
  int16: { min: -32768n, max: 32767n },
  int32: { min: -2147483648n, max: 2147483647n },
  uint8: { min: 0n, max: 255n },
  uint16: { min: 0n, max: 65535n },
  uint32: { min: 0n, max: 4294967295n },
};

const rangeText = (intervals: readonly Interval[], scale = 0): string =>
  intervals.map((i) => {
    const f = (n: bigint): string => (scale === 0 ? String(n) : (Number(n) / 10 ** scale).toFixed(scale));
    return i.min === i.max ? f(i.min) : `${f(i.min)}..${f(i.max)}`;
  }).join(' | ');

const withDescription = (schema: JsonSchema, text: string | undefined): JsonSchema =>
  text === undefined ? schema : { ...schema, description: text };

const stringSchema = (type: TypeMeta): JsonSchema => {
  const out: Record<string, unknown> = { type: 'string' };
  const length = type.length?.value;
  if (length !== undefined && length.length > 0) {
    const min = asNumber(length[0]!.min);
    const max = asNumber(length.at(-1)!.max);
    if (min !== undefined && min > 0) out.minLength = min;
    if (max !== undefined) out.maxLength = max;
  }
  const patterns = type.patterns.filter((p) => !p.invertMatch).map((p) => translateXsdRegex(p.source)).flatMap((t) => (t.ok ? [t.source] : []));
  if (patterns.length === 1) out.pattern = patterns[0];
  else if (patterns.length > 1) out.allOf = patterns.map((pattern) => ({ pattern }));
  return out;
};

export const typeSchema = (type: TypeMeta, mode: BodyMode = 'strict', seen: ReadonlySet<TypeMeta> = new Set()): JsonSchema => {
  switch (type.base) {
    case 'int8': case 'int16': case 'int32': case 'uint8': case 'uint16': case 'uint32': {
      const ranges = type.range?.value ?? [INTEGER_BOUNDS[type.base]!];
      if (ranges.length === 1) return { type: 'integer', ...bounds(ranges[0]!) };
      return { type: 'integer', anyOf: ranges.map(bounds) };
    }
    case 'int64': case 'uint64': {
      const text = { type: 'string', pattern: type.base === 'uint64' ? '^[0-9]+$' : '^-?[0-9]+$', format: type.base };
      const range = type.range === undefined ? type.base : `${type.base} in ${rangeText(type.range.value)}`;
      return mode === 'strict'
        ? withDescription(text, `${range}, as a string (RFC 7951)`)
        : withDescription({ anyOf: [{ type: 'integer', ...(type.base === 'uint64' ? { minimum: 0 } : {}) }, text] }, `${range}: a number where it fits a JavaScript number, else a string`);
    }
    case 'decimal64': {
      const text = { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$' };
      const what = `decimal64 with ${type.fractionDigits ?? 1} fraction digits${type.range === undefined ? '' : ` in ${rangeText(type.range.value, type.fractionDigits)}`}`;
      return mode === 'strict'
        ? withDescription(text, `${what}, as a string (RFC 7951)`)
        : withDescription({ anyOf: [text, { type: 'number' }] }, `${what}: answered as a string, read as a string or a number`);
    }
    case 'string':
      return stringSchema(type);
    case 'boolean':
      return { type: 'boolean' };
    case 'empty':
      return { type: 'array', items: { type: 'null' }, minItems: 1, maxItems: 1, description: 'empty: [null]' };
    case 'enumeration':
      return { type: 'string', enum: (type.enums ?? []).map((e) => e.name) };
    case 'bits':
      return withDescription({ type: 'string' }, `bits, space-separated: ${(type.bits ?? []).map((b) => b.name).join(' ')}`);
    case 'binary':
      return { type: 'string', contentEncoding: 'base64' };
    case 'identityref':
      return withDescription({ type: 'string' }, `identityref: an identity derived from ${(type.bases ?? []).map((b) => `${b.module.name}:${b.name}`).join(', ')}`);
    case 'instance-identifier':
      return withDescription({ type: 'string' }, 'instance-identifier (RFC 7951 §6.11)');
    case 'leafref': {
      const target = type.target;
      if (target === undefined || seen.has(type)) return withDescription({ type: 'string' }, `leafref ${type.path?.text ?? ''}`.trim());
      return withDescription(typeSchema(target.type, mode, new Set([...seen, type])), `leafref ${type.path?.text ?? ''}`.trim());
    }
    case 'union':
      return { anyOf: (type.members ?? []).map((m) => typeSchema(m, mode, seen)) };
  }
};
