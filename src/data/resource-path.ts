/**
 * A data path as the api-path of its resource (RFC 8040 §3.5.3): module
 * names where the namespace changes, key values in their canonical text,
 * percent-encoded. The empty path is the datastore ('').
 */
import type { DataPath } from './data-path.ts';
import type { ModuleMeta, SchemaNode } from '../meta/meta.ts';
import { printApiPath, type ApiPathSegment } from '../parser/expr/index.ts';
import { encodeString } from '../types/index.ts';

export const resourcePath = (path: DataPath): string => {
  let previous: ModuleMeta | undefined;
  const segments = path.segments.map((s): ApiPathSegment => {
    const meta = s.meta as SchemaNode;
    const module = meta.module === previous ? undefined : meta.module.name;
    previous = meta.module;
    if (s.key !== undefined && meta.kind === 'list') return { module, name: meta.name, keys: meta.keys.map((k, i) => encodeString(k.type, s.key?.[i] ?? '')) };
    if (s.key !== undefined && meta.kind === 'leaf-list') return { module, name: meta.name, keys: [encodeString(meta.type, s.key[0] ?? '')] };
    return { module, name: meta.name, keys: undefined };
  });
  return printApiPath({ segments });
};
