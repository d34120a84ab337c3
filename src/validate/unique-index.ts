/**
 * unique (RFC 7950 §7.8.3) for an edit: how many entries of a committed
 * list hold each combination of a constraint's values, kept per list array
 * across edits, so that an edit's validation looks only at the entries it
 * touched. The counts are made on first use and then moved by each
 * committed edit's delta; an array whose length is not what the counts
 * expect (changed some other way) is counted again.
 */
import type { DataContainer } from '../data/data-container.ts';
import { allEntries, isPartial } from '../data/list-index.ts';
import type { ListMeta, SchemaContext } from '../meta/meta.ts';
import { uniqueRoutes, uniqueValues } from './check-unique.ts';

interface Counts {
  /** Per constraint: combination → entries holding it. */
  readonly byConstraint: Map<string, number>[];
  length: number;
}

let committed = new WeakMap<readonly DataContainer[], Counts>();

/** Drops every list's counts (the tree was changed some other way: a replica applied or undid changes); counted again on next use. */
export const forgetUniqueCounts = (): void => {
  committed = new WeakMap();
};

/** The combination of each constraint's values in an entry (undefined where a leaf does not exist). */
export const uniqueCombos = (entry: DataContainer, list: ListMeta, schema: SchemaContext): (string | undefined)[] =>
  uniqueRoutes(list).map((rs) => uniqueValues(entry, rs, schema));

/** What one edit does to a list's counts. */
export class UniqueDelta {
  readonly byConstraint: Map<string, number>[];
  /** Entries added minus entries removed. */
  growth = 0;
  /** The counts of a partial list (src/data/list-index.ts), made for this validation. */
  counted: Counts | undefined;

  constructor(readonly list: ListMeta, readonly entries: readonly DataContainer[]) {
    this.byConstraint = list.unique.map(() => new Map());
  }

  move(combos: readonly (string | undefined)[], by: 1 | -1): void {
    combos.forEach((c, i) => {
      if (c === undefined) return;
      const m = this.byConstraint[i] as Map<string, number>;
      m.set(c, (m.get(c) ?? 0) + by);
    });
  }
}

function countAll(entries: readonly DataContainer[], list: ListMeta, schema: SchemaContext): Map<string, number>[] {
  const out = list.unique.map(() => new Map<string, number>());
  allEntries(entries);
  for (const e of entries) {
    uniqueCombos(e, list, schema).forEach((c, i) => {
      if (c === undefined) return;
      const m = out[i] as Map<string, number>;
      m.set(c, (m.get(c) ?? 0) + 1);
    });
  }
  return out;
}

/**
 * The committed counts of a list whose array now holds the candidate
 * (committed + delta): kept ones when in step, else counted from the
 * candidate and the delta taken back.
 */
function committedCounts(delta: UniqueDelta, schema: SchemaContext): Counts {
  const entries = delta.entries;
  const expected = entries.length - delta.growth;
  // An application's list, read for this edit only, is counted for this validation only.
  const partial = isPartial(entries);
  let c = partial ? delta.counted : committed.get(entries);
  if (c === undefined || c.length !== expected) {
    const byConstraint = countAll(entries, delta.list, schema);
    byConstraint.forEach((m, i) => {
      for (const [k, n] of delta.byConstraint[i] ?? []) m.set(k, (m.get(k) ?? 0) - n);
    });
    c = { byConstraint, length: expected };
    if (partial) delta.counted = c;
    else committed.set(entries, c);
  }
  return c;
}

/** How many entries of the candidate hold combination `combo` of constraint `i`. */
export function candidateCount(delta: UniqueDelta, i: number, combo: string, schema: SchemaContext): number {
  const c = committedCounts(delta, schema);
  return (c.byConstraint[i]?.get(combo) ?? 0) + (delta.byConstraint[i]?.get(combo) ?? 0);
}

/** Once the edit is committed: its delta becomes part of the counts. */
export function commitDelta(delta: UniqueDelta): void {
  const c = committed.get(delta.entries);
  if (c === undefined) return;
  if (c.length + delta.growth !== delta.entries.length) {
    committed.delete(delta.entries);
    return;
  }
  delta.byConstraint.forEach((m, i) => {
    const counts = c.byConstraint[i] as Map<string, number>;
    for (const [k, n] of m) {
      const v = (counts.get(k) ?? 0) + n;
      if (v === 0) counts.delete(k);
      else counts.set(k, v);
    }
  });
  c.length = delta.entries.length;
}
