/**
 * The node of one list for `reflectNode`: an array of entry objects (rows;
 * a keyed entry is found by comparing its key leaves, a linear scan), or a
 * Map from the key value to the entry object (lists with one key; the Map
 * key is the key leaf's value, a JavaScript number standing for an int64 or
 * uint64 key). Rows are read in order; a Map is walked with one iterator
 * per request, so reading it whole stays linear. An array takes new entries
 * at the row asked for and moves entries (ordered-by user lists); so does a
 * Map, whose order is its insertion order (rebuilt to put an entry anywhere
 * but last).
 */
import { childPath, type DataPath } from '../../data/data-path.ts';
import type { LeafMeta, ListMeta } from '../../meta/meta.ts';
import type { YangValue } from '../../types/value.ts';
import type { ListItem, Node } from '../node.ts';
import type { NextRequest } from '../requests.ts';
import { fromApplication, toApplication } from './application-value.ts';
import { badApplicationData, describeValue } from './node-errors.ts';
import { memberName } from './member-name.ts';
import { isRecord, setProperty, type PropertyNames } from './object-property.ts';

/** An entry node that can tell its key leaves. */
export interface KeyedEntry extends Node {
  keyValue(leaf: LeafMeta, path: DataPath): YangValue | undefined;
}

/** Makes the node of an entry object; `mapKey` is its key when it sits in a Map. */
export type EntryFactory = (obj: object, mapKey: YangValue | undefined) => KeyedEntry;

const same = (a: YangValue | undefined, b: YangValue | undefined): boolean =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;

const clampRow = (row: number, length: number): number => Math.min(Math.max(row, 0), length);

export class ReflectListNode implements Node {
  private cursor: { row: number; it: Iterator<[unknown, unknown]> } | undefined;

  constructor(
    private readonly rows: unknown[] | Map<unknown, unknown>,
    private readonly entryOf: EntryFactory,
    private readonly names: PropertyNames,
  ) {}

  next(r: NextRequest): ListItem | undefined {
    if (r.meta.keys.length > 0 && r.key !== undefined) {
      return this.rows instanceof Map ? this.inMap(this.rows, r, r.key) : this.inArray(this.rows, r, r.key);
    }
    if (r.new) {
      if (this.rows instanceof Map) throw badApplicationData(r.selection.path, 'a Map can only hold a keyed list');
      const obj = {};
      this.rows.splice(clampRow(r.row, this.rows.length), 0, obj);
      return { node: this.entryOf(obj, undefined) };
    }
    return this.rows instanceof Map ? this.mapRow(this.rows, r) : this.arrayRow(this.rows, r);
  }

  peek(): unknown[] | Map<unknown, unknown> {
    return this.rows;
  }

  private entryAt(obj: unknown, at: string, r: NextRequest, mapKey?: YangValue): KeyedEntry {
    if (!isRecord(obj)) throw badApplicationData(r.selection.path, `${at} is ${describeValue(obj)}, not an object`);
    return this.entryOf(obj, mapKey);
  }

  private keyOf(entry: KeyedEntry, meta: ListMeta, at: string, r: NextRequest): YangValue[] {
    return meta.keys.map((k) => {
      const v = entry.keyValue(k, childPath(r.selection.path, k));
      if (v === undefined) throw badApplicationData(r.selection.path, `${at} has no key leaf "${k.name}"`);
      return v;
    });
  }

  private inArray(rows: unknown[], r: NextRequest, key: readonly YangValue[]): ListItem | undefined {
    for (let i = 0; i < rows.length; i++) {
      const entry = this.entryAt(rows[i], `row ${i}`, r);
      if (!r.meta.keys.every((k, j) => same(entry.keyValue(k, childPath(r.selection.path, k)), key[j]))) continue;
      if (r.delete) {
        rows.splice(i, 1);
        return undefined;
      }
      if (r.move === true) {
        const [obj] = rows.splice(i, 1);
        rows.splice(clampRow(r.row, rows.length), 0, obj);
      }
      return { node: entry, key };
    }
    if (!r.new || r.delete) return undefined;
    const obj = {};
    r.meta.keys.forEach((k, j) => setProperty(obj, memberName(k), key[j], this.names));
    rows.splice(clampRow(r.row, rows.length), 0, obj);
    return { node: this.entryOf(obj, undefined), key };
  }

