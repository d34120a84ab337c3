/**
 * `npm run bench`: runs every benchmarks/*.bench.ts in its own process, one
 * after the other (two cores: nothing runs beside a benchmark). Pass names to
 * run only some: `npm run bench -- parser http`.
 */
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace('.bench.ts', '')))
  .sort();

let failed = 0;
for (const file of benches) {
  const r = spawnSync(process.execPath, ['--import=tsx', '--expose-gc', join(here, file)], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed += 1;
    console.error(`benchmark ${file} failed (exit ${r.status ?? r.signal})`);
  }
}
process.exit(failed === 0 ? 0 : 1);
