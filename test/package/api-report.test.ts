/**
 * The public API is what etc/rxconf.api.md says: the declarations of src/
 * (dist/'s, built first when stale) have their surface compared with the checked-in report
 * (@microsoft/api-extractor), so a change to what users can import shows in
 * review. `npm run api:report` updates the report.
 */
import test from 'ava';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

test('the public API matches the checked-in report etc/rxconf.api.md', async (t) => {
  t.timeout(300_000, 'a build of dist/ when stale, and api-extractor');
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [join(root, 'scripts', 'api-report.mjs'), '--check'], { cwd: root });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.stderr.on('data', (d: Buffer) => (text += d.toString()));
    child.on('close', (c) => resolve({ code: c, output: text }));
  });
  t.is(code, 0, output);
});
