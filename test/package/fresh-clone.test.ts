/**
 * The README's first command on a fresh clone: `npm install && npm start`.
 * A copy of the checkout's files as git has them (no dist/), with the
 * checkout's node_modules standing for what `npm install` fetched, then the
 * real `npm start`: its prestart builds dist/, and the demo answers over
 * HTTP. `npm install` itself runs no script of rxconf's (none of prepare,
 * preinstall, install, postinstall), so neither does an application that
 * installs the package.
 */
import test from 'ava';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listeningUrl } from '../helpers/listening-url.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

test('installing runs no script of rxconf\'s: no prepare, preinstall, install or postinstall', (t) => {
  for (const name of ['prepare', 'preinstall', 'install', 'postinstall']) t.false(name in manifest.scripts, name);
  t.regex(manifest.scripts['prestart'] ?? '', /build\.mjs --if-stale/, 'npm start builds what is not built');
});

test('on a fresh clone, npm start builds dist/ and serves the demo', async (t) => {
  const files = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' });
  if (files.status !== 0) {
    t.log(`skipped (visible note): not a git checkout or no git: ${files.stderr}`);
    t.pass();
    return;
  }
  t.timeout(10 * 60_000, 'a whole tsc build on a loaded machine');
  const clone = mkdtempSync(join(tmpdir(), 'rxconf-clone-'));
  t.teardown(() => rmSync(clone, { recursive: true, force: true }));
  for (const f of files.stdout.split('\0')) {
    if (f === '' || !existsSync(join(root, f))) continue; // a file deleted in the working tree
    mkdirSync(dirname(join(clone, f)), { recursive: true });
    copyFileSync(join(root, f), join(clone, f));
  }
  symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'));
  t.false(existsSync(join(clone, 'dist')), 'a clone has no dist/');

  const child = spawn('npm', ['start', '--', '--port', '0'], { cwd: clone, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  t.teardown(() => {
    try {
      process.kill(-(child.pid ?? 0), 'SIGTERM'); // npm, its shell and the server
    } catch {
      // already gone
    }
  });
  let output = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (output += c));
  const url = await listeningUrl(child, 9 * 60_000);
  t.regex(output, /rxconf build: dist\/ is not built: building/, 'prestart said why it built');
  t.true(existsSync(join(clone, 'dist', 'cli', 'main.js')));
  const r = await fetch(`${url}/restconf/data/rxconf-demo:sensors`, { headers: { Authorization: `Basic ${Buffer.from('operator:operator-demo').toString('base64')}` } });
  t.is(r.status, 200);
  const body = (await r.json()) as { sensors?: { sensor?: { name: string }[] } };
  t.deepEqual(body.sensors?.sensor?.map((s) => s.name), ['cpu', 'room', 'cellar']);
});
