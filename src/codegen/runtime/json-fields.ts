/**
 * Field overrides that let `reflect` read and write leaf values in their RFC
 * 7951 JSON form (int64 and decimal64 as strings, empty as `[null]`, bits as
 * one string, identities unqualified in their own module), the form the
 * generated types give them: read values are decoded by the type's codec, a
 * value that does not decode is an 'operation-failed' error at its path.
 */
import type { FieldOverride } from '../../actors/nodes/reflect-options.ts';
import { identitiesOf } from '../../actors/nodes/application-value.ts';
import { memberName } from '../../actors/nodes/member-name.ts';
import { badApplicationData } from '../../actors/nodes/node-errors.ts';
import type { DataDef, LeafListMeta, LeafMeta, ModuleMeta, SchemaContext } from '../../meta/meta.ts';
import { decodeJson } from '../../types/decode-json.ts';
import { encodeJson } from '../../types/encode-json.ts';
import type { YangValue } from '../../types/value.ts';
import type { FieldValue } from '../../data/field-value.ts';
import type { FieldRequest } from '../../actors/requests.ts';

const jsonOverride = (schema: SchemaContext): FieldOverride => {
  const identity = identitiesOf(schema) ?? (() => undefined);
  const fromJson = (meta: LeafMeta | LeafListMeta, json: unknown, r: FieldRequest): YangValue => {
    const d = decodeJson(meta.type, json, { strict: true, leafModule: meta.module.name, identity, schema });
    if (!d.ok) throw badApplicationData(r.path, `${JSON.stringify(json)}: ${d.errors.map((e) => e.message).join('; ')}`);
    return d.value;
  };
  const toJson = (meta: LeafMeta | LeafListMeta, v: YangValue): unknown =>
    encodeJson(meta.type, v, { strict: true, leafModule: meta.module.name, identity });
  return {
    get: (obj, r) => {
      const meta = r.meta;
      const raw = (obj as Record<string, unknown>)[memberName(meta)];
      if (raw === undefined || (meta.kind !== 'leaf' && meta.kind !== 'leaf-list')) return raw;
      if (meta.kind === 'leaf-list') return Array.isArray(raw) ? raw.map((v: unknown) => fromJson(meta, v, r)) : raw;
      return fromJson(meta, raw, r);
    },
    set: (obj, value: FieldValue | undefined, r) => {
      const meta = r.meta;
      const o = obj as Record<string, unknown>;
      const name = memberName(meta);
      if (value === undefined) delete o[name];
      else if (meta.kind === 'leaf') o[name] = toJson(meta, value as YangValue);
      else if (meta.kind === 'leaf-list') o[name] = (value as readonly YangValue[]).map((v) => toJson(meta, v));
      else o[name] = (value as { any: unknown }).any;
    },
  };
};

/** The JSON-form override for the name of every leaf and leaf-list of the module's data. */
export const jsonFields = (module: ModuleMeta, schema: SchemaContext): Record<string, FieldOverride> => {
  const override = jsonOverride(schema);
  const table: Record<string, FieldOverride> = {};
  const walk = (defs: readonly DataDef[]): void => {
    for (const d of defs) {
      if (d.recursive) continue;
      if (d.kind === 'leaf' || d.kind === 'leaf-list') table[d.name] = override;
      else if (d.kind === 'choice') for (const c of d.cases) walk(c.children);
      else if (d.kind === 'container' || d.kind === 'list') walk(d.children);
    }
  };
  walk(module.children);
  return table;
};
