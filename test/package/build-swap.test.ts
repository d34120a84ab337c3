/**
 * A build replaces dist/ whole, with two renames (scripts/build.mjs): a
 * server started from dist/ while a build runs (`npm pack` during `npm
 * start`, or the package test beside others) finds the old build or the
 * new one, never none and never half of one; nothing of the build's own
 * directories is left beside dist/.
 */
import test from 'ava';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const dist = join(root, 'dist');
const entries = ['index.js', 'index.d.ts', join('cli', 'main.js'), join('cli-bundle', 'rxconf.js')].map((f) => join(dist, f));

test.serial('while a build runs, dist/ always holds a whole build; afterwards only dist/ is there', async (t) => {
  if (!existsSync(entries[0] as string)) {
    t.log('skipped: dist/ is not built (npm install builds it)');
    t.pass();
    return;
  }
  const child = spawn(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
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
    if (existsSync(join(root, `dist.building-${child.pid}`))) buildingSeen = true;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  t.is(await exited, 0, stderr);
  t.true(looks > 100, `${looks} looks`);
  t.is(missing, 0, `dist/ lacked a file of the build at ${missing} of ${looks} looks`);
  t.true(buildingSeen, 'the build was never seen writing beside dist/');
  t.true(entries.every((f) => existsSync(f)));
  // (another build, such as the package test's npm pack, may be running beside this one: only this build's directories count)
  t.deepEqual(readdirSync(root).filter((n) => n === `dist.building-${child.pid}` || n === `dist.old-${child.pid}`), [], 'a build directory was left behind');
});
