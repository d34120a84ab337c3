/**
 * Between the datastore (the transaction runtime) and where its data is
 * kept. The journal (journal-backend.ts) is one; an embedded database or a
 * replicated store can take its place behind the same calls.
 */
import type { DataContainer } from '../data/data-container.ts';
import type { StoredChange } from './change-op.ts';

/** The datastore as a backend sees it. */
export interface LiveState {
  /** Every module's root as committed now (read when a snapshot is taken). */
  readonly roots: ReadonlyMap<string, DataContainer>;
  /** Runs `f` at once when no edit is half applied, else as soon as the open edits end. */
  whenSettled(f: () => void): void;
  /** Applies a stored change to its module's root in `roots` the way the datastore's nodes made it (recovery, a replica catching up). */
  readonly replay: ReplayChange;
}

/** Applies `change` to its module's root in `roots` (made when absent); the paths that did not resolve, formatted. */
export type ReplayChange = (roots: Map<string, DataContainer>, change: StoredChange) => string[];

export interface StorageBackend {
  /** The stored data at start (synchronous: nothing is served before it), by module name. */
  load(): Map<string, DataContainer>;
  /**
   * Stores a committed change, or the changes of one transaction that
   * spans modules (all of them or, after a crash, none); resolves once
   * durable, when the edit may be acknowledged. A replicated backend may
   * refuse it (another replica committed first): it then calls `refused`,
   * which takes the changes back out of the tree, while no edit is half
   * applied, and rejects.
   */
  append(change: StoredChange | readonly StoredChange[], refused?: () => void): Promise<void>;
  /** Resolves once everything appended so far is durable. */
  flush(): Promise<void>;
  /** Writes the live state compactly and drops what that makes redundant. */
  compact(): Promise<void>;
  /** Flushes, compacts, releases the files; later appends fail. */
  close(): Promise<void>;
  /** Set once the backend cannot store any more (a failed write or sync). */
  readonly failure: Error | undefined;
  /** True when `append` may refuse a change (a replicated log): edits then keep their undo until it resolves. */
  readonly refusable?: boolean;
}

export type StorageFactory = (live: LiveState) => StorageBackend;
