/**
 * A path to a data instance, kept as schema nodes and key values, printed as
 * an RFC 7951 instance-identifier for RFC 8040 error-path.
 */
import type { DataNodeMeta, ModuleMeta, NotificationMeta, OperationMeta, SchemaNode } from '../meta/meta.ts';
import { qualifiedName } from '../meta/qualified-name.ts';
import type { YangValue } from '../types/value.ts';

export interface PathSegment {
  readonly meta: DataNodeMeta | OperationMeta | NotificationMeta;
  /** Key values of a list entry, in key order; or the value of a leaf-list entry. */
  readonly key?: readonly YangValue[];
}

export interface DataPath {
  readonly segments: readonly PathSegment[];
}

export const rootPath: DataPath = { segments: [] };

export const childPath = (p: DataPath, meta: PathSegment['meta'], key?: readonly YangValue[]): DataPath => ({
  segments: [...p.segments, key === undefined ? { meta } : { meta, key }],
});

const quoteValue = (v: YangValue): string => {
  const s = Array.isArray(v) ? v.join(' ') : v === null ? '' : String(v);
  return s.includes("'") ? `"${s}"` : `'${s}'`;
};

/** `/ietf-interfaces:interfaces/interface[name='eth0']/mtu` (module names where the namespace changes). */
export const formatPath = (p: DataPath): string => {
  if (p.segments.length === 0) return '/';
  let prev: ModuleMeta | undefined;
  let out = '';
  for (const s of p.segments) {
    const m = s.meta as SchemaNode;
    out += `/${qualifiedName(m, prev)}`;
    prev = m.module;
    if (s.key !== undefined) {
      if (m.kind === 'list') {
        m.keys.forEach((k, i) => {
          const v = s.key?.[i];
          if (v !== undefined) out += `[${k.name}=${quoteValue(v)}]`;
        });
      } else if (m.kind === 'leaf-list' && s.key[0] !== undefined) {
        out += `[.=${quoteValue(s.key[0])}]`;
      }
    }
  }
  return out;
};
