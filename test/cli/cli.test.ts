/**
 * The rxconf command as a user runs it, from the sources (through tsx): the
 * built command (bin/rxconf.js on dist/) is test/package's.
 */
import test from 'ava';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHECK_USAGE, SERVE_USAGE, TREE_USAGE } from '../../src/cli/usage.ts';
import { runCli, type CliRun } from '../helpers/run-cli.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = join(root, 'test', 'fixtures', 'yang');

const run = (...args: string[]): Promise<CliRun> => runCli(args);

test('check prints nothing and exits 0 for valid modules', async (t) => {
  const r = await run('check', '--path', join(fixtures, 'features'), join(fixtures, 'features', 'fx-augment-ext.yang'));
  t.is(r.code, 0);
  t.is(r.stdout, '');
});

test('check prints every error with file:line:col on stderr and exits 1', async (t) => {
  const r = await run('check', join(fixtures, 'defects', 'unknown-type.yang'), join(fixtures, 'defects', 'bad-key.yang'));
  t.is(r.code, 1);
  t.is(r.stdout, '');
  const lines = r.stderr.trim().split('\n');
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
  t.is(r.stdout, '');
});

test('--version prints the package version', async (t) => {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const r = await run('--version');
  t.is(r.code, 0);
  t.is(r.stdout, `rxconf ${version}\n`);
});

test('--help lists the commands on stdout; no command at all is a usage error on stderr', async (t) => {
  const help = await run('--help');
  t.is(help.code, 0);
  for (const c of ['check', 'tree', 'serve']) t.regex(help.stdout, new RegExp(`^  ${c} `, 'm'));
  t.regex(help.stdout, /--version/);
  const none = await run();
  t.is(none.code, 2);
  t.is(none.stdout, '');
  t.regex(none.stderr, /^usage: rxconf <command>/);
});

for (const [command, usage] of [['check', CHECK_USAGE], ['tree', TREE_USAGE], ['serve', SERVE_USAGE]] as const) {
  test(`${command} --help prints its usage and exits 0, whatever else is given`, async (t) => {
    const r = await run(command, '--path', 'nowhere', '--help');
    t.is(r.code, 0);
    t.is(r.stdout, `${usage}\n`);
    t.regex(r.stdout, new RegExp(`^usage: rxconf ${command} `));
    t.regex(r.stdout, /^exit: /m);
    const h = await run('help', command);
    t.is(h.stdout, r.stdout);
  });
}

for (const command of ['check', 'tree', 'serve']) {
  test(`${command}: an unknown option is named on stderr, exit 2`, async (t) => {
    const r = await run(command, '--prot', '8080', join(fixtures, 'features', 'fx-features.yang'));
    t.is(r.code, 2);
    t.is(r.stdout, '');
    t.regex(r.stderr, new RegExp(`^rxconf ${command}: unknown option '--prot'\n`));
    t.regex(r.stderr, new RegExp(`rxconf ${command} --help`));
  });
}

test('an option without its value is a usage error', async (t) => {
  const r = await run('check', join(fixtures, 'features', 'fx-features.yang'), '--path');
  t.is(r.code, 2);
  t.regex(r.stderr, /--path <value>' argument missing/);
});

test('--features: a feature the module does not define is an error (exit 1), as in yanglint', async (t) => {
  const file = join(fixtures, 'features', 'fx-features.yang');
  t.is((await run('check', '--features', 'fx-features:alpha,beta', file)).code, 0);
  const r = await run('check', '--features', 'fx-features:alpha,gama', file);
  t.is(r.code, 1);
  t.regex(r.stderr, /module "fx-features" has no feature "gama"/);
  t.notRegex(r.stderr, /"alpha"/);
  const tree = await run('tree', '-F', 'fx-features:delta', file);
  t.is(tree.code, 1);
  t.is(tree.stdout, '');
  t.regex(tree.stderr, /^rxconf tree: --features fx-features: module "fx-features" has no feature "delta"$/m);
});

test('--features: a module that is not loaded is an error (exit 1); a malformed value a usage error (exit 2)', async (t) => {
  const file = join(fixtures, 'features', 'fx-features.yang');
  const r = await run('check', '--features', 'fx-featurez:alpha', file);
  t.is(r.code, 1);
  t.regex(r.stderr, /no module "fx-featurez" is loaded/);
  const bad = await run('check', '--features', 'alpha', file);
  t.is(bad.code, 2);
  t.regex(bad.stderr, /--features takes MODULE:FEATURE/);
});
