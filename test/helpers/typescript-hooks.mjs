/**
 * Module hooks of typescript-loader.mjs. A .ts file (a test file, a fixture
 * app, generated types) loads as one ES module: esbuild's bundle of it with
 * every file of the checkout it imports (test-bundle.mjs). Node then loads
 * one module, not the ~400 of src/ one by one through this hook's thread,
 * which cost a test process about as much CPU as a small file's tests.
 *
 * One instance of each file per process, as without a bundle: a file
 * bundled before that is imported again (a fixture app the test imports and
 * the server loads by path) loads as the namespace its bundle registered,
 * and a later bundle imports the files earlier ones hold rather than a copy.
 */
import { fileURLToPath } from 'node:url';
import { bundleAlone, cachedBundle, isCode, REGISTRY } from './test-bundle.mjs';

/** Files of this process's bundles (paths). */
const bundled = new Set();
const exportsOf = new Map();

/** A bundled file imported again: its registered namespace, under the names it exports. */
const registered = async (path) => {
  let names = exportsOf.get(path);
  if (names === undefined) {
    names = (await bundleAlone(path, new Set())).exports;
    exportsOf.set(path, names);
  }
  const named = names.filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n));
  return [
    `const ns = globalThis[Symbol.for(${JSON.stringify(REGISTRY)})]?.get(${JSON.stringify(path)});`,
    `if (ns === undefined) throw new Error(${JSON.stringify(`${path} is imported before the module bundling it has run`)});`,
    named.length > 0 ? `export const { ${named.join(', ')} } = ns;` : '',
    names.includes('default') ? 'export default ns.default;' : '',
  ].join('\n');
};

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:')) return nextLoad(url, context);
  const path = fileURLToPath(url);
  if (bundled.has(path)) return { format: 'module', source: await registered(path), shortCircuit: true };
  if (!/\.[cm]?ts$/.test(path)) return nextLoad(url, context);
  // the process's first .ts file (the test file) from the cache; a later one (loaded by path) bundled without the files already loaded
  const made = bundled.size === 0 ? await cachedBundle(path) : await bundleAlone(path, new Set(bundled));
  for (const f of made.files) if (isCode(f)) bundled.add(f);
  return { format: 'module', source: made.code, shortCircuit: true };
}
