/**
 * Every benchmark prints one table and writes the same figures to
 * benchmarks/results/<name>.json. Figures are ratios against a baseline
 * measured in the same run, because the machines are shared and noisy.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Cell = string | number;
export interface BenchRow { readonly [column: string]: Cell }

const resultsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'results');

const show = (c: Cell): string =>
  typeof c === 'number' ? (Number.isInteger(c) ? String(c) : c.toPrecision(4)) : c;

export const printTable = (rows: readonly BenchRow[]): void => {
  const first = rows[0];
  if (first === undefined) return;
  const cols = Object.keys(first);
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => show(r[c] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((s, i) => s.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(cols));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(cols.map((c) => show(r[c] ?? ''))));
};

/** Print the table and write benchmarks/results/<name>.json. */
export const report = (name: string, rows: readonly BenchRow[], notes: Record<string, Cell> = {}): void => {
  console.log(`\n## ${name}  (${new Date().toISOString().slice(0, 10)})`);
  printTable(rows);
  for (const [k, v] of Object.entries(notes)) console.log(`${k}: ${show(v)}`);
  mkdirSync(resultsDir, { recursive: true });
  const doc = { name, measured: new Date().toISOString(), rows, notes };
  writeFileSync(join(resultsDir, `${name}.json`), JSON.stringify(doc, null, 2) + '\n');
};
