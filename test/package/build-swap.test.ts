/**
 * A build replaces dist/ whole, with two renames (scripts/build.mjs): a
 * server started from dist/ while a build runs (`npm pack` during `npm
 * start`, or the package test beside others) finds the old build or the
 * new one, never none and never half of one; nothing of the build's own
 * directories is left beside dist/.
 *
 * The checkout's build scripts and tsconfigs run on a project of their own
 * with a small src/ (an entry of 300 small modules and the command's main),
 * built once before:
 * how dist/ is swapped does not depend on what tsc compiles, and a build of
 * the whole of src/ costs half a minute of CPU (fresh-clone.test.ts builds
 * it, through `npm start` on a fresh clone).
 */
import test from 'ava';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const MODULES = 300;

/** A project with the checkout's build (scripts, tsconfigs, package.json, node_modules) and a small src/. */
const smallProject = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-build-swap-'));
  mkdirSync(join(dir, 'scripts'));
  mkdirSync(join(dir, 'src', 'cli'), { recursive: true });
  for (const f of ['package.json', 'tsconfig.json', 'tsconfig.build.json', join('scripts', 'build.mjs'), join('scripts', 'bundle-cli.mjs')]) copyFileSync(join(root, f), join(dir, f));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  // enough modules that removing a dist/ takes a while (a swap that removed the old build first would be seen)
  mkdirSync(join(dir, 'src', 'parts'));
  for (let i = 0; i < MODULES; i++) writeFileSync(join(dir, 'src', 'parts', `part-${i}.ts`), `export const part${i} = (n: number): number => n + ${i};\n`);
  writeFileSync(join(dir, 'src', 'index.ts'), `${Array.from({ length: MODULES }, (_, i) => `export * from './parts/part-${i}.ts';\n`).join('')}export const answer = (): number => 42;\n`);
  writeFileSync(join(dir, 'src', 'cli', 'main.ts'), "import { answer } from '../index.ts';\n\nconsole.log(answer());\n");
  return dir;
};

test('while a build runs, dist/ always holds a whole build; afterwards only dist/ is there', async (t) => {
  const project = smallProject();
  t.teardown(() => rmSync(project, { recursive: true, force: true }));
  const build = join(project, 'scripts', 'build.mjs');
  const dist = join(project, 'dist');
  const entries = ['index.js', 'index.d.ts', join('cli', 'main.js'), join('cli-bundle', 'rxconf.js')].map((f) => join(dist, f));
  const first = spawnSync(process.execPath, [build], { cwd: project, encoding: 'utf8' });
  t.is(first.status, 0, first.stderr);
  t.true(entries.every((f) => existsSync(f)), 'the first build made dist/');

  const child = spawn(process.execPath, [build], { cwd: project, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let looks = 0;
  let missing = 0;
  let buildingSeen = false;
  let running = true;
  void exited.then(() => (running = false));
  while (running) {
    looks += 1;
    if (!entries.every((f) => existsSync(f))) missing += 1;
    if (existsSync(join(project, `dist.building-${child.pid}`))) buildingSeen = true;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  t.is(await exited, 0, stderr);
  t.true(looks > 100, `${looks} looks`);
  t.is(missing, 0, `dist/ lacked a file of the build at ${missing} of ${looks} looks`);
  t.true(buildingSeen, 'the build was never seen writing beside dist/');
  t.true(entries.every((f) => existsSync(f)));
  t.deepEqual(readdirSync(project).filter((n) => n.startsWith('dist.')), [], 'a build directory was left behind');
});
