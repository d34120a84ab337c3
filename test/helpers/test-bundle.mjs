/**
 * The bundles the test loader runs (typescript-hooks.mjs): esbuild's bundle
 * of a .ts file with every file of the checkout it imports, types removed;
 * packages and node: builtins stay imports. Each bundled file keeps its own
 * import.meta.url, dirname and filename, registers its namespace under its
 * path (globalThis, REGISTRY: the loader gives a file bundled before as that
 * namespace when it is imported again), and the code carries inline source
 * maps, so paths and stack traces name the .ts files.
 *
 * Test files are bundled together (`prebundle`, from ava.config.mjs before a
 * run): one esbuild run parses each file once, and the code test files
 * share goes into shared chunks, written once to
 * node_modules/.cache/rxconf-ts-bundles/out. Beside them, per test file, its
 * entry chunk and the content hash of each file in it and its chunks; the
 * bundle is used while every one still has that content, and made again
 * (alone, by the loader, or with the other outdated ones by `prebundle`)
 * when not; `prebundle` removes the code no bundle uses any more.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cache = join(repo, 'node_modules', '.cache', 'rxconf-ts-bundles');
const out = join(cache, 'out');
export const REGISTRY = 'rxconf.test.modules';
const tsconfig = JSON.stringify({ compilerOptions: JSON.parse(readFileSync(join(repo, 'tsconfig.json'), 'utf8')).compilerOptions });
// esbuild's version from its package.json: importing esbuild itself costs a test process about 0.1 s of CPU, so it is imported only to bundle
const esbuildVersion = JSON.parse(readFileSync(createRequire(join(repo, 'package.json')).resolve('esbuild/package.json'), 'utf8')).version;
const self = readFileSync(fileURLToPath(import.meta.url));
let esbuild;

const hash = (data) => createHash('sha256').update(data).digest('hex').slice(0, 32);
export const isCode = (path) => /\.[cm]?[jt]s$/.test(path) && !path.includes('/node_modules/');

/** The file's source with its own import.meta values and its registration appended. */
const withOwnMeta = (path, source) => {
  const text = source
    .replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(path).href))
    .replace(/\bimport\.meta\.dirname\b/g, JSON.stringify(dirname(path)))
    .replace(/\bimport\.meta\.filename\b/g, JSON.stringify(path));
  return `${text}\n;import * as __rxconfSelf from ${JSON.stringify(path)};\n(globalThis[Symbol.for(${JSON.stringify(REGISTRY)})] ??= new Map()).set(${JSON.stringify(path)}, __rxconfSelf);\n`;
};

/** esbuild's build of `entries`; files in `outside` stay imports (by file URL). */
const build = async (entries, options, outside = new Set()) => {
  esbuild ??= await import('esbuild');
  const plugin = {
    name: 'rxconf-test-files',
    setup(b) {
      b.onResolve({ filter: /^[./]/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const path = isAbsolute(args.path) ? args.path : resolve(args.resolveDir, args.path);
        return outside.has(path) ? { path: pathToFileURL(path).href, external: true } : undefined;
      });
      b.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
        if (!isCode(args.path)) return undefined;
        return { contents: withOwnMeta(args.path, readFileSync(args.path, 'utf8')), loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js' };
      });
    },
  };
  return esbuild.build({
    entryPoints: entries,
    outExtension: { '.js': '.mjs' },
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
    ...options,
  });
};

/** An output of a build and the chunks it imports, directly or not. */
const withChunks = (outputs, at, seen = new Set()) => {
  if (!seen.has(at)) {
    seen.add(at);
    for (const i of outputs[at].imports) if (!i.external && i.path in outputs) withChunks(outputs, i.path, seen);
  }
  return [...seen];
};
/** The files of the checkout (code, JSON) in an output of a build and in the chunks it imports. */
const filesOf = (outputs, at) =>
  withChunks(outputs, at).flatMap((o) => Object.keys(outputs[o].inputs).map((p) => resolve(repo, p)).filter((p) => !p.includes('/node_modules/')));

/**
 * A bundle of `entry` alone, not cached, beside it (its source map's paths
 * are relative to it), without the files in `outside`: a .ts file a test
 * loads by path once its own bundle runs.
 */
export const bundleAlone = async (entry, outside) => {
  const r = await build([entry], { outdir: dirname(entry), outbase: dirname(entry), entryNames: '[name].bundle' }, outside);
  const [at, meta] = Object.entries(r.metafile.outputs).find(([, m]) => m.entryPoint !== undefined);
  return { code: r.outputFiles.find((o) => o.path === resolve(repo, at)).text, files: filesOf(r.metafile.outputs, at), exports: meta.exports };
};

