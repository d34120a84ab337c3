/**
 * The sources of a server's schema kept on disk between runs, so a client
 * command or `connect` downloads them once per schema, not per run. An
 * entry is a folder named after its key (the server's YANG library
 * content-id and the modules it names, hashed), holding the module files
 * and a manifest of their SHA-256 digests, written last.
 *
 * Safe against corruption and concurrent writers: an entry is written in
 * a folder of its own and renamed into place whole (of two writers of the
 * same key, one rename wins and the other's folder is removed); an entry
 * is used only when its manifest reads and every file matches its digest,
 * else it is removed and the sources are downloaded again. Anything that
 * cannot be read or written costs only speed: the caller works without
 * the cache. The entry's folder also keeps the schema compiled from its
 * sources (compiled-schema-cache.ts).
 *
 * Where: $RXCONF_CACHE_DIR (empty: no cache), else $XDG_CACHE_HOME/rxconf,
 * else ~/.cache/rxconf (%LOCALAPPDATA%\rxconf on Windows,
 * ~/Library/Caches/rxconf on macOS); entries under `schemas/`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The file of an entry naming its sources' digests. */
export const MANIFEST = 'manifest.json';
const FORMAT = 'rxconf-schema-sources 1';

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** The cache's folder, or undefined when there is none. */
export const cacheRoot = (env: NodeJS.ProcessEnv = process.env): string | undefined => {
  const own = env['RXCONF_CACHE_DIR'];
  if (own !== undefined) return own === '' ? undefined : own;
  const xdg = env['XDG_CACHE_HOME'];
  if (xdg !== undefined && xdg !== '') return join(xdg, 'rxconf');
  if (process.platform === 'win32') return env['LOCALAPPDATA'] === undefined ? undefined : join(env['LOCALAPPDATA'], 'rxconf');
  try {
    return join(homedir(), process.platform === 'darwin' ? 'Library/Caches' : '.cache', 'rxconf');
  } catch {
    return undefined;
  }
};

/** The key of a schema: the library's content-id with what it names (a server whose id does not change with its modules still misses). */
export const schemaKey = (contentId: string, modules: readonly unknown[]): string =>
  sha256(JSON.stringify([FORMAT, contentId, modules])).slice(0, 40);

const schemasDir = (root: string): string => join(root, 'schemas');

/** The folder of the entry of `key`. */
export const entryDir = (root: string, key: string): string => join(schemasDir(root), key);

/** The folder of a whole, intact entry; a damaged one is removed. */
export const cachedSources = (root: string, key: string): string | undefined => {
  const dir = entryDir(root, key);
  let manifest: { format?: unknown; files?: unknown };
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as typeof manifest;
  } catch (e) {
    if ((e as { code?: string }).code !== 'ENOENT') rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  const files = manifest.files;
  const intact = manifest.format === FORMAT && typeof files === 'object' && files !== null
    && Object.entries(files).every(([name, digest]) => {
      try {
        return !name.includes('/') && !name.includes('\\') && sha256(readFileSync(join(dir, name))) === digest;
      } catch {
        return false;
      }
    });
  if (intact) return dir;
  rmSync(dir, { recursive: true, force: true });
  return undefined;
};

/** A new folder to download an entry into (renamed into place by `keepSources`); undefined when the cache cannot be written. */
export const stagingDir = (root: string): string | undefined => {
  try {
    mkdirSync(schemasDir(root), { recursive: true });
    return mkdtempSync(join(schemasDir(root), '.new-'));
  } catch {
    return undefined;
  }
};

/** Makes the staged folder the entry of `key` (its manifest written last): true; or removes it when another writer got there first. */
export const keepSources = (root: string, key: string, staged: string): boolean => {
  const files: Record<string, string> = {};
  for (const name of readdirSync(staged)) files[name] = sha256(readFileSync(join(staged, name)));
  writeFileSync(join(staged, MANIFEST), JSON.stringify({ format: FORMAT, files }));
  try {
    renameSync(staged, entryDir(root, key));
    return true;
  } catch {
    rmSync(staged, { recursive: true, force: true });
    return false;
  }
};
