/**
 * Fills a consumer project's node_modules, before its `npm install`, with
 * hard links of the checkout's installed copies of what the tarball's
 * manifest asks for (dependencies, optional dependencies, and their own,
 * recursively) and of the extra packages named. npm then finds those
 * satisfied and only unpacks the tarball itself, instead of unpacking the
 * same uWS packages (over 100 MB each) again. A dependency the manifest
 * does not name is not linked, so the installed package still lacks it.
 * The checkout's hidden lockfile entries of what is linked are written as the
 * project's (node_modules/.package-lock.json): without their integrity npm
 * would take every linked package for a different one and fetch it again.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface DependencyManifest {
  readonly dependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
}

const wanted = (m: DependencyManifest): string[] => [
  ...Object.keys(m.dependencies ?? {}),
  ...Object.keys(m.optionalDependencies ?? {}),
  ...Object.keys(m.peerDependencies ?? {}),
];

/**
 * Links into `project`; returns the lockfile entries (`node_modules/…` paths)
 * of what it linked, as the checkout's hidden lockfile has them.
 */
export const linkInstalledDependencies = (root: string, project: string, manifest: DependencyManifest, extra: readonly string[]): Record<string, unknown> => {
  const top = join(root, 'node_modules');
  const linked = new Set<string>();
  const visited = new Set<string>();
  const visit = (dir: string): void => {
    if (visited.has(dir)) return;
    visited.add(dir);
    const m = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as DependencyManifest;
    for (const name of wanted(m)) {
      const nested = join(dir, 'node_modules', name); // linked along with its parent
      if (existsSync(nested)) visit(nested);
      else link(name);
    }
  };
  const link = (name: string): void => {
    const from = join(top, name);
    if (linked.has(name) || !existsSync(join(from, 'package.json'))) return; // an optional one not installed here
    linked.add(name);
    const to = join(project, 'node_modules', name);
    mkdirSync(dirname(to), { recursive: true });
    const cp = spawnSync('cp', ['-al', from, to], { encoding: 'utf8' });
    if (cp.status !== 0) throw new Error(`cp -al ${from}: ${cp.stderr}`);
    visit(from);
  };
  for (const name of [...wanted(manifest), ...extra]) link(name);
  const hidden = JSON.parse(readFileSync(join(top, '.package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
  const packages = Object.fromEntries(Object.entries(hidden.packages).filter(([path]) =>
    [...linked].some((name) => path === `node_modules/${name}` || path.startsWith(`node_modules/${name}/node_modules/`))));
  writeFileSync(join(project, 'node_modules', '.package-lock.json'), `${JSON.stringify({ name: 'rxconf-consumer', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`);
  return packages;
};
