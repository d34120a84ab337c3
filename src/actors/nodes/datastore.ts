/**
 * The embedded datastore: every module's configuration and state in memory.
 * With a file, every committed edit is made durable before it completes:
 * the datastore's nodes record what each edit changes, and the storage
 * backend (src/store: by default a journal beside the data file, compacted
 * into it in the background) stores it. An edit that fails after it began
 * is rolled back by undoing its changes.
 */
import { DataContainer } from '../../data/data-container.ts';
import type { DataJournal } from '../../data/data-journal.ts';
import type { DataPath } from '../../data/data-path.ts';
import type { DataNodeMeta, ListMeta, ModuleMeta, SchemaContext } from '../../meta/meta.ts';
import { JournalBackend, type JournalOptions } from '../../store/journal-backend.ts';
import { Persistence } from '../../store/persistence.ts';
import type { DataChanges } from '../../store/data-changes.ts';
import type { StorageFactory } from '../../store/storage-backend.ts';
import type { Node } from '../node.ts';
import type { EditRequest } from '../requests.ts';
import { afterCommitOf, commitGroupOf } from '../request-scope.ts';
import { UndoLog } from '../../data/undo-log.ts';
import { applyChange } from './apply-change.ts';
import { DataContainerNode } from './data-node.ts';

export interface DatastoreOptions extends JournalOptions {
  /** Another storage in place of the journal (given the file, if any, it is the backend's to interpret). */
  readonly storage?: StorageFactory;
}

export class Datastore {
  private readonly roots = new Map<string, DataContainer>();
  private readonly persistence: Persistence | undefined;

  constructor(
    readonly schema: SchemaContext,
    /** Where edits are persisted; undefined keeps everything in memory. */
    readonly file?: string,
    options: DatastoreOptions = {},
  ) {
    this.persistence = file === undefined && options.storage === undefined ? undefined
      : new Persistence(this.roots, options.storage ?? ((live) => new JournalBackend(schema, file as string, live, options)), applyChange);
  }

  /**
   * A datastore with what `file` holds (the data file, RFC 7951 or plain
   * with module names as keys, plus the journal's edits since), after
   * removing what an interrupted write left beside it.
   */
  static load(schema: SchemaContext, file?: string, options: DatastoreOptions = {}): Datastore {
    const store = new Datastore(schema, file, options);
    for (const [name, root] of store.persistence?.load() ?? []) store.roots.set(name, root);
    return store;
  }

  /** The root container of a module (created empty when absent). */
  root(module: ModuleMeta): DataContainer {
    let r = this.roots.get(module.name);
    if (r === undefined) {
      r = new DataContainer(module);
      this.roots.set(module.name, r);
    }
    return r;
  }

  /** Every module's root. */
  get all(): ReadonlyMap<string, DataContainer> {
    return this.roots;
  }

  /** The root node of a module for a Browser: reads and edits this datastore. */
  node(module: ModuleMeta): Node {
    return new DatastoreRootNode(this.root(module), this);
  }

  /** Where the nodes of `module` report their changes (undefined in memory: nothing to record). */
  changes(module: ModuleMeta): DataChanges | undefined {
    return this.persistence?.recorder(module);
  }

  /** An edit of `module` begins; throws when its changes could not be stored. */
  editBegan(): void {
    this.persistence?.began();
  }

  /**
   * An edit ended: committed, it is stored and the answer resolves once
   * durable (or the Promise goes to `after`, else to the array the edit's
   * scope names: withAfterCommit; see Persistence.ended).
   */
  editEnded(module: ModuleMeta, r: EditRequest, after?: Promise<void>[], refused?: () => void): Promise<void> | undefined {
    if (this.persistence === undefined) return undefined;
    const context = r.selection?.context;
    return this.persistence.ended(module, r.failure !== undefined, after ?? afterCommitOf(context), commitGroupOf(context), refused);
  }

  /** Whether storage may refuse a committed change (a replicated log): edits then keep their undo until it is stored. */
  get refusable(): boolean {
    return this.persistence?.refusable === true;
  }

