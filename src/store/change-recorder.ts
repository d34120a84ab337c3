/**
 * Collects the changes the datastore's nodes make to one module's tree
 * between the start of an edit and its end, to hand to the storage backend
 * once the edit commits (or drop when it fails).
 */
import type { FieldValue } from '../data/field-value.ts';
import type { DataPath } from '../data/data-path.ts';
import type { ChangeOp } from './change-op.ts';
import type { DataChanges } from './data-changes.ts';

export class ChangeRecorder implements DataChanges {
  private ops: ChangeOp[] = [];
  private whole = false;

  created(path: DataPath, row?: number): void {
    this.ops.push(row === undefined ? { op: 'created', path } : { op: 'created', path, row });
  }

  moved(path: DataPath, row: number): void {
    this.ops.push({ op: 'moved', path, row });
  }

  removed(path: DataPath): void {
    this.ops.push({ op: 'removed', path });
  }

  wrote(path: DataPath, value: FieldValue): void {
    this.ops.push({ op: 'wrote', path, value });
  }

  unnamed(): void {
    this.whole = true;
  }

  /** The changes since the last take (or discard); `whole` when one of them has no path. */
  take(): { readonly ops: readonly ChangeOp[]; readonly whole: boolean } {
    const taken = { ops: this.ops, whole: this.whole };
    this.ops = [];
    this.whole = false;
    return taken;
  }

  discard(): void {
    this.ops = [];
    this.whole = false;
  }
}
