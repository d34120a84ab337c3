/**
 * A module's configuration as its application nodes answer it, read as it
 * is looked at: a LoadedContainer reads its own children (fields, which
 * containers and lists exist) the first time any of them is asked for; a
 * PartialList holds the entries read so far and reads one more by key, or
 * all of them, on demand. What cannot be read at once (a node answering
 * with a Promise) is left for the NodeTree to read before the next attempt.
 */
import { DataContainer, type DataValue, type HolderMeta } from '../../data/data-container.ts';
import { LAZY, type LazyEntries } from '../../data/list-index.ts';
import type { DataNodeMeta, ListMeta } from '../../meta/meta.ts';
import type { Selection } from '../selection.ts';

/** What the containers and lists ask of the tree they belong to. */
export interface Loader {
  /** Reads the children of `c` now, or notes that they are to be read. */
  load(c: LoadedContainer): void;
  /** The entry of `list` of key `key`, read now (undefined when there is none, or it cannot be read at once). */
  fetch(list: PartialList, key: string): DataContainer | undefined;
  /** Notes that every entry of `list` is to be read. */
  needAll(list: PartialList): void;
}

export class LoadedContainer extends DataContainer {
  private loaded: boolean;
  private readonly own: Map<DataNodeMeta, DataValue>;

  constructor(
    meta: HolderMeta,
    /** Where its data is read from; undefined for a container made by the edit. */
    readonly source: Selection | undefined,
    private readonly loader: Loader,
  ) {
    super(meta);
    this.own = this.values;
    this.loaded = source === undefined;
    Object.defineProperty(this, 'values', {
      configurable: true,
      get: () => {
        if (!this.loaded) this.loader.load(this);
        return this.own;
      },
    });
  }

  /** A key leaf known before the rest is read does not make it read. */
  override get(meta: DataNodeMeta): DataValue | undefined {
    if (!this.loaded && meta.kind === 'leaf' && meta.isKey) {
      const v = this.own.get(meta);
      if (v !== undefined) return v;
    }
    return super.get(meta);
  }

  get isLoaded(): boolean {
    return this.loaded;
  }

  /** Sets a key leaf without reading anything. */
  preset(meta: DataNodeMeta, v: DataValue): void {
    this.own.set(meta, v);
  }

  /** The children as read. */
  fill(values: ReadonlyMap<DataNodeMeta, DataValue>): void {
    for (const [m, v] of values) this.own.set(m, v);
    this.loaded = true;
  }
}

/** The entries of an application's list read so far (in the order read), in a plain array's clothing. */
export class PartialList extends Array<DataContainer> implements LazyEntries {
  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }

  complete = false;
  /** Keys of entries removed by the edit being tried: not to be read again. */
  private readonly gone = new Set<string>();

  constructor(
    readonly meta: ListMeta,
    readonly source: Selection,
    private readonly loader: Loader,
  ) {
    super();
  }

  get [LAZY](): LazyEntries {
    return this;
  }

  missed(key: string): DataContainer | undefined {
    return this.gone.has(key) ? undefined : this.loader.fetch(this, key);
  }

  needAll(): void {
    this.loader.needAll(this);
  }

  removed(key: string): void {
    this.gone.add(key);
  }

  /** A new attempt starts from the data as read: nothing removed. */
  restart(): void {
    this.gone.clear();
  }
}
