/**
 * The rxconf command as the package runs it: bin/rxconf.js on the bundle
 * of dist/cli-bundle/ (scripts/bundle-cli.mjs). `--help` lists every
 * command, and every command loads its code from the bundle and answers a
 * command line without arguments with its own usage error (exit 2: the
 * error class is one class across the bundle's files). Skipped with a note
 * when dist/ is not built (npm test builds it first).
 */
import test from 'ava';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { COMMAND_USAGE } from '../../src/cli/usage.ts';
import { runCommand } from '../package/run-command.ts';

const root = join(import.meta.dirname, '..', '..');
const built = existsSync(join(root, 'dist', 'cli-bundle', 'rxconf.js'));
/** False, with the note, when there is no build to run. */
const skipped = (t: { log: (m: string) => void; pass: () => void }): boolean => {
  if (built) return false;
  t.log('SKIPPED (visible note): dist/ is not built: npm run build');
  t.pass();
  return true;
};
const rxconf = (...args: string[]) => runCommand(process.execPath, [join(root, 'bin', 'rxconf.js'), ...args], { cwd: root, timeoutMs: 60_000 });

test('--help of the built command lists every command', async (t) => {
  if (skipped(t)) return;
  const help = await rxconf('--help');
  t.is(help.code, 0, help.stderr);
  for (const c of Object.keys(COMMAND_USAGE)) t.regex(help.stdout, new RegExp(`^  ([a-z-]+, )*${c}([ ,]|$)`, 'm'), `${c} is listed`);
});

for (const command of Object.keys(COMMAND_USAGE)) {
  test(`the built ${command} loads and reports a missing argument as a usage error`, async (t) => {
    if (skipped(t)) return;
    const r = await rxconf(command);
    t.is(r.code, 2, r.stderr);
    t.regex(r.stderr, new RegExp(`^rxconf ${command}: `));
  });
}
