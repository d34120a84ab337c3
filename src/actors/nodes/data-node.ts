/**
 * A node over an in-memory data tree (DataContainer): reads, writes,
 * creates and deletes on it. Edits copy from it (decoded JSON input is a
 * DataContainer), reads can copy into it, and the embedded datastore keeps
 * its data in it. Keyed entries are found through the list index
 * (src/data/list-index.ts).
 */
import { DataContainer, type DataValue } from '../../data/data-container.ts';
import type { DataJournal } from '../../data/data-journal.ts';
import type { DataPath } from '../../data/data-path.ts';
import { addEntry, allEntries, findEntry, keyOf, keyString, removeEntry } from '../../data/list-index.ts';
import type { CaseMeta, DataNodeMeta, ListMeta, SchemaNode } from '../../meta/meta.ts';
import type { YangValue } from '../../types/value.ts';
import type { FieldValue } from '../../data/field-value.ts';
import type { ListItem, Node } from '../node.ts';
import type { ChildRequest, ChooseRequest, FieldRequest, NextRequest } from '../requests.ts';
import type { DataChanges } from '../../store/data-changes.ts';

/** The case of `choice` a schema node sits in, if any (walking up through nested choices). */
const caseIn = (n: SchemaNode, cases: readonly CaseMeta[]): boolean => {
  for (let p: SchemaNode | undefined = n.parent; p !== undefined; p = p.parent) if (cases.includes(p as CaseMeta)) return true;
  return false;
};

export class DataContainerNode implements Node {
  constructor(
    readonly data: DataContainer,
    /** Told of every change this node and the nodes it makes apply (the datastore's journal). */
    readonly changes?: DataChanges,
    /** Told before every change (to undo it, or to validate it). */
    readonly journal?: DataJournal,
  ) {}

  child(r: ChildRequest): Node | undefined {
    if (r.delete) {
      if (this.data.values.has(r.meta)) this.journal?.setting(this.data, r.meta, r.path);
      if (this.data.delete(r.meta)) this.changes?.removed(r.path);
      return undefined;
    }
    const v = this.data.get(r.meta);
    if (r.meta.kind === 'list') {
      if (v === undefined) {
        if (!r.new) return undefined;
        this.journal?.setting(this.data, r.meta, r.path);
        this.data.set(r.meta, []);
        this.changes?.created(r.path);
      }
      return new DataListNode(this.data, r.meta, this.changes, this.journal);
    }
    if (v instanceof DataContainer) return new DataContainerNode(v, this.changes, this.journal);
    if (!r.new) return undefined;
    const c = new DataContainer(r.meta);
    this.journal?.setting(this.data, r.meta, r.path);
    this.data.set(r.meta, c);
    this.changes?.created(r.path);
    return new DataContainerNode(c, this.changes, this.journal);
  }

  field(r: FieldRequest): FieldValue | undefined {
    const meta = r.meta as DataNodeMeta;
    if (!r.write) return this.data.get(meta) as FieldValue | undefined;
    if (r.value === undefined) {
      if (this.data.values.has(meta)) this.journal?.setting(this.data, meta, r.path);
      if (this.data.delete(meta)) this.changes?.removed(r.path);
    } else if (this.data.get(meta) !== r.value) {
      this.journal?.setting(this.data, meta, r.path);
      this.data.set(meta, r.value as DataValue);
      this.changes?.wrote(r.path, r.value);
    }
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

/** The path of a list from the path of one of its entries. */
const listPath = (entry: DataPath): DataPath => {
  const last = entry.segments[entry.segments.length - 1];
  return last?.key === undefined ? entry : { segments: [...entry.segments.slice(0, -1), { meta: last.meta }] };
};

/** The entries of one list inside a container. */
export class DataListNode implements Node {
  constructor(
    /** The container holding the list's array (plain-data.ts reads it directly). */
    readonly holder: DataContainer,
    private readonly meta: ListMeta,
    private readonly changes?: DataChanges,
    private readonly journal?: DataJournal,
  ) {}

  private get entries(): DataContainer[] | undefined {
    return this.holder.get(this.meta) as DataContainer[] | undefined;
  }

  /** The list's array, put in the holder when it has none. */
  private array(path: DataPath): DataContainer[] {
    const entries = this.entries;
    if (entries !== undefined) return entries;
    const made: DataContainer[] = [];
    this.journal?.setting(this.holder, this.meta, listPath(path));
    this.holder.set(this.meta, made);
    return made;
  }

  private node(e: DataContainer): DataContainerNode {
    return new DataContainerNode(e, this.changes, this.journal);
  }

  next(r: NextRequest): ListItem | undefined {
    const entries = this.entries;
    const keyed = this.meta.keys.length > 0;
    if (r.key !== undefined && keyed) {
      const found = entries === undefined ? undefined : findEntry(entries, this.meta, keyString(r.key));
      if (r.delete) {
        if (found !== undefined && entries !== undefined) {
          this.remove(entries, found, entries.indexOf(found), r.path);
          this.changes?.removed(r.path);
        }
        return undefined;
      }
      if (found !== undefined && entries !== undefined && r.move === true) this.move(entries, found, r);
      if (found !== undefined) return { node: this.node(found), key: r.key };
      if (!r.new) return undefined;
      const e = new DataContainer(this.meta);
      this.meta.keys.forEach((k, i) => e.set(k, r.key?.[i] as YangValue));
      const list = this.array(r.path);
      const at = Math.min(Math.max(r.row, 0), list.length);
      this.journal?.adding(this.holder, this.meta, list, e, at, r.path);
      addEntry(list, this.meta, e, at);
      this.changes?.created(r.path, at < list.length - 1 ? at : undefined);
      return { node: this.node(e), key: r.key };
    }
    if (r.new) {
      const e = new DataContainer(this.meta);
      const list = this.array(r.path);
      const at = Math.min(Math.max(r.row, 0), list.length);
      this.journal?.adding(this.holder, this.meta, list, e, at, r.path);
      addEntry(list, this.meta, e, at);
      this.changes?.unnamed();
      return { node: this.node(e) };
    }
    if (entries !== undefined && r.row >= 0) allEntries(entries);
    const e = entries?.[r.row];
    if (e === undefined || entries === undefined) return undefined;
    if (r.delete) {
      this.journal?.removing(this.holder, this.meta, entries, e, r.row, r.path);
      removeEntry(entries, this.meta, e, r.row);
      this.changes?.unnamed();
      return undefined;
    }
    return keyed ? { node: this.node(e), key: keyOf(e, this.meta) } : { node: this.node(e) };
  }

  /** Moves an entry to row `r.row` of the list without it (clamped): the entry's row afterwards. */
  private move(entries: DataContainer[], e: DataContainer, r: NextRequest): void {
    allEntries(entries);
    const from = entries.indexOf(e);
    const to = Math.min(Math.max(r.row, 0), entries.length - 1);
    if (from < 0 || from === to) return;
    this.journal?.removing(this.holder, this.meta, entries, e, from, r.path);
    removeEntry(entries, this.meta, e, from);
    this.journal?.adding(this.holder, this.meta, entries, e, to, r.path);
    addEntry(entries, this.meta, e, to);
    this.changes?.moved(r.path, to);
  }

  private remove(entries: DataContainer[], e: DataContainer, at: number, path: DataPath): void {
    this.journal?.removing(this.holder, this.meta, entries, e, at, path);
    removeEntry(entries, this.meta, e, at);
    allEntries(entries);
    if (entries.length > 0) return;
    this.journal?.setting(this.holder, this.meta, listPath(path));
    this.holder.delete(this.meta);
  }
}
