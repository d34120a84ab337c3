/**
 * The tests' TypeScript loader (ava's nodeArguments: --import): Node runs
 * each .ts file as esbuild compiles it (as tsx does), one module per file,
 * with a cache in node_modules/.cache/rxconf-ts keyed by the file's content.
 * Lighter than tsx (which tries other extensions and tsconfig paths for every
 * import): the sources name their imports with their .ts extension.
 */
import { register } from 'node:module';

register('./typescript-hooks.mjs', import.meta.url);
