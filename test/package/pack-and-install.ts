/**
 * `npm pack` of the checkout (its prepack builds dist/) into a temporary
 * folder, and a fresh project outside the checkout with the tarball
 * installed the way a user installs it, beside rxjs (the peer dependency)
 * and @types/node — the versions the checkout uses, so npm's cache serves
 * them. Nothing else from the checkout: no tsx, no @types/moo, no TypeScript
 * loader. The install is `npm install` from a lockfile, as a user's project
 * or CI has one: the tarball (with its integrity) and the dependencies its
 * own package.json names, those hard-linked in from the checkout's
 * node_modules first (link-installed-dependencies.ts). npm then unpacks only
 * the tarball, once (`npm install file.tgz` without a lockfile unpacks it
 * twice, once to read its package.json); `npm ls` must find the tree whole.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { linkInstalledDependencies, type DependencyManifest } from './link-installed-dependencies.ts';
import { runCommand, tail } from './run-command.ts';

export interface Packed {
  readonly tarball: string;
  /** Paths inside the package, as `npm pack --json` lists them. */
  readonly files: readonly string[];
  /** The consumer project, with node_modules/rxconf installed from the tarball. */
  readonly project: string;
}

const installedVersion = (root: string, name: string): string =>
  (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

export const packAndInstall = async (root: string): Promise<Packed> => {
  const out = mkdtempSync(join(tmpdir(), 'rxconf-pack-'));
  const pack = await runCommand('npm', ['pack', '--json', '--pack-destination', out], { cwd: root, timeoutMs: 240_000 });
  if (pack.code !== 0) throw new Error(`npm pack failed: ${tail(pack, 30)}`);
  const [info] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  if (info === undefined) throw new Error(`npm pack said nothing: ${tail(pack)}`);
  const tarball = join(out, info.filename);

  const project = mkdtempSync(join(tmpdir(), 'rxconf-consumer-'));
  const read = await runCommand('tar', ['-xzOf', tarball, 'package/package.json'], { cwd: out, timeoutMs: 60_000 });
  if (read.code !== 0) throw new Error(`the tarball's package.json: ${tail(read)}`);
  const manifest = JSON.parse(read.stdout) as DependencyManifest & Record<string, unknown>;
  const linked = linkInstalledDependencies(root, project, manifest, ['rxjs', '@types/node']);
  const dependencies = { rxconf: `file:${tarball}`, rxjs: installedVersion(root, 'rxjs'), '@types/node': installedVersion(root, '@types/node') };
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'rxconf-consumer', private: true, type: 'module', dependencies }, null, 2)}\n`);
  const rxconf = Object.fromEntries(['version', 'license', 'dependencies', 'optionalDependencies', 'peerDependencies', 'bin', 'engines'].filter((k) => k in manifest).map((k) => [k, manifest[k]]));
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  const packages = { '': { name: 'rxconf-consumer', dependencies }, 'node_modules/rxconf': { ...rxconf, resolved: `file:${tarball}`, integrity }, ...linked };
  writeFileSync(join(project, 'package-lock.json'), `${JSON.stringify({ name: 'rxconf-consumer', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`);
  const install = await runCommand('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: project, timeoutMs: 300_000 });
  if (install.code !== 0) throw new Error(`npm install of the tarball failed: ${tail(install, 30)}`);
  const ls = await runCommand('npm', ['ls', '--all'], { cwd: project, timeoutMs: 120_000 });
  if (ls.code !== 0) throw new Error(`npm ls finds the installed tree broken: ${tail(ls, 30)}`);
  return { tarball, files: info.files.map((f) => f.path), project };
};
