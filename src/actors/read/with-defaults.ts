/**
 * with-defaults (RFC 8040 §4.8.9, RFC 6243): report-all is the server's
 * basic mode: leaves a node leaves unset show their default; trim hides
 * values equal to the default; explicit shows what was set, and state
 * (config false) leaves with the default they hold (RFC 6243 §2.3.1 as
 * corrected by erratum 7426: the server sets those, so they are reported);
 * report-all-tagged marks defaults with the ietf-netconf-with-defaults
 * annotation.
 *
 * A leaf in a case has its default only where its case is in effect: the
 * callers ask for it only there (active-case.ts).
 */
import type { IdentityMeta, LeafListMeta, LeafMeta, TypeMeta } from '../../meta/meta.ts';
import { decodeString, encodeString } from '../../types/index.ts';
import type { IdentityLookup } from '../../types/options.ts';
import type { YangValue } from '../../types/value.ts';
import type { FieldValue } from '../../data/field-value.ts';

export type WithDefaults = 'report-all' | 'trim' | 'explicit' | 'report-all-tagged';

const decoded = new WeakMap<LeafMeta, YangValue | undefined>();

/** The identities a value of `type` may name: its bases and what derives from them (unions and leafrefs followed). */
const identitiesOf = (type: TypeMeta, into: IdentityMeta[]): IdentityMeta[] => {
  const add = (i: IdentityMeta): void => {
    if (into.includes(i)) return;
    into.push(i);
    for (const d of i.derived) add(d);
  };
  for (const b of type.bases ?? []) add(b);
  for (const m of type.members ?? []) identitiesOf(m, into);
  if (type.target !== undefined) identitiesOf(type.target.type, into);
  return into;
};

/** Finds the identities a leaf's default may name without the schema context: they derive from its type's bases. */
const identityLookup = (leaf: LeafMeta | LeafListMeta): IdentityLookup => {
  let known: IdentityMeta[] | undefined;
  return (module, name) => {
    known ??= identitiesOf(leaf.type, []);
    return known.find((i) => i.name === name && i.module.name === module);
  };
};

/** A default as written in the module, as a value; undefined when it does not decode. */
const decodeDefault = (meta: LeafMeta | LeafListMeta, text: string): YangValue | undefined => {
  const r = decodeString(meta.type, text, {
    qualifier: 'prefix',
    prefixes: meta.defaultPrefixes,
    leafModule: meta.defaultPrefixes.get('') ?? meta.module.name,
    identity: identityLookup(meta),
  });
  return r.ok ? r.value : undefined;
};

/** The leaf's default as a value (decoded once), or undefined when it has none. */
export const defaultOf = (leaf: LeafMeta): YangValue | undefined => {
  if (decoded.has(leaf)) return decoded.get(leaf);
  const v = leaf.default === undefined ? undefined : decodeDefault(leaf, leaf.default);
  decoded.set(leaf, v);
  return v;
};

const decodedList = new WeakMap<LeafListMeta, readonly YangValue[] | undefined>();

/** A leaf-list's defaults as values (decoded once; RFC 7950 §7.7.2), or undefined when it has none. */
export const defaultsOf = (list: LeafListMeta): readonly YangValue[] | undefined => {
  if (decodedList.has(list)) return decodedList.get(list);
  const vs = list.defaults.map((d) => decodeDefault(list, d)).filter((v): v is YangValue => v !== undefined);
  const out = vs.length === 0 ? undefined : vs;
  decodedList.set(list, out);
  return out;
};

/**
 * What to show for a leaf-list the node answered `values` for: its defaults
 * when it has no instance and the mode shows them; trim and explicit (for
 * config) leave what was set as it is.
 */
export const applyListDefaults = (list: LeafListMeta, values: FieldValue | undefined, mode: WithDefaults): Shown => {
  if (values !== undefined || list.defaults.length === 0 || !showsDefault(list, mode)) return { value: values, isDefault: false };
  const d = defaultsOf(list);
  return d === undefined ? { value: values, isDefault: false } : { value: d as FieldValue, isDefault: mode === 'report-all-tagged' };
};

/** The with-defaults annotation of a member shown with its default: one per leaf-list instance (RFC 7952 §5.2.1). */
export const defaultTag = (meta: { readonly kind: string }, value: FieldValue): string =>
  meta.kind === 'leaf-list'
    ? `[${(value as readonly unknown[]).map(() => '{"ietf-netconf-with-defaults:default":true}').join(',')}]`
    : '{"ietf-netconf-with-defaults:default":true}';

/** Whether `mode` shows the default of a leaf that holds no value: report-all and report-all-tagged always, explicit for state leaves. */
export const showsDefault = (leaf: { readonly config: boolean }, mode: WithDefaults): boolean =>
  mode === 'report-all' || mode === 'report-all-tagged' || (mode === 'explicit' && !leaf.config);

export interface Shown {
  readonly value: FieldValue | undefined;
  readonly isDefault: boolean;
}

/** Whether a leaf's value equals its default (compared by canonical text). */
export const sameAsDefault = (leaf: LeafMeta, a: FieldValue, b: YangValue): boolean =>
  a === b || encodeString(leaf.type, a as YangValue) === encodeString(leaf.type, b);

/** What to show for a leaf the node answered `value` for. */
export const applyWithDefaults = (leaf: LeafMeta, value: FieldValue | undefined, mode: WithDefaults): Shown => {
  if (leaf.default === undefined || (mode === 'explicit' && (leaf.config || value !== undefined))) return { value, isDefault: false };
  const d = defaultOf(leaf);
  if (d === undefined) return { value, isDefault: false };
  if (mode === 'trim') return value !== undefined && sameAsDefault(leaf, value, d) ? { value: undefined, isDefault: false } : { value, isDefault: false };
  if (value === undefined) return { value: d, isDefault: mode === 'report-all-tagged' };
  return { value, isDefault: mode === 'report-all-tagged' && sameAsDefault(leaf, value, d) };
};

/** What a leaf or leaf-list addressed directly answers (RFC 8040 §3.5.4): its value, or its default where the mode shows it (tagged in report-all-tagged). */
export const shownAt = (meta: LeafMeta | LeafListMeta, value: FieldValue | undefined, mode: WithDefaults): Shown =>
  meta.kind === 'leaf' ? applyWithDefaults(meta, value, mode) : applyListDefaults(meta, value, mode);
