/**
 * The rxconf command's bundle: dist/cli-bundle/, made from tsc's output
 * (dist/cli/main.js and what it imports) by esbuild with code splitting, so
 * a command starts by loading a few files instead of resolving ~120 modules
 * of dist/. Every `import()` of the CLI is a split point: `--help` loads
 * rxconf.js and a small chunk, `check` adds the compiler's chunks, `get`
 * the client's (no compiler, no rxjs). Every module is in exactly one file,
 * so its classes are one class wherever they are checked (`instanceof`).
 *
 * Plain ES modules, no loader: the package runs them as they are.
 * - serve, passwd and call-home stay tsc's modules of dist/cli/ (imported
 *   from the bundle): `serve` loads the user's application, which imports
 *   `rxconf` (dist/index.js), and both must share one copy of every class.
 * - moo and nearley (the YANG parser's CommonJS packages) and rxjs (whose
 *   Node entry is CommonJS: all of it would load) are bundled, rxjs from its
 *   ES2015 modules so only what the CLI uses is in, and tslib (its helpers,
 *   else loaded as CommonJS) from its ES module; every other package is
 *   imported from node_modules as usual. Their licences are copied into
 *   dist/cli-bundle/THIRD-PARTY-LICENSES.txt.
 * - A module's `import.meta.url` stays its own file's URL in dist/ (it finds
 *   yang/ and package.json from there); every file of the bundle is in one
 *   folder, so that URL is the same relative path from each.
 * Source maps lead back to src/ through tsc's maps.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** The folder of the bundle inside dist/. */
export const BUNDLE_DIR = 'cli-bundle';
/** Packages bundled into the CLI (pure JavaScript), with the file each is bundled from when not its Node entry; all others stay imports. */
const BUNDLED_PACKAGES = new Map([['moo', undefined], ['nearley', undefined], ['rxjs', 'dist/esm/index.js'], ['tslib', 'tslib.es6.mjs']]);
/** Modules of dist/cli/ imported as they are (see above). */
const PLAIN = ['serve-command.js', 'passwd-command.js', 'call-home-command.js'];

const posix = (p) => p.split(sep).join('/');

/** A hash of every .js file under dist/ (sorted by path). */
const buildId = (dist) => {
  const h = createHash('sha256');
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.js')) h.update(posix(relative(dist, p))).update('\0').update(readFileSync(p)).update('\0');
    }
  };
  walk(dist);
  return h.digest('hex').slice(0, 32);
};

/** Bundles `dist` (a tsc build: dist/cli/main.js) into dist/cli-bundle/; `root` resolves esbuild. */
export const bundleCli = async (root, dist) => {
  let esbuild;
  try {
    esbuild = await import(createRequire(join(root, 'package.json')).resolve('esbuild'));
  } catch {
    throw new Error('esbuild is not installed (a devDependency): run `npm install` with dev dependencies');
  }
  const out = join(dist, BUNDLE_DIR);
  const plain = new Set(PLAIN.map((f) => join(dist, 'cli', f)));
  await esbuild.build({
    // the build's identity, for what the command caches (src/cli/result-cache.ts, src/client/compiled-schema-cache.ts): a hash of every module of this build
    define: { __RXCONF_BUILD__: JSON.stringify(buildId(dist)) },
    entryPoints: { rxconf: join(dist, 'cli', 'main.js') },
    outdir: out,
    chunkNames: '[name]-[hash]',
    bundle: true, splitting: true, format: 'esm', platform: 'node', target: 'node20',
    sourcemap: 'linked', sourcesContent: false, logLevel: 'warning',
    plugins: [{
      name: 'rxconf-cli',
      setup: (b) => {
        b.onResolve({ filter: /.*/ }, (a) => {
          if (a.kind === 'entry-point' || a.path.startsWith('node:')) return undefined;
          if (a.path.startsWith('.')) {
            const p = resolve(a.resolveDir, a.path);
            return plain.has(p) ? { path: posix(relative(out, p)), external: true } : undefined;
          }
          const pkg = a.path.startsWith('@') ? a.path.split('/').slice(0, 2).join('/') : a.path.split('/')[0];
          if (!BUNDLED_PACKAGES.has(pkg)) return { path: a.path, external: true };
          const entry = BUNDLED_PACKAGES.get(pkg);
          if (entry === undefined) return undefined;
          if (a.path !== pkg) throw new Error(`${a.importer}: ${a.path}: only ${pkg} itself can be bundled`);
          return { path: join(dirname(createRequire(join(root, 'package.json')).resolve(`${pkg}/package.json`)), entry) };
        });
        b.onEnd((r) => {
          if (r.errors.length > 0) return;
          const require = createRequire(join(root, 'package.json'));
          const texts = [...BUNDLED_PACKAGES.keys()].map((pkg) => {
            const dir = dirname(require.resolve(`${pkg}/package.json`));
            const { version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
            const file = readdirSync(dir).find((n) => /^licen[cs]e/i.test(n));
            if (file === undefined) throw new Error(`${pkg} has no licence file to ship with its bundled code`);
            return `${pkg} ${version} (${license}), bundled into the rxconf command:\n\n${readFileSync(join(dir, file), 'utf8').trim()}\n`;
          });
          writeFileSync(join(out, 'THIRD-PARTY-LICENSES.txt'), `${texts.join(`\n${'-'.repeat(72)}\n\n`)}`);
        });
        // import.meta.url of a module of dist/: its own file, wherever its code ends up
        b.onLoad({ filter: /\.js$/ }, (a) => {
          if (!a.path.startsWith(dist + sep)) return undefined;
          const text = readFileSync(a.path, 'utf8');
          if (!text.includes('import.meta')) return undefined;
          if (/\bimport\.meta\.(?!url\b)/.test(text)) throw new Error(`${a.path}: only import.meta.url can be bundled`);
          // every file of the bundle is in out/ (no subfolders), so the path from out/ is the path from the file it lands in
          const own = `new URL(${JSON.stringify(posix(relative(out, a.path)))}, import.meta.url).href`;
          return { contents: text.replace(/\bimport\.meta\.url\b/g, own), loader: 'js', resolveDir: dirname(a.path) };
        });
      },
    }],
  });
};
