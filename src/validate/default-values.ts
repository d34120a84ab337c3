/**
 * The default values of a leaf or leaf-list as runtime values, decoded once
 * from the text written in the module (prefixes resolved where the default
 * was written). A default that does not decode is left out.
 */
import type { LeafListMeta, LeafMeta, SchemaContext } from '../meta/meta.ts';
import { decodeString, type YangValue } from '../types/index.ts';

const cache = new WeakMap<LeafMeta | LeafListMeta, readonly YangValue[]>();

export function defaultValues(meta: LeafMeta | LeafListMeta, schema: SchemaContext): readonly YangValue[] {
  let values = cache.get(meta);
  if (values !== undefined) return values;
  const texts = meta.kind === 'leaf' ? (meta.default === undefined ? [] : [meta.default]) : meta.defaults;
  const out: YangValue[] = [];
  for (const text of texts) {
    const r = decodeString(meta.type, text, {
      leafModule: meta.defaultPrefixes.get('') ?? meta.module.name,
      identity: (module, name) => schema.modules.get(module)?.identities.get(name),
      qualifier: 'prefix',
      prefixes: meta.defaultPrefixes,
    });
    if (r.ok) out.push(r.value);
  }
  values = out;
  cache.set(meta, values);
  return values;
}
