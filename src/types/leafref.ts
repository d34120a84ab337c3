/**
 * leafref (RFC 7950 §9.9, RFC 7951 §6.7): values are those of the target
 * leaf's type. Whether the instance exists (require-instance) is checked
 * against the datastore, not here.
 */
import type { TypeMeta } from '../meta/meta.ts';
import type { Codec } from './codec.ts';
import { codecFor } from './codec-for.ts';
import { typeName } from './type-name.ts';
import { invalid, type Result } from './value.ts';

/** The type of the leaf a leafref points to, following leafrefs to leafrefs. */
export function leafrefTargetType(type: TypeMeta): TypeMeta | undefined {
  let target: TypeMeta | undefined = type;
  for (let hops = 0; target?.base === 'leafref' && hops < 64; hops++) target = target.target?.type;
  return target?.base === 'leafref' ? undefined : target;
}

const unresolved = (type: TypeMeta): Result =>
  invalid(`leafref ${type.path?.text ?? typeName(type)} has no resolved target type`);

export const leafrefCodec: Codec = {
  decodeJson: (type, json, options) => {
    const target = leafrefTargetType(type);
    return target === undefined ? unresolved(type) : codecFor(target.base).decodeJson(target, json, options);
  },
  decodeString: (type, text, options) => {
    const target = leafrefTargetType(type);
    return target === undefined ? unresolved(type) : codecFor(target.base).decodeString(target, text, options);
  },
  encodeJson: (type, value, options) => {
    const target = leafrefTargetType(type);
    if (target === undefined) throw new TypeError(`leafref ${type.path?.text ?? ''} has no resolved target type`);
    return codecFor(target.base).encodeJson(target, value, options);
  },
  encodeString: (type, value) => {
    const target = leafrefTargetType(type);
    if (target === undefined) throw new TypeError(`leafref ${type.path?.text ?? ''} has no resolved target type`);
    return codecFor(target.base).encodeString(target, value);
  },
  validate: (type, value, identity) => {
    const target = leafrefTargetType(type);
    return target === undefined ? unresolved(type) : codecFor(target.base).validate(target, value, identity);
  },
};
