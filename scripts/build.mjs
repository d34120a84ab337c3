#!/usr/bin/env node
/**
 * Builds dist/ from src/ with `tsc -p tsconfig.build.json` (ESM JavaScript,
 * .d.ts, declaration and source maps), starting from an empty dist/ so no
 * file of a deleted source is ever packed. Run by `npm run build`, by
 * `prepare` (so `npm install` in a clone builds) and by `prepack`.
 * `npm pack` and `npm publish` run prepack and then prepare: the second
 * run is skipped.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
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
rmSync(join(root, 'dist'), { recursive: true, force: true });
const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
if (r.status !== 0) {
  console.error('rxconf build: tsc failed; dist/ is not built');
  process.exit(r.status ?? 1);
}
