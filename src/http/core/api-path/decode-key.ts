/**
 * Key values of `list=k1,k2` and the value of `leaf-list=v` (RFC 8040
 * §3.5.3): already percent-decoded text, decoded by the leaf's type as
 * instance data (identities qualified by module names).
 */
import type { LeafListMeta, LeafMeta, SchemaContext } from '../../../meta/meta.ts';
import { decodeString, type YangValue } from '../../../types/index.ts';
import { identityLookup } from '../identity-lookup.ts';

export type DecodedKey = { readonly ok: true; readonly value: YangValue } | { readonly ok: false; readonly message: string };

export const decodeKey = (leaf: LeafMeta | LeafListMeta, text: string, schema: SchemaContext): DecodedKey => {
  const r = decodeString(leaf.type, text, { qualifier: 'module', leafModule: leaf.module.name, identity: identityLookup(schema) });
  return r.ok ? r : { ok: false, message: `"${leaf.name}": ${r.errors.map((e) => e.message).join('; ')}` };
};
