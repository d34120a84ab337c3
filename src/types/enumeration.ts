/** enumeration (RFC 7950 §9.6, RFC 7951 §6.4): the runtime value and JSON value are the enum name. */
import type { EnumMeta, TypeMeta } from '../meta/meta.ts';
import type { Codec } from './codec.ts';
import { jsonKind } from './json-kind.ts';
import { listNames } from './list-names.ts';
import { typeName } from './type-name.ts';
import { invalid, ok, quote, type Result, type YangValue } from './value.ts';

const names = new WeakMap<readonly EnumMeta[], ReadonlySet<string>>();

function enumNames(type: TypeMeta): ReadonlySet<string> {
  const enums = type.enums ?? [];
  let set = names.get(enums);
  if (set === undefined) {
    set = new Set(enums.map((e) => e.name));
    names.set(enums, set);
  }
  return set;
}

function checkEnum(type: TypeMeta, text: string): Result {
  if (enumNames(type).has(text)) return ok(text);
  const expected = listNames((type.enums ?? []).map((e) => e.name));
  return invalid(`${quote(text)} is not a value of type ${typeName(type)}; expected one of ${expected}`);
}

function decodeJson(type: TypeMeta, json: unknown): Result {
  if (typeof json !== 'string') return invalid(`expected a string for type ${typeName(type)}, got ${jsonKind(json)}`);
  return checkEnum(type, json);
}

function validate(type: TypeMeta, value: YangValue): Result {
  if (typeof value !== 'string') return invalid(`a ${typeName(type)} value must be a string`);
  return checkEnum(type, value);
}

export const enumerationCodec: Codec = {
  decodeJson,
  decodeString: checkEnum,
  encodeJson: (_type, value) => value as string,
  encodeString: (_type, value) => value as string,
  validate,
};
