/**
 * Module hooks of typescript-loader.mjs. A .ts file (a test file, a fixture
 * app, generated types) loads as one ES module: esbuild's bundle of it with
 * every file of the checkout it imports, types removed (packages and node:
 * builtins stay imports). Node then loads one module, not the ~400 of src/
 * one by one through this hook's thread, which cost a test process about as
 * much CPU as its tests. Each bundled file keeps its own import.meta.url,
 * dirname and filename, and the bundle carries an inline source map, so
 * paths and stack traces name the .ts files.
 *
 * One instance of each file per process, as without a bundle: every bundled
 * file registers its namespace under its path (globalThis, REGISTRY); a file
 * bundled before that is imported again (a fixture app the test imports and
 * the server loads by path) loads as its registered namespace, and a later
 * bundle imports the files earlier ones hold instead of a copy of them.
 *
 * The bundle of a process's first .ts file is cached in
 * node_modules/.cache/rxconf-ts-bundles (gzip: about 0.5 MB a test file)
 * with the content hash of each file in it, and used while every one still
 * has that content.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync, gzipSync } from 'node:zlib';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cache = join(repo, 'node_modules', '.cache', 'rxconf-ts-bundles');
const REGISTRY = 'rxconf.test.modules';
const tsconfig = JSON.stringify({ compilerOptions: JSON.parse(readFileSync(join(repo, 'tsconfig.json'), 'utf8')).compilerOptions });
// esbuild's version from its package.json: importing esbuild itself costs a test process about 0.1 s of CPU, so it is imported only when a bundle is not in the cache
const esbuildVersion = JSON.parse(readFileSync(createRequire(join(repo, 'package.json')).resolve('esbuild/package.json'), 'utf8')).version;
const self = readFileSync(fileURLToPath(import.meta.url));
let esbuild;

/** Files of this process's bundles (paths): loaded once, from the registry after. */
const bundled = new Set();

const hash = (data) => createHash('sha256').update(data).digest('hex').slice(0, 32);
const isCode = (path) => /\.[cm]?[jt]s$/.test(path) && !path.includes('/node_modules/');

/** The file's source with its own import.meta values and its registration appended. */
const withOwnMeta = (path, source) => {
  const url = pathToFileURL(path).href;
  const text = source
    .replace(/\bimport\.meta\.url\b/g, JSON.stringify(url))
    .replace(/\bimport\.meta\.dirname\b/g, JSON.stringify(dirname(path)))
    .replace(/\bimport\.meta\.filename\b/g, JSON.stringify(path));
  return `${text}\n;import * as __rxconfSelf from ${JSON.stringify(path)};\n(globalThis[Symbol.for(${JSON.stringify(REGISTRY)})] ??= new Map()).set(${JSON.stringify(path)}, __rxconfSelf);\n`;
};

/** esbuild's bundle of `entry`, its files of the checkout and its exports; `outside` files stay imports. */
const bundle = async (entry, outside) => {
  esbuild ??= await import('esbuild');
  const plugin = {
    name: 'rxconf-test-files',
    setup(build) {
      build.onResolve({ filter: /^[./]/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const path = isAbsolute(args.path) ? args.path : resolve(args.resolveDir, args.path);
        if (outside.has(path)) return { path: pathToFileURL(path).href, external: true };
        return undefined;
      });
      build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
        if (!isCode(args.path)) return undefined;
        const loader = /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js';
        return { contents: withOwnMeta(args.path, readFileSync(args.path, 'utf8')), loader };
      });
    },
  };
  const r = await esbuild.build({
    entryPoints: [entry],
    outfile: `${entry}.bundle.mjs`, // beside the entry: the source map's paths are relative to it
    write: false,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    sourcesContent: false,
    treeShaking: false,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: repo,
    tsconfigRaw: tsconfig,
    plugins: [plugin],
  });
  const [out] = r.outputFiles;
  const files = Object.keys(r.metafile.inputs).map((p) => resolve(repo, p)).filter(isCode);
  const exports = Object.values(r.metafile.outputs)[0]?.exports ?? [];
  return { code: out.text, files, exports };
};

/** A process's first .ts file: its bundle from the cache while each of its files is unchanged. */
const cachedBundle = async (entry) => {
  const key = hash(`${esbuildVersion}\0${tsconfig}\0${self}\0${entry}`);
  const at = join(cache, `${key}.json.gz`);
  try {
    const saved = JSON.parse(gunzipSync(readFileSync(at)).toString('utf8'));
    if (saved.files.every(([file, h]) => hash(readFileSync(file)) === h)) return { code: saved.code, files: saved.files.map(([file]) => file) };
  } catch {
    // not cached, or a file of it is gone
  }
  const made = await bundle(entry, new Set());
  mkdirSync(cache, { recursive: true });
  const tmp = `${at}.${process.pid}`;
  writeFileSync(tmp, gzipSync(JSON.stringify({ files: made.files.map((f) => [f, hash(readFileSync(f))]), code: made.code }), { level: 1 }));
  renameSync(tmp, at); // whole or not at all, for the other test processes
  return made;
};

const exportsOf = new Map();
/** A bundled file imported again: its registered namespace, under the names it exports. */
const registered = async (path) => {
  let names = exportsOf.get(path);
  if (names === undefined) {
    names = (await bundle(path, new Set())).exports;
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
  const made = bundled.size === 0 ? await cachedBundle(path) : await bundle(path, new Set(bundled));
  for (const f of made.files) bundled.add(f);
  return { format: 'module', source: made.code, shortCircuit: true };
}
