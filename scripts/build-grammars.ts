/**
 * `npm run grammars`: compiles every `.ne` under src/ and benchmarks/ to its
 * sibling `<name>.grammar.ts` (files already up to date are left alone). With `--check`, writes nothing and exits 1
 * listing the committed grammars that are missing or out of date.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileGrammar, findGrammars, outputPath, staleGrammars } from './lib/compile-grammar.ts';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

if (process.argv.includes('--check')) {
  const stale = staleGrammars(projectRoot);
  if (stale.length > 0) {
    console.error(`out of date (run npm run grammars):\n${stale.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('grammars up to date');
} else {
  for (const ne of findGrammars(projectRoot)) {
    const out = outputPath(ne);
    const code = compileGrammar(ne);
    if (existsSync(out) && readFileSync(out, 'utf8') === code) continue;
    writeFileSync(out, code);
    console.log(`${relative(projectRoot, ne)} -> ${relative(projectRoot, out)}`);
  }
}
