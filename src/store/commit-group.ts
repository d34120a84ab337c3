/**
 * The changes of one transaction that spans several module roots (a
 * multi-module edit: commit-edits.ts), held as each root ends and stored
 * together once the last has ended: one append per datastore, which the
 * journal writes as one record, so a crash keeps all of the transaction
 * or none of it. While a group holds a datastore's changes, that datastore
 * counts the edits as still open (no snapshot is taken between them). The
 * module roots of a transaction find the group in the request's scope
 * (withAfterCommit, commitGroupOf: src/actors/request-scope.ts).
 */
import type { StoredChange } from './change-op.ts';

/** Where a group's changes go: the datastore's persistence. */
export interface GroupStore {
  /** Stores the changes of `held` committed module edits as one transaction; resolves once durable (`refused`: see StorageBackend.append). */
  storeGroup(changes: readonly StoredChange[], held: number, refused?: () => void): Promise<void>;
}

export class CommitGroup {
  private readonly held = new Map<GroupStore, { changes: StoredChange[]; edits: number; undo: (() => void)[] }>();

  /** A module edit ended committed: `change` (undefined when nothing changed) is stored with the rest; `refused` undoes it. */
  hold(store: GroupStore, change: StoredChange | undefined, refused?: () => void): void {
    let h = this.held.get(store);
    if (h === undefined) this.held.set(store, (h = { changes: [], edits: 0, undo: [] }));
    if (change !== undefined) h.changes.push(change);
    if (refused !== undefined) h.undo.push(refused);
    h.edits += 1;
  }

  /** Stores what was held, each datastore's changes as one transaction; the durability Promises go to `durable`. */
  end(durable: Promise<void>[]): void {
    for (const [store, h] of this.held) {
      const undo = h.undo;
      durable.push(store.storeGroup(h.changes, h.edits, undo.length === 0 ? undefined : () => {
        for (let i = undo.length - 1; i >= 0; i--) (undo[i] as () => void)();
      }));
    }
    this.held.clear();
  }
}
