#!/usr/bin/env node
/**
 * Builds dist/ from src/ with `tsc -p tsconfig.build.json` (ESM JavaScript,
 * .d.ts, declaration and source maps), then bundles the rxconf command
 * into dist/cli-bundle/ (bundle-cli.mjs: a few files, not ~120 modules, to
 * load at its start), all into an empty directory beside it so
 * no file of a deleted source is ever packed; the new build then takes
 * dist/'s place with two renames, so a server started from dist/ while a
 * build runs (`npm pack` during `npm start`, or a test) finds the old build
 * or the new one, never half of one.
 *
 * `npm run build` always builds. `--if-stale` builds only when dist/ is
 * missing or out of date: a file of src/, a tsconfig or this script newer
 * than the build's start, or a file added or removed since (dist/build-stamp
 * lists them). `npm start`, `npm test` and `npm pack`/`npm publish` run it
 * first (prestart, pretest, prepack). There is no `prepare` script: an
 * application installing the package runs no script of rxconf's, and
 * `npm install` in a clone only installs; `npm start` builds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleCli } from './bundle-cli.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** dist/'s stamp: the build's start time as its mtime, the list of what it was built from as its text. */
const STAMP = 'build-stamp';
/** Every input of the build (relative path → mtime ms): src/, the tsconfigs, the build scripts. */
const inputs = () => {
  const found = new Map();
  const walk = (dir) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else found.set(p, statSync(join(root, p)).mtimeMs);
    }
  };
  walk('src');
  for (const f of ['tsconfig.json', 'tsconfig.build.json', 'scripts/build.mjs', 'scripts/bundle-cli.mjs']) found.set(f, statSync(join(root, f)).mtimeMs);
  return found;
};
const listOf = (found) => `${[...found.keys()].sort().join('\n')}\n`;
if (process.argv.includes('--if-stale')) {
  let why = 'dist/ is not built';
  try {
    const stamp = join(root, 'dist', STAMP);
    const built = statSync(stamp).mtimeMs;
    const found = inputs();
    if (readFileSync(stamp, 'utf8') !== listOf(found)) why = 'files were added to or removed from src/ since dist/ was built';
    else if ([...found.values()].some((t) => t >= built)) why = 'src/ changed since dist/ was built';
    else process.exit(0);
  } catch {
    // no stamp: never built here
  }
  console.error(`rxconf build: ${why}: building`);
}

let tsc;
try {
  tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
} catch {
  console.error('rxconf build: typescript is not installed (a devDependency): run `npm install` with dev dependencies');
  process.exit(1);
}
const dist = join(root, 'dist');
const building = join(root, `dist.building-${process.pid}`);
const old = join(root, `dist.old-${process.pid}`);
rmSync(building, { recursive: true, force: true });
const started = new Date();
const list = listOf(inputs());
const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', building], { cwd: root, stdio: 'inherit' });
if (r.status !== 0) {
  rmSync(building, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
  console.error('rxconf build: tsc failed; dist/ is not built');
  process.exit(r.status ?? 1);
}
try {
  await bundleCli(root, building);
} catch (e) {
  rmSync(building, { recursive: true, force: true });
  console.error(`rxconf build: bundling the rxconf command failed; dist/ is not changed: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
// the stamp carries the build's start time: a source saved while tsc ran is newer, so the next --if-stale builds again
writeFileSync(join(building, STAMP), list);
utimesSync(join(building, STAMP), started, started);
// another build may swap at the same moment: whichever renames last leaves its whole build in dist/
for (let attempt = 0; ; attempt++) {
  try {
    if (existsSync(dist)) renameSync(dist, old);
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
  }
  try {
    renameSync(building, dist);
    break;
  } catch (e) {
    if ((e.code !== 'ENOTEMPTY' && e.code !== 'EEXIST') || attempt >= 5) throw e;
  }
  rmSync(old, { recursive: true, force: true });
}
rmSync(old, { recursive: true, force: true });
