/**
 * `npm pack` of the checkout (its prepack builds dist/) into a temporary
 * folder, and a fresh project outside the checkout with the tarball
 * installed the way a user installs it, beside rxjs (the peer dependency)
 * and @types/node — the versions the checkout uses, so npm's cache serves
 * them. Nothing else from the checkout: no tsx, no @types/moo, no TypeScript
 * loader.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'rxconf-consumer', private: true, type: 'module' }, null, 2)}\n`);
  const deps = [tarball, `rxjs@${installedVersion(root, 'rxjs')}`, `@types/node@${installedVersion(root, '@types/node')}`];
  const install = await runCommand('npm', ['install', ...deps, '--no-audit', '--no-fund', '--prefer-offline'], { cwd: project, timeoutMs: 300_000 });
  if (install.code !== 0) throw new Error(`npm install of the tarball failed: ${tail(install, 30)}`);
  return { tarball, files: info.files.map((f) => f.path), project };
};
