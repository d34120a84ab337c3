/** yanglint (libyang) as the reference oracle; tests that need it skip with a note when it is absent. */
import test from 'ava';
import { spawnSync } from 'node:child_process';

export const hasYanglint = spawnSync('yanglint', ['--version'], { encoding: 'utf8' }).status === 0;

let noted = false;
export const yanglintTest: typeof test = ((): typeof test => {
  if (hasYanglint) return test;
  if (!noted) {
    noted = true;
    console.log('note: yanglint is not installed (apt-get install libyang2-tools); tests that use it as the oracle are skipped');
  }
  return test.skip as unknown as typeof test;
})();

export interface YanglintResult {
  readonly ok: boolean;
  readonly output: string;
}

export const yanglint = (args: readonly string[], cwd?: string): YanglintResult => {
  const r = spawnSync('yanglint', [...args], { encoding: 'utf8', cwd });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
};
