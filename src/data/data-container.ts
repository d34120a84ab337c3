/**
 * The in-memory data tree: what JSON input decodes to, what the embedded
 * datastore stores, and what constraints (when, must, leafref, unique...) are
 * checked on. Values are keyed by their schema node, so names never clash
 * across namespaces.
 */
import type {
  ContainerMeta, DataNodeMeta, IoMeta, ListMeta, ModuleMeta, NotificationMeta,
} from '../meta/meta.ts';
import type { YangValue } from '../types/value.ts';

/** What a container-like instance is an instance of. */
export type HolderMeta = ModuleMeta | ContainerMeta | ListMeta | IoMeta | NotificationMeta;

/** The value of an anydata or anyxml node: any JSON value, kept as parsed. */
export interface AnyValue {
  readonly any: unknown;
}

/**
 * By the kind of its schema node:
 * leaf → YangValue; leaf-list → YangValue[]; container → DataContainer;
 * list → DataContainer[] (entries); anydata/anyxml → AnyValue.
 */
export type DataValue = YangValue | readonly YangValue[] | DataContainer | readonly DataContainer[] | AnyValue;

/**
 * A container's values: a Map that counts the changes made to it, by
 * whatever makes them (the container's own methods, a writer of the Map, a
 * restore that clears it). A reader that kept something made from the
 * container knows it still holds the same values while `revision` is the
 * one it saw (src/actors/read/container-memo.ts); values themselves are
 * never changed in place, only replaced.
 */
export class DataValues extends Map<DataNodeMeta, DataValue> {
  #revision = 0;

  /** Changes so far: any set, delete or clear adds one. */
  get revision(): number {
    return this.#revision;
  }

  override set(meta: DataNodeMeta, value: DataValue): this {
    this.#revision++;
    return super.set(meta, value);
  }

  override delete(meta: DataNodeMeta): boolean {
    this.#revision++;
    return super.delete(meta);
  }

  override clear(): void {
    this.#revision++;
    super.clear();
  }
}

export class DataContainer {
  readonly values = new DataValues();

  constructor(readonly meta: HolderMeta) {}

  get(meta: DataNodeMeta): DataValue | undefined {
    return this.values.get(meta);
  }

  set(meta: DataNodeMeta, value: DataValue): this {
    this.values.set(meta, value);
    return this;
  }

  delete(meta: DataNodeMeta): boolean {
    return this.values.delete(meta);
  }

  get size(): number {
    return this.values.size;
  }

  /** A deep copy (values are immutable; containers and arrays are copied). */
  clone(): DataContainer {
    const c = new DataContainer(this.meta);
    for (const [m, v] of this.values) {
      if (v instanceof DataContainer) c.values.set(m, v.clone());
      else if (m.kind === 'list') c.values.set(m, (v as readonly DataContainer[]).map((e) => e.clone()));
      else if (m.kind === 'leaf-list') c.values.set(m, [...(v as readonly YangValue[])]);
      else c.values.set(m, v);
    }
    return c;
  }
}

export const isDataContainer = (v: DataValue | undefined): v is DataContainer => v instanceof DataContainer;