  private inMap(rows: Map<unknown, unknown>, r: NextRequest, key: readonly YangValue[]): ListItem | undefined {
    const [leaf] = r.meta.keys;
    const value = key[0];
    if (r.meta.keys.length !== 1 || leaf === undefined || value === undefined) {
      throw badApplicationData(r.selection.path, 'a Map can only hold a list with exactly one key');
    }
    const found = this.mapKeyOf(rows, value);
    if (found !== undefined) {
      if (r.delete) {
        rows.delete(found.k);
        this.cursor = undefined;
        return undefined;
      }
      if (r.move === true) {
        const obj = rows.get(found.k);
        rows.delete(found.k);
        this.placeInMap(rows, found.k, obj, r.row);
      }
      return { node: this.entryAt(rows.get(found.k), `the entry ${String(value)}`, r, value), key };
    }
    if (!r.new || r.delete) return undefined;
    const obj = {};
    this.placeInMap(rows, toApplication(leaf, value, rows.keys().next().value), obj, r.row);
    return { node: this.entryOf(obj, value), key };
  }

  /** Sets `k` at row `row` of the Map's order (past the end: last); a Map is rebuilt to put it elsewhere. */
  private placeInMap(rows: Map<unknown, unknown>, k: unknown, obj: unknown, row: number): void {
    this.cursor = undefined;
    if (row >= rows.size) {
      rows.set(k, obj);
      return;
    }
    const all = [...rows];
    all.splice(Math.max(row, 0), 0, [k, obj]);
    rows.clear();
    for (const [key, value] of all) rows.set(key, value);
  }

  /** The Map key standing for a key value: itself, or the same integer as a number or bigint. */
  private mapKeyOf(rows: Map<unknown, unknown>, value: YangValue): { readonly k: unknown } | undefined {
    if (rows.has(value)) return { k: value };
    if (typeof value === 'bigint' && rows.has(Number(value)) && BigInt(Number(value)) === value) return { k: Number(value) };
    if (typeof value === 'number' && Number.isInteger(value) && rows.has(BigInt(value))) return { k: BigInt(value) };
    return undefined;
  }

  private arrayRow(rows: unknown[], r: NextRequest): ListItem | undefined {
    if (r.row < 0 || r.row >= rows.length) return undefined;
    if (r.delete) {
      rows.splice(r.row, 1);
      return undefined;
    }
    const entry = this.entryAt(rows[r.row], `row ${r.row}`, r);
    return r.meta.keys.length === 0 ? { node: entry } : { node: entry, key: this.keyOf(entry, r.meta, `row ${r.row}`, r) };
  }

  private mapRow(rows: Map<unknown, unknown>, r: NextRequest): ListItem | undefined {
    if (this.cursor === undefined || this.cursor.row >= r.row) this.cursor = { row: -1, it: rows.entries() };
    let at: IteratorResult<[unknown, unknown]> | undefined;
    while (this.cursor.row < r.row) {
      at = this.cursor.it.next();
      this.cursor.row += 1;
      if (at.done === true) {
        this.cursor = undefined;
        return undefined;
      }
    }
    if (at === undefined || at.done === true) return undefined;
    const [rawKey, obj] = at.value;
    const [leaf] = r.meta.keys;
    if (leaf === undefined || r.meta.keys.length !== 1) throw badApplicationData(r.selection.path, 'a Map can only hold a list with exactly one key');
    if (r.delete) {
      rows.delete(rawKey);
      this.cursor = undefined;
      return undefined;
    }
    const key = fromApplication(leaf, rawKey, childPath(r.selection.path, leaf)) as YangValue | undefined;
    if (key === undefined) throw badApplicationData(r.selection.path, `a Map key is ${describeValue(rawKey)}`);
    return { node: this.entryAt(obj, `the entry ${String(rawKey)}`, r, key), key: [key] };
  }
}
