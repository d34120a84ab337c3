#!/usr/bin/env node
/**
 * Builds dist/ from src/ with `tsc -p tsconfig.build.json` (ESM JavaScript,
 * .d.ts, declaration and source maps), into an empty directory beside it so
 * no file of a deleted source is ever packed; the new build then takes
 * dist/'s place with two renames, so a server started from dist/ while a
 * build runs (`npm pack` during `npm start`, or a test) finds the old build
 * or the new one, never half of one. Run by `npm run build`, by
 * `prepare` (so `npm install` in a clone builds) and by `prepack`.
 * `npm pack` and `npm publish` run prepack and then prepare: the second
 * run is skipped.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const event = process.env.npm_lifecycle_event;
const command = process.env.npm_command;

if (event === 'prepare' && (command === 'pack' || command === 'publish')) process.exit(0);

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
const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', building], { cwd: root, stdio: 'inherit' });
if (r.status !== 0) {
  rmSync(building, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
  console.error('rxconf build: tsc failed; dist/ is not built');
  process.exit(r.status ?? 1);
}
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
