/**
 * bits (RFC 7950 §9.7, RFC 7951 §6.5): a space-separated list of the names of
 * the set bits; the runtime value is the array of names in position order.
 * Input may separate names by any whitespace, in any order; each name at most once.
 */
import type { BitMeta, TypeMeta } from '../meta/meta.ts';
import type { Codec } from './codec.ts';
import { jsonKind } from './json-kind.ts';
import { listNames } from './list-names.ts';
import { typeName } from './type-name.ts';
import { invalid, ok, quote, type Result, type YangValue } from './value.ts';

const positions = new WeakMap<readonly BitMeta[], ReadonlyMap<string, number>>();

function bitPositions(type: TypeMeta): ReadonlyMap<string, number> {
  const bits = type.bits ?? [];
  let map = positions.get(bits);
  if (map === undefined) {
    map = new Map(bits.map((b) => [b.name, b.position]));
    positions.set(bits, map);
  }
  return map;
}

const SEPARATORS = /[ \t\n\r]+/;

/** Checks bit names (known, each once) and orders them by position. */
function checkBits(type: TypeMeta, names: readonly string[], text: string): Result {
  const known = bitPositions(type);
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    if (!known.has(name)) {
      const expected = listNames((type.bits ?? []).map((b) => b.name));
      return invalid(`${quote(name)} in ${quote(text)} is not a bit of type ${typeName(type)}; expected ${expected}`);
    }
    if (names.indexOf(name) !== i) return invalid(`bit ${quote(name)} is given twice in ${quote(text)}`);
  }
  const position = (name: string): number => known.get(name) as number;
  return ok([...names].sort((a, b) => position(a) - position(b)));
}

function fromText(type: TypeMeta, text: string): Result {
  return checkBits(type, text.split(SEPARATORS).filter((name) => name !== ''), text);
}

function decodeJson(type: TypeMeta, json: unknown): Result {
  if (typeof json !== 'string') return invalid(`expected a string of bit names for type ${typeName(type)}, got ${jsonKind(json)}`);
  return fromText(type, json);
}

function validate(type: TypeMeta, value: YangValue): Result {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    return invalid(`a ${typeName(type)} value must be an array of bit names`);
  }
  const result = checkBits(type, value, value.join(' '));
  if (result.ok && (result.value as readonly string[]).some((name, i) => name !== value[i])) {
    return invalid(`the bits ${quote(value.join(' '))} are not in position order for type ${typeName(type)}`);
  }
  return result;
}

const encode = (_type: TypeMeta, value: YangValue): string => (value as readonly string[]).join(' ');

export const bitsCodec: Codec = { decodeJson, decodeString: fromText, encodeJson: encode, encodeString: encode, validate };
