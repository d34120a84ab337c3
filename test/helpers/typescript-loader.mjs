/**
 * The tests' TypeScript loader (ava's nodeArguments: --import): Node runs
 * each .ts file as esbuild bundles it (typescript-hooks.mjs,
 * test-bundle.mjs), cached in node_modules/.cache/rxconf-ts-bundles.
 *
 * RXCONF_TEST_CPU_LOG=FILE: each test process appends to FILE, as it ends,
 * its test file, its CPU seconds and those of the child processes it waited
 * for (tab-separated): what each file of a run costs.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { register } from 'node:module';

register('./typescript-hooks.mjs', import.meta.url);

const log = process.env['RXCONF_TEST_CPU_LOG'];
if (log !== undefined && log !== '') {
  process.once('exit', () => {
    const file = [...(globalThis[Symbol.for('rxconf.test.modules')]?.keys() ?? [])].find((k) => k.endsWith('.test.ts')) ?? process.argv.join(' ');
    // /proc/self/stat after the command's name: utime, stime, cutime, cstime are the 12th to 15th fields, in ticks of 1/100 s
    const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ').map(Number) ?? [];
    const s = (i) => (f[i] ?? 0) / 100;
    appendFileSync(log, `${file}\t${(s(11) + s(12)).toFixed(2)}\t${(s(13) + s(14)).toFixed(2)}\n`);
  });
}
