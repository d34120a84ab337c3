/**
 * What an edit changed in a data tree, as the tree's writers report it
 * (DataJournal): the path of every value set or deleted and of every list
 * entry added or removed, and — for lists with unique constraints — the
 * entries touched, with their values from before the edit. An edit's
 * validation (validate-change.ts) starts from it.
 */
import type { DataContainer } from '../data/data-container.ts';
import type { DataJournal } from '../data/data-journal.ts';
import type { DataPath } from '../data/data-path.ts';
import { findEntry, keyString } from '../data/list-index.ts';
import type { DataNodeMeta, ListMeta, SchemaContext } from '../meta/meta.ts';
import { uniqueCombos } from './unique-index.ts';

export interface Change {
  readonly path: DataPath;
  /** A field's value, a container, a whole list, or one entry of a list. */
  readonly what: 'field' | 'container' | 'list' | 'entry';
  /** Nothing (not even a default) was there before: the change only adds. */
  readonly added: boolean;
}

/** An entry of a list with unique constraints that the edit added, changed below, or removed. */
export interface Touch {
  readonly list: ListMeta;
  /** The list's array when the entry was first touched. */
  readonly entries: readonly DataContainer[];
  /** The path of the list's holder. */
  readonly holderPath: DataPath;
  /** Each constraint's combination before the edit; undefined for an entry the edit added. */
  readonly before: readonly (string | undefined)[] | undefined;
  removed: boolean;
}

const hasDefault = (meta: DataNodeMeta): boolean =>
  (meta.kind === 'leaf' && meta.default !== undefined) || (meta.kind === 'leaf-list' && meta.defaults.length > 0);

const prefix = (p: DataPath, n: number): DataPath => ({ segments: p.segments.slice(0, n) });

export class ChangeSet implements DataJournal {
  readonly changes: Change[] = [];
  readonly touched = new Map<DataContainer, Touch>();

  constructor(
    /** The trees being changed, by module name (to find touched entries from their paths). */
    private readonly roots: ReadonlyMap<string, DataContainer>,
    private readonly schema: SchemaContext,
  ) {}

  setting(holder: DataContainer, meta: DataNodeMeta, path: DataPath): void {
    const what = meta.kind === 'container' ? 'container' : meta.kind === 'list' ? 'list' : 'field';
    this.changes.push({ path, what, added: !holder.values.has(meta) && !hasDefault(meta) });
    this.touchAbove(path, path.segments.length);
  }

  adding(_holder: DataContainer, meta: ListMeta, entries: readonly DataContainer[], entry: DataContainer, _at: number, path: DataPath): void {
    this.changes.push({ path, what: 'entry', added: true });
    const n = path.segments.length - 1;
    this.touchAbove(path, n);
    if (meta.unique.length > 0 && !this.touched.has(entry)) {
      this.touched.set(entry, { list: meta, entries, holderPath: prefix(path, n), before: undefined, removed: false });
    }
  }

  removing(_holder: DataContainer, meta: ListMeta, entries: readonly DataContainer[], entry: DataContainer, _at: number, path: DataPath): void {
    this.changes.push({ path, what: 'entry', added: false });
    const n = path.segments.length - 1;
    this.touchAbove(path, n);
    if (meta.unique.length === 0) return;
    let t = this.touched.get(entry);
    if (t === undefined) {
      t = { list: meta, entries, holderPath: prefix(path, n), before: uniqueCombos(entry, meta, this.schema), removed: false };
      this.touched.set(entry, t);
    }
    t.removed = true;
  }

  /** Records, before they change, the entries of unique lists among the first `n` segments of `path`. */
  private touchAbove(path: DataPath, n: number): void {
    const segs = path.segments;
    let hasUnique = false;
    for (let i = 0; i < n; i++) {
      const m = segs[i]?.meta;
      if (m?.kind === 'list' && m.unique.length > 0 && segs[i]?.key !== undefined) hasUnique = true;
    }
    if (!hasUnique) return;
    const first = segs[0]?.meta;
    if (first === undefined) return;
    let c: DataContainer | undefined = this.roots.get(first.module.name);
    for (let i = 0; i < n && c !== undefined; i++) {
      const s = segs[i];
      if (s === undefined) return;
      const meta = s.meta as DataNodeMeta;
      if (meta.kind === 'container') {
        c = c.get(meta) as DataContainer | undefined;
      } else if (meta.kind === 'list' && s.key !== undefined) {
        const entries = c.get(meta) as DataContainer[] | undefined;
        const e = entries === undefined ? undefined : findEntry(entries, meta, keyString(s.key));
        if (e !== undefined && entries !== undefined && meta.unique.length > 0 && !this.touched.has(e)) {
          this.touched.set(e, { list: meta, entries, holderPath: prefix(path, i), before: uniqueCombos(e, meta, this.schema), removed: false });
        }
        c = e;
      } else {
        return;
      }
    }
  }
}
