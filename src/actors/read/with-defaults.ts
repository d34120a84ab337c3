/**
 * with-defaults (RFC 8040 §4.8.9, RFC 6243): report-all is the server's
 * basic mode: leaves a node leaves unset show their default; trim hides
 * values equal to the default; explicit shows what the node reports;
 * report-all-tagged marks defaults with the ietf-netconf-with-defaults
 * annotation.
 */
import type { LeafMeta } from '../../meta/meta.ts';
import { decodeString, encodeString } from '../../types/index.ts';
import type { YangValue } from '../../types/value.ts';
import type { FieldValue } from '../field-value.ts';

export type WithDefaults = 'report-all' | 'trim' | 'explicit' | 'report-all-tagged';

const decoded = new WeakMap<LeafMeta, YangValue | undefined>();

/** The leaf's default as a value (decoded once). Leaves in a choice get none: their case may not be in effect. */
export const defaultOf = (leaf: LeafMeta): YangValue | undefined => {
  if (decoded.has(leaf)) return decoded.get(leaf);
  let v: YangValue | undefined;
  if (leaf.default !== undefined && leaf.parent?.kind !== 'case') {
    const r = decodeString(leaf.type, leaf.default, {
      qualifier: 'prefix',
      prefixes: leaf.defaultPrefixes,
      leafModule: leaf.defaultPrefixes.get('') ?? leaf.module.name,
      identity: () => undefined,
    });
    v = r.ok ? r.value : undefined;
  }
  decoded.set(leaf, v);
  return v;
};

export interface Shown {
  readonly value: FieldValue | undefined;
  readonly isDefault: boolean;
}

/** Whether a leaf's value equals its default (compared by canonical text). */
export const sameAsDefault = (leaf: LeafMeta, a: FieldValue, b: YangValue): boolean =>
  a === b || encodeString(leaf.type, a as YangValue) === encodeString(leaf.type, b);

/** What to show for a leaf the node answered `value` for. */
export const applyWithDefaults = (leaf: LeafMeta, value: FieldValue | undefined, mode: WithDefaults): Shown => {
  if (mode === 'explicit' || leaf.default === undefined) return { value, isDefault: false };
  const d = defaultOf(leaf);
  if (d === undefined) return { value, isDefault: false };
  if (mode === 'trim') return value !== undefined && sameAsDefault(leaf, value, d) ? { value: undefined, isDefault: false } : { value, isDefault: false };
  if (value === undefined) return { value: d, isDefault: true };
  return { value, isDefault: mode === 'report-all-tagged' && sameAsDefault(leaf, value, d) };
};