  /** Resolves once every committed edit is durable. */
  flush(): Promise<void> {
    return this.persistence?.flush() ?? Promise.resolve();
  }

  /** Writes a new snapshot now (the journal starts over). */
  compact(): Promise<void> {
    return this.persistence?.compact() ?? Promise.resolve();
  }

  /** Flushes, writes the data file complete (no journal left) and releases the files; edits fail afterwards. */
  close(): Promise<void> {
    return this.persistence?.close() ?? Promise.resolve();
  }
}

/**
 * What a module's root tells of an edit's changes: the undo log, made when
 * the edit begins (a read makes none), and a watcher (the edit's
 * validation) while there is one.
 */
class EditJournal implements DataJournal {
  undo: UndoLog | undefined;
  watcher: DataJournal | undefined;

  setting(holder: DataContainer, meta: DataNodeMeta, path: DataPath): void {
    this.undo?.setting(holder, meta);
    this.watcher?.setting(holder, meta, path);
  }

  adding(holder: DataContainer, meta: ListMeta, entries: readonly DataContainer[], entry: DataContainer, at: number, path: DataPath): void {
    this.undo?.adding(holder, meta, entries, entry, at);
    this.watcher?.adding(holder, meta, entries, entry, at, path);
  }

  removing(holder: DataContainer, meta: ListMeta, entries: readonly DataContainer[], entry: DataContainer, at: number, path: DataPath): void {
    this.undo?.removing(holder, meta, entries, entry, at);
    this.watcher?.removing(holder, meta, entries, entry, at, path);
  }

  /** Records from now on (a no-op when already recording). */
  begin(): void {
    this.undo ??= new UndoLog();
  }

  /** Records no more; the undo of the changes so far, for storage that may still refuse them. */
  detach(): UndoLog | undefined {
    const undo = this.undo;
    this.undo = undefined;
    return undo;
  }

  /** Keeps the changes (true) or undoes them; records no more. */
  end(keep: boolean): void {
    if (keep) this.undo?.clear();
    else this.undo?.undo();
    this.undo = undefined;
  }
}

/**
 * A module's root in the datastore: a data-tree node whose first beginEdit
 * starts an undo log of the edit's changes, and whose endEdit undoes them
 * on failure or persists on success (the root is the last node an edit
 * ends). Rolling back costs what the edit changed, not the module's size.
 */
export class DatastoreRootNode extends DataContainerNode {
  private readonly log: EditJournal;
  private durable: Promise<void>[] | undefined;

  constructor(data: DataContainer, private readonly store: Datastore) {
    const log = new EditJournal();
    super(data, store.changes(data.meta as ModuleMeta), log);
    this.log = log;
  }

  /**
   * The datastore's own root node, not one an application wrapped (whose
   * hooks or writes may differ): an edit of it may be applied once and
   * validated in place (validate-in-place.ts).
   */
  static own(node: Node): DatastoreRootNode | undefined {
    return Object.getPrototypeOf(node) === DatastoreRootNode.prototype ? node as DatastoreRootNode : undefined;
  }

  /**
   * For the edit about to run through this node: tells `journal` of every
   * change made through it and the nodes below it, and puts the
   * durability Promise of the committed edit in `durable` (as the
   * scope's withAfterCommit does); `watch()` stops both.
   */
  watch(journal?: DataJournal, durable?: Promise<void>[]): void {
    this.log.watcher = journal;
    this.durable = durable;
  }

  beginEdit(): void {
    this.store.editBegan();
    this.log.begin();
  }

  endEdit(r: EditRequest): Promise<void> | undefined {
    if (r.failure !== undefined || !this.store.refusable) {
      this.log.end(r.failure === undefined);
      return this.store.editEnded(this.data.meta as ModuleMeta, r, this.durable);
    }
    // A replicated store may refuse the change (another replica committed first): it is undone then.
    const undo = this.log.detach();
    return this.store.editEnded(this.data.meta as ModuleMeta, r, this.durable, () => undo?.undo());
  }
}
