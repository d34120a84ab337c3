/** The error-path of a node of the accessible tree (RFC 8040 §7.1), as a DataPath. */
import type { DataPath, PathSegment } from '../data/data-path.ts';
import type { DataNodeMeta, ListMeta } from '../meta/meta.ts';
import type { YangValue } from '../types/index.ts';
import type { XDataNode } from './x-data-node.ts';

function segmentOf(n: XDataNode): PathSegment {
  const meta = n.schema as NonNullable<XDataNode['schema']>;
  if (n.kind === 'list-entry' && n.container !== undefined) {
    const keys = (meta as ListMeta).keys.map((k) => n.container?.get(k) as YangValue);
    return { meta, key: keys };
  }
  if (n.kind === 'leaf-list-entry' && n.value !== undefined) return { meta, key: [n.value as YangValue] };
  return { meta };
}

/** The path from the root to `node`. */
export function pathOf(node: XDataNode): DataPath {
  const segments: PathSegment[] = [];
  for (let n: XDataNode | undefined = node; n !== undefined && n.parent !== undefined; n = n.parent) segments.push(segmentOf(n));
  return { segments: segments.reverse() };
}

/** The path of a child of `parent` that does not exist (a missing mandatory node, a list as a whole). */
export function childPathOf(parent: XDataNode, meta: DataNodeMeta): DataPath {
  return { segments: [...pathOf(parent).segments, { meta }] };
}
