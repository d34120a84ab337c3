/** One committed change of a module, as a storage backend receives it. */
import type { DataContainer } from '../data/data-container.ts';
import type { DataPath } from '../data/data-path.ts';
import type { ModuleMeta } from '../meta/meta.ts';
import type { FieldValue } from '../data/field-value.ts';

/** One node call that changed the tree (see DataChanges). */
export type ChangeOp =
  /** `row`: where a list entry was inserted when not appended last. */
  | { readonly op: 'created'; readonly path: DataPath; readonly row?: number }
  | { readonly op: 'moved'; readonly path: DataPath; readonly row: number }
  | { readonly op: 'removed'; readonly path: DataPath }
  | { readonly op: 'wrote'; readonly path: DataPath; readonly value: FieldValue };

/**
 * A committed edit: the node calls it made, in order (a redo log replayed
 * on the module's tree), or, when some change has no path, the module's
 * whole tree after the edit.
 */
export type StoredChange =
  | { readonly module: ModuleMeta; readonly ops: readonly ChangeOp[] }
  | { readonly module: ModuleMeta; readonly image: DataContainer };
