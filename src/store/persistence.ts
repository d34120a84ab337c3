/**
 * The datastore's side of storage: one change recorder per module, the
 * count of edits half applied (snapshots wait for none), and the storage
 * backend each committed edit goes to. A committed edit's endEdit answers
 * a Promise that resolves once the change is durable.
 *
 * Group commit across edits of one module needs the module's mailbox to
 * take the next edit while the previous one is being made durable: a caller
 * that gives an array (the edit's scope: withAfterCommit) gets the
 * durability Promise pushed there (endEdit then answers at once), and
 * acknowledges the edit once it resolves.
 */
import type { DataContainer } from '../data/data-container.ts';
import type { ModuleMeta } from '../meta/meta.ts';
import type { StoredChange } from './change-op.ts';
import { ChangeRecorder } from './change-recorder.ts';
import { CommitGroup, type GroupStore } from './commit-group.ts';
import type { LiveState, ReplayChange, StorageBackend, StorageFactory } from './storage-backend.ts';

export class Persistence implements LiveState, GroupStore {
  private readonly recorders = new Map<string, ChangeRecorder>();
  private readonly backend: StorageBackend;
  private open = 0;
  private settled: (() => void)[] = [];

  constructor(
    readonly roots: ReadonlyMap<string, DataContainer>,
    storage: StorageFactory,
    readonly replay: ReplayChange,
  ) {
    this.backend = storage(this);
  }

  load(): Map<string, DataContainer> {
    return this.backend.load();
  }

  /** The recorder the nodes of `module` report their changes to. */
  recorder(module: ModuleMeta): ChangeRecorder {
    let r = this.recorders.get(module.name);
    if (r === undefined) {
      r = new ChangeRecorder();
      this.recorders.set(module.name, r);
    }
    return r;
  }

  whenSettled(f: () => void): void {
    if (this.open === 0) f();
    else this.settled.push(f);
  }

  /** An edit of a module begins (its root's beginEdit); refused once storage has failed. */
  began(): void {
    const failure = this.backend.failure;
    if (failure !== undefined) throw new Error(`the datastore can no longer store edits: ${failure.message}`);
    this.open += 1;
  }

  /**
   * The edit began with `began` ended: stored when committed, dropped when
   * it failed. The durability Promise goes to `after` when given (and then
   * undefined is answered); in a CommitGroup (`group`), the change waits
   * for the group's other modules.
   */
  ended(module: ModuleMeta, failed: boolean, after: Promise<void>[] | undefined, group: object | undefined, refused?: () => void): Promise<void> | undefined {
    const recorder = this.recorder(module);
    let durable: Promise<void> | undefined;
    if (failed) {
      recorder.discard();
    } else {
      const change = this.change(module, recorder);
      if (group instanceof CommitGroup) {
        group.hold(this, change, refused); // still open until the group is stored
        return undefined;
      }
      // nothing changed: what it read must still be durable before it is acknowledged
      durable = change !== undefined ? this.backend.append(change, refused) : this.backend.flush();
    }
    this.leave(1);
    if (durable === undefined) return undefined;
    if (after === undefined) return durable;
    after.push(durable);
    return undefined;
  }

  /** The changes of `held` module edits of one transaction (CommitGroup), stored as one. */
  storeGroup(changes: readonly StoredChange[], held: number, refused?: () => void): Promise<void> {
    const durable = changes.length === 0 ? this.backend.flush()
      : changes.length === 1 ? this.backend.append(changes[0] as StoredChange, refused) : this.backend.append(changes, refused);
    this.leave(held);
    return durable;
  }

  /** What a committed edit of `module` changed, or undefined when nothing. */
  private change(module: ModuleMeta, recorder: ChangeRecorder): StoredChange | undefined {
    const { ops, whole } = recorder.take();
    const root = this.roots.get(module.name);
    return whole && root !== undefined ? { module, image: root } : ops.length > 0 ? { module, ops } : undefined;
  }

  /** `n` edits are no longer open: snapshots waiting for none may go. */
  private leave(n: number): void {
    this.open = Math.max(0, this.open - n);
    if (this.open === 0 && this.settled.length > 0) for (const f of this.settled.splice(0)) f();
  }

  /** Whether a committed change may still be refused by storage (see StorageBackend.refusable). */
  get refusable(): boolean {
    return this.backend.refusable === true;
  }

  flush(): Promise<void> {
    return this.backend.flush();
  }

  compact(): Promise<void> {
    return this.backend.compact();
  }

  close(): Promise<void> {
    return this.backend.close();
  }
}
