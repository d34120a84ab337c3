/**
 * union (RFC 7950 §9.12, RFC 7951 §6.10): member types are tried in order;
 * the first that accepts the value wins, each under its own JSON rules (so
 * in RFC 7951 mode the JSON string "13" is never a uint16, and the number
 * 13.5 is neither a uint16 nor a string). The runtime value is that member's
 * value; encoding picks the first member the value is valid for.
 */
import type { TypeMeta } from '../meta/meta.ts';
import type { Codec, JsonScalar } from './codec.ts';
import { codecFor } from './codec-for.ts';
import type { IdentityLookup } from './options.ts';
import { typeName } from './type-name.ts';
import { invalid, ok, quote, type Result, type YangValue } from './value.ts';

const membersOf = (type: TypeMeta): readonly TypeMeta[] => type.members ?? [];

/** Tries each member; the first success, else one error summing up why each member refused. */
function firstMatch(type: TypeMeta, shown: string, attempt: (member: TypeMeta) => Result): Result {
  const reasons: string[] = [];
  for (const member of membersOf(type)) {
    const result = attempt(member);
    if (result.ok) return result;
    reasons.push(result.errors.map((e) => e.message).join(', '));
  }
  return invalid(`${shown} matches no member type of union ${typeName(type)} (${reasons.join('; ')})`);
}

/** The first member the runtime value is valid for. */
function memberFor(type: TypeMeta, value: YangValue, identity: IdentityLookup | undefined): TypeMeta | undefined {
  return membersOf(type).find((member) => codecFor(member.base).validate(member, value, identity).ok);
}

/** The JSON form of a value no member accepts (an invalid value): its plain shape. */
function fallbackJson(value: YangValue): JsonScalar {
  if (value === null) return [null];
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.join(' ');
  return value as string | number | boolean;
}

const shownJson = (json: unknown): string => (typeof json === 'string' ? quote(json) : JSON.stringify(json) ?? String(json));

export const unionCodec: Codec = {
  decodeJson: (type, json, options) =>
    firstMatch(type, shownJson(json), (member) => codecFor(member.base).decodeJson(member, json, options)),
  decodeString: (type, text, options) =>
    firstMatch(type, quote(text), (member) => codecFor(member.base).decodeString(member, text, options)),
  encodeJson: (type, value, options) => {
    const member = memberFor(type, value, options.identity);
    return member === undefined ? fallbackJson(value) : codecFor(member.base).encodeJson(member, value, options);
  },
  encodeString: (type, value) => {
    const member = memberFor(type, value, undefined);
    return member === undefined ? String(fallbackJson(value)) : codecFor(member.base).encodeString(member, value);
  },
  validate: (type, value, identity) => {
    const member = memberFor(type, value, identity);
    return member === undefined
      ? invalid(`the value matches no member type of union ${typeName(type)}`)
      : ok(value);
  },
};
