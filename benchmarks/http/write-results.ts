/** benchmarks/results/http.json: the date, each row as a ratio to its baseline in the same run, the must-shows judged. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Must } from './musts.ts';
import type { ResultRow } from './result-row.ts';

export interface HttpResults {
  readonly date: string;
  readonly machine: string;
  readonly server: string;
  readonly loadGenerator: string;
  readonly rows: readonly ResultRow[];
  readonly musts: readonly Must[];
  /** Failed requests, server errors: anything that makes a figure suspect. */
  readonly problems: readonly string[];
}

const dir = fileURLToPath(new URL('../results/', import.meta.url));

export const writeHttpResults = (r: HttpResults): void => {
  const { date, ...rest } = r;
  const rows = r.rows.map(({ rxconfText: _a, rawText: _b, ratioText: _c, errorsText: _d, ...kept }) => kept);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'http.json'), `${JSON.stringify({ name: 'http', measured: date, ...rest, rows }, null, 2)}\n`);
};
