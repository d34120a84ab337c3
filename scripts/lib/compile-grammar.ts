/**
 * Compiles a nearley grammar (`.ne`) to the TypeScript module committed next
 * to it (`<name>.grammar.ts`), with nearley's own compiler API, and finds the
 * grammars whose committed output is missing or stale.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import nearley from 'nearley';

const require = createRequire(import.meta.url);

/** The compiled grammar structure nearley/lib/compile returns; only passed between its modules here. */
interface NearleyCompiled {
  readonly rules: readonly unknown[];
}
type Compile = (structure: unknown, opts: { readonly args: readonly string[]; readonly version: string }) => NearleyCompiled;
type Generate = (compiled: NearleyCompiled, exportName: string) => string;
type Lint = (compiled: NearleyCompiled, opts: { readonly out: { write(s: string): void }; readonly version: string }) => void;

const compile = require('nearley/lib/compile.js') as Compile;
const generate = require('nearley/lib/generate.js') as Generate;
const lint = require('nearley/lib/lint.js') as Lint;
const bootstrapped = require('nearley/lib/nearley-language-bootstrapped.js') as nearley.CompiledRules;
const { version } = require('nearley/package.json') as { version: string };

/** Folders, relative to the project root, whose `.ne` files are compiled. */
export const grammarRoots = ['src', 'benchmarks'] as const;

export const outputPath = (nePath: string): string => nePath.replace(/\.ne$/, '.grammar.ts');

/**
 * The module text `npm run grammars` writes for this grammar: exactly what
 * `nearleyc` prints (its header says the file is generated; the output passes
 * strict tsc, so no @ts-nocheck). Throws on syntax errors and lint warnings.
 */
export const compileGrammar = (nePath: string): string => {
  const source = readFileSync(nePath, 'utf8');
  const parser = new nearley.Parser(nearley.Grammar.fromCompiled(bootstrapped));
  parser.feed(source);
  parser.feed('\n');
  const [structure] = parser.results as unknown[];
  if (structure === undefined) throw new Error(`${nePath}: incomplete grammar`);
  const compiled = compile(structure, { args: [nePath], version });
  const warnings: string[] = [];
  lint(compiled, { out: { write: (s) => warnings.push(s.trim()) }, version });
  if (warnings.length > 0) throw new Error(`${nePath}:\n${warnings.join('\n')}`);
  return generate(compiled, 'grammar');
};

/** Every `.ne` file under the grammar roots, sorted, as absolute paths. */
export const findGrammars = (projectRoot: string): string[] => {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ne')) found.push(full);
    }
  };
  for (const root of grammarRoots) {
    const dir = join(projectRoot, root);
    if (existsSync(dir)) walk(dir);
  }
  return found.sort();
};

/** Grammars (project-relative `.grammar.ts` paths) whose committed output differs from what the source gives. */
export const staleGrammars = (projectRoot: string): string[] =>
  findGrammars(projectRoot)
    .filter((ne) => {
      const out = outputPath(ne);
      return !existsSync(out) || readFileSync(out, 'utf8') !== compileGrammar(ne);
    })
    .map((ne) => relative(projectRoot, outputPath(ne)));
