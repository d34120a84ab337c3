/**
 * What `rxconf check` and `rxconf tree` printed for modules that compiled,
 * kept between runs: running them again on unchanged modules prints the
 * same output without loading the YANG compiler. An entry is a JSON file
 * in the cache folder's `check/` or `tree/` (the schema cache's folder:
 * $RXCONF_CACHE_DIR, else $XDG_CACHE_HOME/rxconf, else ~/.cache/rxconf),
 * named by a hash of the rxconf build, the working directory and the
 * command's arguments. It holds what was printed (stderr lines, stdout
 * text) and what it was computed from: the SHA-256 of
 * every module and submodule file read and of the list of YANG files in
 * every search directory. It is used only when all of these still match,
 * so an edited module, a new file on the search path or another rxconf
 * build checks again.
 *
 * Only passing runs are kept (a failing module is about to be edited).
 * Safe against corruption: an entry that does not read as one is removed
 * and the modules are checked again (and the entry rewritten); an entry is
 * written to a file of its own and renamed into place whole. A cache that
 * cannot be read or written costs only speed.
 *
 * Unbundled sources (no build identity, as in rxconf's own tests) use the
 * cache only when RXCONF_CACHE_DIR names it (cache-build.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cacheBuild } from '../client/cache-build.ts';
import { cacheRoot } from '../client/schema-cache.ts';

const FORMAT = 'rxconf-result 1';

export interface ResultKeyArgs {
  readonly command: 'check' | 'tree';
  readonly path: readonly string[];
  readonly features: readonly string[];
  readonly warnings: boolean;
  readonly files: readonly string[];
}

/** What a passing run read: module and submodule files, and the search directories. */
export interface CheckSources {
  readonly files: readonly string[];
  readonly dirs: readonly string[];
}

type Digests = [string, string][];

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const fileDigest = (file: string): string => {
  try {
    return sha256(readFileSync(file));
  } catch {
    return 'unreadable';
  }
};
const dirDigest = (dir: string): string => {
  try {
    return sha256(readdirSync(dir).filter((n) => n.endsWith('.yang')).sort().join('\n'));
  } catch {
    return 'unreadable';
  }
};

/** The entry's file for these arguments, or undefined when there is no cache. */
export const resultCacheFile = (args: ResultKeyArgs, env: NodeJS.ProcessEnv = process.env): string | undefined => {
  const build = cacheBuild(env);
  const root = build === undefined ? undefined : cacheRoot(env);
  if (root === undefined) return undefined;
  // a module argument is a file or a module name, depending on what exists (schema-options.ts: moduleRequest)
  const kinds = args.files.map((f) => f.endsWith('.yang') || existsSync(f));
  const key = sha256(JSON.stringify([FORMAT, build, process.cwd(), args.path, args.features, args.warnings, args.files, kinds]));
  return join(root, args.command, `${key.slice(0, 40)}.json`);
};

const isDigests = (v: unknown): v is Digests =>
  Array.isArray(v) && v.every((d) => Array.isArray(d) && d.length === 2 && typeof d[0] === 'string' && typeof d[1] === 'string');

/** What a run printed: stderr lines, stdout text. */
export interface KeptResult {
  readonly lines: readonly string[];
  readonly out: string;
}

/** The output of an entry whose sources are unchanged; undefined for none (a damaged entry is removed). */
export const cachedResult = (file: string): KeptResult | undefined => {
  let entry: { format?: unknown; lines?: unknown; out?: unknown; files?: unknown; dirs?: unknown };
  try {
    entry = JSON.parse(readFileSync(file, 'utf8')) as typeof entry;
  } catch (e) {
    if ((e as { code?: string }).code !== 'ENOENT') rmSync(file, { force: true });
    return undefined;
  }
  const { lines, out, files, dirs } = entry;
  if (entry.format !== FORMAT || !Array.isArray(lines) || !lines.every((l) => typeof l === 'string') || typeof out !== 'string' || !isDigests(files) || !isDigests(dirs)) {
    rmSync(file, { force: true });
    return undefined;
  }
  const same = files.every(([f, d]) => fileDigest(f) === d) && dirs.every(([f, d]) => dirDigest(f) === d);
  return same ? { lines, out } : undefined;
};

/** Keeps the output of a passing run with the digests of its sources, taken now. */
export const keepResult = (file: string, result: KeptResult, sources: CheckSources): void => {
  const entry = {
    format: FORMAT, lines: result.lines, out: result.out,
    files: [...new Set(sources.files)].map((f) => [f, fileDigest(f)]),
    dirs: [...new Set(sources.dirs)].map((d) => [d, dirDigest(d)]),
  };
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(tmp, JSON.stringify(entry));
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true });
  }
};
