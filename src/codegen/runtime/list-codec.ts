/**
 * The io-ts codecs of a list (an array of entry objects, keys unique) and a
 * leaf-list (an array of values, unique in configuration), in RFC 7951 form.
 */
import * as t from 'io-ts';
import type { LeafCodec } from './leaf-codec.ts';

/** What a list needs of its key leaves' codecs. */
export interface KeyCodec {
  valueKey(u: unknown): string | undefined;
}

const collectArray = (
  name: string, u: unknown, c: t.Context, item: t.Mixed, keyOf: (v: unknown) => string | undefined, unique: boolean, word: string,
): t.Errors => {
  if (!Array.isArray(u)) return [{ value: u, context: c, message: `${name} must be a JSON array` }];
  const errors: t.ValidationError[] = [];
  const seen = new Set<string>();
  u.forEach((v: unknown, i) => {
    const at = t.appendContext(c, String(i), item, v);
    const r = item.validate(v, at);
    if (r._tag === 'Left') {
      errors.push(...r.left);
      return;
    }
    const key = unique ? keyOf(v) : undefined;
    if (key === undefined) return;
    if (seen.has(key)) errors.push({ value: v, context: at, message: `${name}: this ${word} is given twice` });
    seen.add(key);
  });
  return errors;
};

class ArrayCodec<A> extends t.Type<A[], A[], unknown> {
  constructor(name: string, item: t.Mixed, keyOf: (v: unknown) => string | undefined, unique: boolean, word: 'key' | 'value') {
    super(
      name,
      (u): u is A[] => collectArray(name, u, [], item, keyOf, unique, word).length === 0,
      (u, c) => {
        const errors = collectArray(name, u, c, item, keyOf, unique, word);
        return errors.length === 0 ? t.success(u as A[]) : t.failures(errors);
      },
      t.identity,
    );
  }
}

/** A list: entries by `entry`, no two with the same values of `keys` (a keyless list: no check). */
export const yangList = <A>(name: string, entry: t.Type<A, A, unknown>, keys: Readonly<Record<string, KeyCodec>>): t.Type<A[], A[], unknown> => {
  const names = Object.keys(keys);
  const entryKey = (v: unknown): string | undefined => {
    const parts: string[] = [];
    for (const k of names) {
      const part = keys[k]?.valueKey((v as Record<string, unknown>)[k]);
      if (part === undefined) return undefined;
      parts.push(part);
    }
    return parts.join('\u0000');
  };
  return new ArrayCodec<A>(name, entry, entryKey, names.length > 0, 'key');
};

/** A leaf-list: values by `value`; in configuration (`config`) each at most once. */
export const yangLeafList = <A>(name: string, value: LeafCodec<A>, config: boolean): t.Type<A[], A[], unknown> =>
  new ArrayCodec<A>(name, value, (v) => value.valueKey(v), config, 'value');

/** anydata (a JSON object, RFC 7951 §5.5) and anyxml (any JSON value). */
export const yangAnydata = (name: string): t.Type<Record<string, unknown>, Record<string, unknown>, unknown> =>
  new t.Type<Record<string, unknown>, Record<string, unknown>, unknown>(
    name,
    (u): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u),
    (u, c) => (typeof u === 'object' && u !== null && !Array.isArray(u) ? t.success(u as Record<string, unknown>) : t.failure(u, c, `${name} must be a JSON object`)),
    t.identity,
  );
