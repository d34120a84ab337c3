/**
 * What one edit removed, as NACM judges it (RFC 8341 §3.2.3: a PUT is
 * create and update, not delete and create). A replace removes what its
 * target held before writing the input (the nodes hear it that way), so a
 * removal is not judged when it is made: it is noted, with whether the user
 * may delete that node. A node the edit writes again existed before the
 * edit — its write is an update (a container or list entry: no check of
 * its own, as in a merge). What is still noted when the edit ends was
 * really deleted: the first the user may not delete refuses the edit.
 */
import { formatPath, type DataPath } from '../../data/data-path.ts';
import { denied } from './access-denied.ts';

interface Removal {
  readonly path: DataPath;
  readonly permitted: boolean;
}

export class EditLedger {
  private readonly removed = new Map<string, Removal>();

  /** The edit removes the existing node at `path` (`permitted`: the user may delete it). */
  remove(path: DataPath, permitted: boolean): void {
    const key = formatPath(path);
    if (!this.removed.has(key)) this.removed.set(key, { path, permitted });
  }

  /** The edit writes the node at `path` again: true when it existed before the edit (it is no longer deleted). */
  restore(path: DataPath): boolean {
    return this.removed.size > 0 && this.removed.delete(formatPath(path));
  }

  /** At the end of the edit: 403 access-denied naming the first node deleted that the user may not delete. */
  settle(): void {
    for (const r of this.removed.values()) if (!r.permitted) throw denied('delete', r.path);
  }
}
