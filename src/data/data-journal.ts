/**
 * What a writer of an in-memory data tree reports before it changes it, so
 * that the change can be undone (UndoLog) or looked at (the change set of an
 * edit's validation). Writers call it before the change, when the value
 * that is replaced can still be read.
 */
import type { DataNodeMeta, ListMeta } from '../meta/meta.ts';
import type { DataContainer } from './data-container.ts';
import type { DataPath } from './data-path.ts';

export interface DataJournal {
  /** `holder`'s value for `meta` (at `path`) is about to be set or deleted. */
  setting(holder: DataContainer, meta: DataNodeMeta, path: DataPath): void;
  /** `entry` is about to be added to the list `meta` of `holder` (its array `entries`), at `at`. */
  adding(holder: DataContainer, meta: ListMeta, entries: readonly DataContainer[], entry: DataContainer, at: number, path: DataPath): void;
  /** `entry`, at `at` in `entries`, is about to be removed. */
  removing(holder: DataContainer, meta: ListMeta, entries: readonly DataContainer[], entry: DataContainer, at: number, path: DataPath): void;
}

/** One journal telling several. */
export const journals = (...all: readonly DataJournal[]): DataJournal => ({
  setting: (h, m, p) => { for (const j of all) j.setting(h, m, p); },
  adding: (h, m, es, e, at, p) => { for (const j of all) j.adding(h, m, es, e, at, p); },
  removing: (h, m, es, e, at, p) => { for (const j of all) j.removing(h, m, es, e, at, p); },
});