const listFile = (entry) => join(cache, `${hash(`${esbuildVersion}\0${tsconfig}\0${self}\0${entry}`)}.json`);

/** Content hashes, each file read once. */
const hasher = () => {
  const known = new Map();
  return (file) => {
    let h = known.get(file);
    if (h === undefined) {
      try {
        h = hash(readFileSync(file));
      } catch {
        h = 'gone';
      }
      known.set(file, h);
    }
    return h;
  };
};

/** `entry`'s cached bundle when each file in it still has the content it was bundled with. */
const cached = (entry, hashOf) => {
  try {
    const saved = JSON.parse(readFileSync(listFile(entry), 'utf8'));
    if (!saved.files.every(([file, h]) => hashOf(file) === h)) return undefined;
    return { code: readFileSync(join(out, saved.code), 'utf8'), files: saved.files.map(([file]) => file) };
  } catch {
    return undefined; // not cached, or its code is gone
  }
};

/** Whole or not at all, for the other test processes. */
const writeWhole = (file, data) => {
  writeFileSync(`${file}.${process.pid}`, data);
  renameSync(`${file}.${process.pid}`, file);
};

/**
 * Bundles of `entries` (paths) in one esbuild run, into the cache: the code
 * they share in chunks (named by their content), each entry's own code with
 * its chunks named by file URL, as it runs from the test file's URL.
 */
const bundleInto = async (entries, hashOf) => {
  // built as if at the checkout's root, so that the source maps name the files from there (written to the cache)
  const r = await build(entries, {
    outdir: repo,
    splitting: true,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    sourceRoot: `${pathToFileURL(repo).href}/`, // an entry's map is read at its test file's URL
  });
  mkdirSync(out, { recursive: true });
  const text = new Map(r.outputFiles.map((o) => [o.path, o.text]));
  for (const [at, meta] of Object.entries(r.metafile.outputs)) {
    const path = join(out, basename(at));
    if (meta.entryPoint === undefined) {
      if (!existsSync(path)) writeWhole(path, text.get(resolve(repo, at)));
      continue;
    }
    let code = text.get(resolve(repo, at));
    for (const i of meta.imports) {
      if (i.external) continue;
      const name = basename(i.path);
      code = code.replaceAll(`"./${name}"`, JSON.stringify(pathToFileURL(join(out, name)).href));
    }
    writeWhole(path, code);
    const entry = resolve(repo, meta.entryPoint);
    const chunks = withChunks(r.metafile.outputs, at).slice(1).map((c) => basename(c));
    writeWhole(listFile(entry), JSON.stringify({ code: basename(path), chunks, files: filesOf(r.metafile.outputs, at).map((f) => [f, hashOf(f)]) }));
  }
};

/** `entry`'s bundle, from the cache when up to date (else made and cached): its code and the files in it. */
export const cachedBundle = async (entry) => {
  const hashOf = hasher();
  const found = cached(entry, hashOf);
  if (found !== undefined) return found;
  await bundleInto([entry], hashOf);
  return cached(entry, hasher());
};

/**
 * Makes the missing and outdated bundles of `entries` (paths) in one esbuild
 * run. When one does not build (a syntax error), none is made here: the
 * loader then makes each alone, and the test file that does not build fails
 * with esbuild's message.
 */
export const prebundle = async (entries) => {
  const hashOf = hasher();
  const stale = entries.filter((e) => cached(e, hashOf) === undefined);
  if (stale.length === 0) return;
  try {
    await bundleInto(stale, hashOf);
  } catch {
    return; // left to the loader
  }
  prune();
};

/** Removes the code no test file's bundle uses any more (older than an hour: not another process's new bundle). */
const prune = () => {
  const used = new Set();
  for (const name of readdirSync(cache)) {
    if (!name.endsWith('.json')) continue;
    try {
      const saved = JSON.parse(readFileSync(join(cache, name), 'utf8'));
      for (const c of [saved.code, ...saved.chunks]) used.add(c);
    } catch {
      // being written
    }
  }
  const before = Date.now() - 3600_000;
  for (const name of readdirSync(out)) {
    if (used.has(name)) continue;
    try {
      if (statSync(join(out, name)).mtimeMs < before) rmSync(join(out, name), { force: true });
    } catch {
      // removed meanwhile
    }
  }
};
