/**
 * A whole datastore document (`{"mod-a:x": …, "mod-b:y": …}`) → one data
 * tree per module that has data in it, by module name. Top-level members
 * resolve among the top-level data nodes of every implemented module of the
 * schema. Checks and error tags as `decodeData`.
 */
import type { ModuleMeta, SchemaContext } from '../../meta/meta.ts';
import { DataContainer } from '../data-container.ts';
import { rootPath } from '../data-path.ts';
import { createContext, report } from './decode-context.ts';
import { decodeMembers } from './decode-members.ts';
import type { DecodeOptions, DecodeResult } from './decode-options.ts';
import { describeJson, isJsonObject } from './json-shape.ts';
import { modulesIndex, type NameIndex } from './name-index.ts';
import type { MemberScope } from './resolve-member.ts';

export type DatastoreDecodeOptions = Omit<DecodeOptions, 'schema' | 'path'>;

const indexes = new WeakMap<SchemaContext, NameIndex>();

/** The scope of a datastore's top level: every implemented module's top-level nodes. */
export const datastoreScope = (schema: SchemaContext): MemberScope => {
  let index = indexes.get(schema);
  if (index === undefined) {
    index = modulesIndex([...schema.modules.values()].filter((m) => m.implemented));
    indexes.set(schema, index);
  }
  return { index, parentModule: undefined, label: 'the datastore' };
};

export function decodeDatastore(
  json: unknown, schema: SchemaContext, options: DatastoreDecodeOptions,
): DecodeResult<Map<string, DataContainer>> {
  const ctx = createContext({ ...options, schema });
  const roots = new Map<string, DataContainer>();
  const rootOf = (module: ModuleMeta): DataContainer => {
    let root = roots.get(module.name);
    if (root === undefined) {
      root = new DataContainer(module);
      roots.set(module.name, root);
    }
    return root;
  };
  if (isJsonObject(json)) {
    decodeMembers(json, datastoreScope(schema), rootPath, ctx, (node, value) => rootOf(node.module).set(node, value));
  } else {
    report(ctx, 'invalid-value', `a datastore document must be a JSON object, got ${describeJson(json)}`, rootPath);
  }
  return ctx.errors.length > 0 ? { ok: false, errors: ctx.errors } : { ok: true, value: roots };
}
