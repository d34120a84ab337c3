/** The bench-table list entries, the same for rxconf's data file and the raw baseline. */
export interface TableEntry {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly value: number;
}

export const tableEntries = (n: number): TableEntry[] =>
  Array.from({ length: n }, (_, i) => ({ id: i, name: `entry-${i}`, description: `table entry number ${i}`, value: (i * 7919) % 100_000 - 50_000 }));
