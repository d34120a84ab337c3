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
import { createRequire, register } from 'node:module';
import { sep } from 'node:path';
import { pathToFileURL } from 'node:url';

// In ava's worker (the main module), the modules it imports are loaded before
// the hooks are registered: once registered, every module loaded goes through
// the hooks' thread, which cost each test process about 0.1 s of CPU for ava's
// own modules that the hooks leave as they are. The worker's body runs as
// before, after this file; a module that cannot be found here is left to it.
const main = process.argv[1];
if (main !== undefined && main.endsWith(['', 'ava', 'lib', 'worker', 'base.js'].join(sep))) {
  const require = createRequire(main);
  const specifiers = [...readFileSync(main, 'utf8').matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1] ?? '');
  const urls = specifiers.filter((s) => !s.startsWith('node:')).flatMap((s) => {
    if (s.startsWith('.')) return [new URL(s, pathToFileURL(main)).href];
    try {
      return [pathToFileURL(require.resolve(s)).href];
    } catch {
      return [];
    }
  });
  await Promise.all(urls.map((u) => import(u).catch(() => undefined)));
}
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
