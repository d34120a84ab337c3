/** NACM's refusal of a write, an exec or a read of an operation: 403 access-denied with the error-path. */
import type { ListItem } from '../../actors/node.ts';
import { formatPath, type DataPath } from '../../data/data-path.ts';
import { restconfError, RestconfFailure } from '../../errors/index.ts';
import type { ListMeta } from '../../meta/meta.ts';
import type { AccessOperation } from './nacm-config.ts';

export const denied = (op: AccessOperation, path: DataPath): RestconfFailure => {
  const where = formatPath(path);
  return new RestconfFailure([restconfError('access-denied', `access denied: ${op} of ${where}`, { path: where, status: 403 })]);
};

/** The path of a list entry, from the list's path or an entry's (the last segment replaced when it is the list's). */
export const entryPath = (listPath: DataPath, meta: ListMeta, key: ListItem['key']): DataPath => {
  const segs = listPath.segments;
  const last = segs[segs.length - 1];
  const base = last !== undefined && last.meta === meta ? segs.slice(0, -1) : segs;
  return { segments: [...base, key === undefined ? { meta } : { meta, key }] };
};
