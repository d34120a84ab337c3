/**
 * What a data-tree node reports when it changes its tree: the hook the
 * embedded datastore's journal records edits through. Paths are the
 * requests' own (`r.path`), so a keyed list entry is named by its key.
 */
import type { DataPath } from '../data/data-path.ts';
import type { FieldValue } from '../data/field-value.ts';

export interface DataChanges {
  /** A container, an (empty) list, or an entry of a keyed list was created at `path` (an entry at `row` when not appended last). */
  created(path: DataPath, row?: number): void;
  /** The keyed list entry at `path` was moved to `row` (ordered-by user lists). */
  moved(path: DataPath, row: number): void;
  /** The container, list, keyed list entry or field at `path` was removed. */
  removed(path: DataPath): void;
  /** The field (leaf, leaf-list, anydata) at `path` now holds `value`. */
  wrote(path: DataPath, value: FieldValue): void;
  /** A change no path can name (an entry of a list without keys, found by position). */
  unnamed(): void;
}
