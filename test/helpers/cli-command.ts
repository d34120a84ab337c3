/**
 * The node arguments that run `rxconf` from the sources in a child process:
 * src/cli/main.ts bundled with esbuild (what tsx compiles it with) into a
 * few files, split at each import() of a command as the built command is,
 * so that a child starts in a fraction of the time `node --import tsx`
 * takes to compile and link hundreds of modules, and loads only what its
 * command needs. The bundle is cached in
 * node_modules/.cache/rxconf-cli/, named by a hash of every file of src/ and
 * package.json: every test process of a run shares one build, and any edit
 * to the sources makes a new one. Each module keeps its own import.meta
 * (url, dirname, filename) so it finds its files (yang/, package.json) as
 * from its source. RXCONF_TEST_TSX=1 runs the
 * sources through tsx instead; so does a checkout without esbuild.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const repo = join(import.meta.dirname, '..', '..');
const mainTs = join(repo, 'src', 'cli', 'main.ts');
const cache = join(repo, 'node_modules', '.cache', 'rxconf-cli');
const BUNDLE_FORMAT = '2';

/** The files of a folder, recursively, sorted. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

const sourcesHash = (esbuildVersion: string): string => {
  const h = createHash('sha256').update(`${BUNDLE_FORMAT}\0${esbuildVersion}\0${process.version}\0`);
  for (const file of [...filesUnder(join(repo, 'src')), join(repo, 'package.json')]) h.update(file).update('\0').update(readFileSync(file)).update('\0');
  return h.digest('hex').slice(0, 24);
};

type Esbuild = typeof import('esbuild');

const esbuildVersion = (): string | undefined => {
  try {
    return (JSON.parse(readFileSync(createRequire(join(repo, 'package.json')).resolve('esbuild/package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return undefined;
  }
};

const build = async (esbuild: Esbuild, out: string): Promise<void> => {
  const tmp = `${out}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  await esbuild.build({
    // split at each import() of the command, as the built command is: a command loads its own modules (`--help` and `get` no compiler, no rxjs), not all of src/
    entryPoints: { main: mainTs }, bundle: true, splitting: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external',
    outdir: tmp, outExtension: { '.js': '.mjs' }, chunkNames: '[name]-[hash]', logLevel: 'error',
    plugins: [{
      name: 'own-import-meta',
      setup: (b) => {
        b.onLoad({ filter: /\.ts$/ }, (args) => {
          const url = JSON.stringify(pathToFileURL(args.path).href);
          const meta = { url, dirname: JSON.stringify(dirname(args.path)), filename: JSON.stringify(args.path) };
          const contents = readFileSync(args.path, 'utf8').replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, k: keyof typeof meta) => meta[k]);
          return { contents, loader: 'ts' };
        });
      },
    }],
  });
  try {
    renameSync(tmp, out); // whole or not at all, for the other test processes
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another process put the same build in place first
  }
};

/** Bundles older than a day, of sources since edited. */
const prune = (keep: string): void => {
  for (const name of readdirSync(cache)) {
    const file = join(cache, name);
    if (file !== keep && Date.now() - statSync(file).mtimeMs > 86_400_000) rmSync(file, { recursive: true, force: true });
  }
};

let command: Promise<string[]> | undefined;

/** The arguments before `serve`, `check`, ...: `[main.mjs of the bundle]`, or `['--import', 'tsx', 'src/cli/main.ts']`. */
export const cliCommand = (): Promise<string[]> =>
  (command ??= (async () => {
    const tsx = ['--import', 'tsx', mainTs];
    if (process.env.RXCONF_TEST_TSX === '1') return tsx;
    // esbuild comes with tsx; without it, run through tsx. Its version comes from its package.json: esbuild itself is imported only to build.
    const version = esbuildVersion();
    if (version === undefined) return tsx;
    mkdirSync(cache, { recursive: true });
    // Inside node_modules, so that packages resolve from the bundle as from the sources.
    const out = join(cache, `main-${sourcesHash(version)}`);
    if (!existsSync(join(out, 'main.mjs'))) {
      const esbuild = (await import('esbuild').catch(() => undefined)) as Esbuild | undefined;
      if (esbuild === undefined) return tsx;
      await build(esbuild, out);
      prune(out);
    }
    return [join(out, 'main.mjs')];
  })());
