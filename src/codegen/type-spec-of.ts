/** A compiled type as the plain TypeSpec generated codecs carry (leafrefs resolved to their target's type). */
import type { Interval, TypeMeta } from '../meta/meta.ts';
import { leafrefTargetType } from '../types/leafref.ts';
import type { SpecInterval, TypeSpec } from './runtime/type-spec.ts';
import { admittedIdentities } from './admitted-identities.ts';

const intervals = (list: readonly Interval[]): SpecInterval[] => list.map(({ min, max }) => [min.toString(), max.toString()]);

/** The type a value of `type` is decoded as: a leafref's target type, followed to the end. */
export const valueType = (type: TypeMeta): TypeMeta => {
  let t = type;
  for (let i = 0; t.base === 'leafref' && i < 32; i += 1) {
    const next = leafrefTargetType(t);
    if (next === undefined) break;
    t = next;
  }
  return t;
};

export const typeSpecOf = (type: TypeMeta): TypeSpec => {
  const t = valueType(type);
  const base = t.base === 'leafref' ? 'string' : t.base;
  const spec: { -readonly [K in keyof TypeSpec]: TypeSpec[K] } = { base };
  if (t.range !== undefined) spec.range = intervals(t.range.value);
  if (t.length !== undefined) spec.length = intervals(t.length.value);
  if (t.patterns.length > 0) spec.patterns = t.patterns.map((p) => [p.source, p.invertMatch]);
  if (t.fractionDigits !== undefined) spec.fractionDigits = t.fractionDigits;
  if (t.enums !== undefined) spec.enums = t.enums.map((e) => [e.name, e.value]);
  if (t.bits !== undefined) spec.bits = t.bits.map((b) => [b.name, b.position]);
  if (t.base === 'identityref') spec.identities = admittedIdentities(t.bases ?? []);
  if (t.members !== undefined) spec.members = t.members.map(typeSpecOf);
  return spec;
};
