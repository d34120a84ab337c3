/** The rxconf command as a user runs it. */
import test from 'ava';
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = join(root, 'test', 'fixtures', 'yang');
const run = async (...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [join(root, 'bin', 'rxconf.js'), ...args]);
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
};

test('check prints nothing and exits 0 for valid modules', async (t) => {
  const r = await run('check', '--path', join(fixtures, 'features'), join(fixtures, 'features', 'fx-augment-ext.yang'));
  t.is(r.code, 0);
  t.is(r.stdout, '');
});

test('check prints every error with file:line:col and exits 1', async (t) => {
  const r = await run('check', join(fixtures, 'defects', 'unknown-type.yang'), join(fixtures, 'defects', 'bad-key.yang'));
  t.is(r.code, 1);
  const lines = r.stdout.trim().split('\n');
  t.is(lines.length, 2);
  t.regex(lines[0] ?? '', /unknown-type\.yang:4:12: error: unknown type "strin"/);
  t.regex(lines[1] ?? '', /bad-key\.yang:4:3: error: key "id"/);
});

test('check finds modules by name on the search path', async (t) => {
  const r = await run('check', '-p', join(fixtures, 'features'), 'fx-groupings');
  t.is(r.code, 0);
});

test('tree prints the pyang-style schema tree', async (t) => {
  const r = await run('tree', '--path', join(fixtures, 'features'), 'fx-definitions');
  t.is(r.code, 0);
  const out = r.stdout;
  t.true(out.startsWith('module: fx-definitions\n'));
  t.regex(out, /^ {2}\+--rw system!$/m);
  t.regex(out, /^ {5}\+--rw hostname +string$/m);
  t.regex(out, /^ {5}\+--rw dns\* +string$/m);
  t.regex(out, /^ {5}\+--rw user\* \[name\]$/m);
  t.regex(out, /^ {5}\| {2}\+---x reset$/m);
  t.regex(out, /^ {5}\| {2}\| {2}\+---w input$/m);
  t.regex(out, /^ {5}\+--rw \(transport\)\?$/m);
  t.regex(out, /^ {5}\| {2}\+--:\(tcp\)$/m);
  t.regex(out, /^ {2}rpcs:\n {4}\+---x restart$/m);
  t.regex(out, /^ {2}notifications:\n {4}\+---n boot$/m);
});

test('tree shows state data as ro and leafrefs as arrows', async (t) => {
  const r = await run('tree', '--path', join(fixtures, 'features'), join(fixtures, 'features', 'fx-types.yang'));
  t.is(r.code, 0);
  t.regex(r.stdout, /\+--rw ref\? +-> \.\.\/item\/id/);
  const p = await run('tree', '-p', join(fixtures, 'features'), 'fx-properties');
  t.regex(p.stdout, /\+--ro state\n/);
  t.regex(p.stdout, /\+--rw required +string\n/);
});

test('an unknown command is a usage error', async (t) => {
  const r = await run('frobnicate');
  t.is(r.code, 2);
  t.regex(r.stderr, /unknown command "frobnicate"/);
});
