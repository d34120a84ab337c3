/**
 * A node over an in-memory data tree (DataContainer): reads, writes,
 * creates and deletes on it. Edits copy from it (decoded JSON input is a
 * DataContainer), reads can copy into it, and the embedded datastore keeps
 * its data in it. Keyed entries are found through a per-list index.
 */
import { DataContainer, type DataValue } from '../../data/data-container.ts';
import type { CaseMeta, DataNodeMeta, ListMeta, SchemaNode } from '../../meta/meta.ts';
import type { YangValue } from '../../types/value.ts';
import type { FieldValue } from '../field-value.ts';
import type { ListItem, Node } from '../node.ts';
import type { ChildRequest, ChooseRequest, FieldRequest, NextRequest } from '../requests.ts';

const keyString = (key: readonly YangValue[]): string => key.map((v) => (Array.isArray(v) ? v.join(' ') : String(v))).join('\u0000');

const indexes = new WeakMap<readonly DataContainer[], Map<string, DataContainer>>();

const keyOf = (entry: DataContainer, meta: ListMeta): YangValue[] => meta.keys.map((k) => entry.get(k) as YangValue);

const indexOf = (entries: readonly DataContainer[], meta: ListMeta): Map<string, DataContainer> => {
  let idx = indexes.get(entries);
  if (idx === undefined) {
    idx = new Map(entries.map((e) => [keyString(keyOf(e, meta)), e]));
    indexes.set(entries, idx);
  }
  return idx;
};

/** The case of `choice` a schema node sits in, if any (walking up through nested choices). */
const caseIn = (n: SchemaNode, cases: readonly CaseMeta[]): boolean => {
  for (let p: SchemaNode | undefined = n.parent; p !== undefined; p = p.parent) if (cases.includes(p as CaseMeta)) return true;
  return false;
};

export class DataContainerNode implements Node {
  constructor(readonly data: DataContainer) {}

  child(r: ChildRequest): Node | undefined {
    if (r.delete) {
      this.data.delete(r.meta);
      return undefined;
    }
    const v = this.data.get(r.meta);
    if (r.meta.kind === 'list') {
      if (v === undefined) {
        if (!r.new) return undefined;
        this.data.set(r.meta, []);
      }
      return new DataListNode(this.data, r.meta);
    }
    if (v instanceof DataContainer) return new DataContainerNode(v);
    if (!r.new) return undefined;
    const c = new DataContainer(r.meta);
    this.data.set(r.meta, c);
    return new DataContainerNode(c);
  }

  field(r: FieldRequest): FieldValue | undefined {
    if (!r.write) return this.data.get(r.meta as DataNodeMeta) as FieldValue | undefined;
    if (r.value === undefined) this.data.delete(r.meta as DataNodeMeta);
    else this.data.set(r.meta as DataNodeMeta, r.value as DataValue);
    return undefined;
  }

  choose(r: ChooseRequest): string | undefined {
    for (const m of this.data.values.keys()) {
      if (!caseIn(m, r.cases)) continue;
      for (let p: SchemaNode | undefined = m.parent; p !== undefined; p = p.parent) {
        if (p.kind === 'case' && p.parent === r.meta) return p.name;
      }
    }
    return undefined;
  }

  peek(): DataContainer {
    return this.data;
  }
}

/** The entries of one list inside a container. */
export class DataListNode implements Node {
  constructor(
    private readonly holder: DataContainer,
    private readonly meta: ListMeta,
  ) {}

  private get entries(): DataContainer[] {
    return (this.holder.get(this.meta) ?? []) as DataContainer[];
  }

  next(r: NextRequest): ListItem | undefined {
    const entries = this.entries;
    const keyed = this.meta.keys.length > 0;
    if (r.key !== undefined && keyed) {
      const idx = indexOf(entries, this.meta);
      const ks = keyString(r.key);
      const found = idx.get(ks);
      if (r.delete) {
        if (found !== undefined) this.remove(entries, found, idx, ks);
        return undefined;
      }
      if (found !== undefined) return { node: new DataContainerNode(found), key: r.key };
      if (!r.new) return undefined;
      const e = new DataContainer(this.meta);
      this.meta.keys.forEach((k, i) => e.set(k, r.key?.[i] as YangValue));
      entries.push(e);
      idx.set(ks, e);
      this.holder.set(this.meta, entries);
      return { node: new DataContainerNode(e), key: r.key };
    }
    if (r.new) {
      const e = new DataContainer(this.meta);
      const at = Math.min(Math.max(r.row, 0), entries.length);
      entries.splice(at, 0, e);
      indexes.delete(entries);
      this.holder.set(this.meta, entries);
      return { node: new DataContainerNode(e) };
    }
    const e = entries[r.row];
    if (e === undefined) return undefined;
    if (r.delete) {
      entries.splice(r.row, 1);
      indexes.delete(entries);
      return undefined;
    }
    return keyed ? { node: new DataContainerNode(e), key: keyOf(e, this.meta) } : { node: new DataContainerNode(e) };
  }

  private remove(entries: DataContainer[], e: DataContainer, idx: Map<string, DataContainer>, ks: string): void {
    entries.splice(entries.indexOf(e), 1);
    idx.delete(ks);
    if (entries.length === 0) this.holder.delete(this.meta);
  }
}
