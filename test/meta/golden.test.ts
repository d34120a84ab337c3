/**
 * Golden files of the compiled meta model, one fixture module per feature.
 * `npm run golden:update` rewrites them; review the diff before committing.
 */
import test from 'ava';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import { formatDiagnostic } from '../../src/parser/statement.ts';
import { serializeModule } from '../helpers/serialize-meta.ts';
import { yanglint, yanglintTest } from '../helpers/yanglint.ts';

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, '..', 'fixtures', 'yang', 'features');
const goldenDir = join(here, '..', 'golden', 'meta');
const update = process.env['UPDATE_GOLDEN'] === '1';
const files = readdirSync(fixtures).filter((f) => f.endsWith('.yang') && !f.includes('-part'));

for (const file of files) {
  const name = file.replace(/\.yang$/, '');
  test(`golden meta: ${name}`, (t) => {
    const r = compileSchema({ searchPath: [fixtures], modules: [{ file: join(fixtures, file) }] });
    t.deepEqual(r.diagnostics.map(formatDiagnostic), [], 'compiles without diagnostics');
    const modules = [...r.context.modules.values()].map(serializeModule);
    const actual = `${JSON.stringify(modules, null, 2)}\n`;
    const golden = join(goldenDir, `${name}.json`);
    if (update || !existsSync(golden)) {
      mkdirSync(goldenDir, { recursive: true });
      writeFileSync(golden, actual);
      if (!update) t.fail(`golden file ${golden} was missing and has been written; run again`);
      else t.pass();
      return;
    }
    t.is(actual, readFileSync(golden, 'utf8'), `compiled meta differs from ${golden}; run npm run golden:update if the change is intended`);
  });
}

// The fixtures are real YANG: the reference implementation must accept them too
// (except recursive groupings, the spec's extension, which libyang rejects).
for (const file of files.filter((f) => f !== 'fx-recursive.yang')) {
  yanglintTest(`yanglint accepts fixture ${file}`, (t) => {
    const r = yanglint(['-i', '-p', fixtures, join(fixtures, file)]);
    t.true(r.ok, r.output);
  });
}

yanglintTest('yanglint rejects the recursive grouping that rxconf accepts', (t) => {
  const r = yanglint(['-p', fixtures, join(fixtures, 'fx-recursive.yang')]);
  t.false(r.ok);
  t.regex(r.output, /references itself/);
});
