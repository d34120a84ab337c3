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
import type { IdentityMeta, LeafMeta, TypeMeta } from '../../meta/meta.ts';
import { decodeString, encodeString } from '../../types/index.ts';
import type { IdentityLookup } from '../../types/options.ts';
import type { YangValue } from '../../types/value.ts';
import type { FieldValue } from '../field-value.ts';

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
const identityLookup = (leaf: LeafMeta): IdentityLookup => {
  let known: IdentityMeta[] | undefined;
  return (module, name) => {
    known ??= identitiesOf(leaf.type, []);
    return known.find((i) => i.name === name && i.module.name === module);
  };
};

/** The leaf's default as a value (decoded once), or undefined when it has none. */
export const defaultOf = (leaf: LeafMeta): YangValue | undefined => {
  if (decoded.has(leaf)) return decoded.get(leaf);
  let v: YangValue | undefined;
  if (leaf.default !== undefined) {
    const r = decodeString(leaf.type, leaf.default, {
      qualifier: 'prefix',
      prefixes: leaf.defaultPrefixes,
      leafModule: leaf.defaultPrefixes.get('') ?? leaf.module.name,
      identity: identityLookup(leaf),
    });
    v = r.ok ? r.value : undefined;
  }
  decoded.set(leaf, v);
  return v;
};

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
