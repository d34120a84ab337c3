/**
 * Entries of a keyed list found by key in O(1): one index per list array,
 * made on the first lookup and kept up to date by `addEntry` and
 * `removeEntry`, which every writer of list arrays uses. An array changed
 * some other way (a plain push or splice) is noticed by its length and
 * indexed again on the next lookup.
 */
import type { ListMeta } from '../meta/meta.ts';
import type { YangValue } from '../types/value.ts';
import type { DataContainer } from './data-container.ts';

interface Index {
  readonly byKey: Map<string, DataContainer>;
  /** The array's length when the index was last in step with it. */
  length: number;
}

const indexes = new WeakMap<readonly DataContainer[], Index>();

/** What a partial list array carries (under LAZY) to be completed on demand. */
export interface LazyEntries {
  readonly complete: boolean;
  /** The entry of key `key` is asked for and is not among those read: an entry of that key, or undefined. */
  missed(key: string): DataContainer | undefined;
  /** Every entry is needed. */
  needAll(): void;
  /** An entry of key `key` was removed (it must not be read again). */
  removed(key: string): void;
}

export const LAZY: unique symbol = Symbol('lazy entries');

const lazyOf = (entries: readonly DataContainer[]): LazyEntries | undefined => (entries as { [LAZY]?: LazyEntries })[LAZY];

/** A list array that may not hold every entry (read from an application as needed): nothing about it is to be remembered. */
export const isPartial = (entries: readonly DataContainer[]): boolean => lazyOf(entries) !== undefined;

/** Makes sure every entry of a list array is there (a partial one is completed, or says it will be). */
export function allEntries(entries: readonly DataContainer[] | undefined): void {
  const lazy = entries === undefined ? undefined : lazyOf(entries);
  if (lazy !== undefined && !lazy.complete) lazy.needAll();
}

/** Forgets the index of an array whose entries were replaced. */
export const forgetIndex = (entries: readonly DataContainer[]): boolean => indexes.delete(entries);

/** Key values as one string: values joined by NUL (bits by spaces). */
export const keyString = (key: readonly YangValue[]): string =>
  key.length === 1 ? valueText(key[0] as YangValue) : key.map(valueText).join('\u0000');

const valueText = (v: YangValue): string => (Array.isArray(v) ? v.join(' ') : String(v));

/** The key values of an entry, in key order. */
export const keyOf = (entry: DataContainer, meta: ListMeta): YangValue[] => meta.keys.map((k) => entry.get(k) as YangValue);

export const entryKeyString = (entry: DataContainer, meta: ListMeta): string => keyString(keyOf(entry, meta));

function indexFor(entries: readonly DataContainer[], meta: ListMeta): Index {
  let idx = indexes.get(entries);
  if (idx === undefined || idx.length !== entries.length) {
    const byKey = new Map<string, DataContainer>();
    for (const e of entries) {
      const k = entryKeyString(e, meta);
      if (!byKey.has(k)) byKey.set(k, e);
    }
    idx = { byKey, length: entries.length };
    indexes.set(entries, idx);
  }
  return idx;
}

/** The entry of a keyed list with key `key` (see keyString), or undefined. */
export function findEntry(entries: readonly DataContainer[], meta: ListMeta, key: string): DataContainer | undefined {
  const hit = indexFor(entries, meta).byKey.get(key);
  if (hit !== undefined) return hit;
  const lazy = lazyOf(entries);
  return lazy === undefined || lazy.complete ? undefined : lazy.missed(key);
}

/** Adds an entry at `at` (the end by default), keeping the index of a keyed list. */
export function addEntry(entries: DataContainer[], meta: ListMeta, entry: DataContainer, at: number = entries.length): void {
  const idx = meta.keys.length > 0 ? indexes.get(entries) : undefined;
  const inStep = idx !== undefined && idx.length === entries.length;
  if (at >= entries.length) entries.push(entry);
  else entries.splice(at, 0, entry);
  if (idx === undefined) return;
  if (!inStep) {
    indexes.delete(entries);
    return;
  }
  const k = entryKeyString(entry, meta);
  if (!idx.byKey.has(k)) idx.byKey.set(k, entry);
  idx.length = entries.length;
}

/** Removes an entry (found from the end first: recently added entries are there). Returns where it was, or -1. */
export function removeEntry(entries: DataContainer[], meta: ListMeta, entry: DataContainer, at?: number): number {
  const i = at !== undefined && entries[at] === entry ? at : entries.lastIndexOf(entry);
  if (i < 0) return -1;
  const idx = meta.keys.length > 0 ? indexes.get(entries) : undefined;
  const inStep = idx !== undefined && idx.length === entries.length;
  if (i === entries.length - 1) entries.pop();
  else entries.splice(i, 1);
  const lazy = meta.keys.length > 0 ? lazyOf(entries) : undefined;
  if (idx === undefined && lazy === undefined) return i;
  const k = entryKeyString(entry, meta);
  lazy?.removed(k);
  if (idx === undefined) return i;
  if (!inStep) {
    indexes.delete(entries);
    return i;
  }
  if (idx.byKey.get(k) === entry) idx.byKey.delete(k);
  idx.length = entries.length;
  return i;
}
