/**
 * `rxconf check` keeps what it printed for modules that passed
 * ($RXCONF_CACHE_DIR here): checking them again unchanged gives the same
 * output from the cache (shown by an entry changed on purpose: its lines
 * are the ones printed), an edited module is checked again, a damaged
 * entry is ignored and rewritten, and a failing check is not kept.
 * `rxconf tree` keeps its tree the same way.
 */
import test from 'ava';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli.ts';

const cache = mkdtempSync(join(tmpdir(), 'rxconf-check-cache-'));
process.env['RXCONF_CACHE_DIR'] = cache;

const entries = (): string[] => {
  try {
    return readdirSync(join(cache, 'check')).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
};

/** A module in a folder of its own, named so that `--warnings` has one warning to print. */
const moduleDir = (body: string): string => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-check-mod-'));
  writeFileSync(join(dir, 'other-name.yang'), `module cached { yang-version 1.1; namespace "urn:c"; prefix c; ${body} }\n`);
  return dir;
};

test.serial('a repeated check of unchanged modules prints what the first printed, from the cache; an edit is checked again', async (t) => {
  const dir = moduleDir('leaf a { type string; }');
  const file = join(dir, 'other-name.yang');
  const cold = await runCli(['check', '--warnings', file]);
  t.is(cold.code, 0, cold.stderr);
  t.regex(cold.stderr, /does not match module "cached"/);
  t.is(entries().length, 1, 'the pass is kept');

  const again = await runCli(['check', '--warnings', file]);
  t.deepEqual(again, cold, 'the same exit code and output');

  // the entry's lines changed on purpose: printed as they are, so the compiler did not run
  const entryFile = join(cache, 'check', entries()[0] ?? '');
  const entry = JSON.parse(readFileSync(entryFile, 'utf8')) as { lines: string[] };
  writeFileSync(entryFile, JSON.stringify({ ...entry, lines: ['from the cache'] }));
  const cached = await runCli(['check', '--warnings', file]);
  t.is(cached.code, 0);
  t.is(cached.stderr, 'from the cache\n');

  // the module edited: checked again, and the error found
  writeFileSync(file, readFileSync(file, 'utf8').replace('type string;', 'type no-such-type;'));
  const edited = await runCli(['check', '--warnings', file]);
  t.is(edited.code, 1);
  t.regex(edited.stderr, /no-such-type/);
  t.notRegex(edited.stderr, /from the cache/);
});

test.serial('a damaged entry is ignored: the modules are checked again and the entry rewritten', async (t) => {
  const dir = moduleDir('leaf b { type int8; }');
  const file = join(dir, 'other-name.yang');
  const before = new Set(entries());
  const cold = await runCli(['check', '-p', dir, file]);
  t.is(cold.code, 0, cold.stderr);
  const mine = entries().filter((e) => !before.has(e));
  t.is(mine.length, 1);
  const entryFile = join(cache, 'check', mine[0] ?? '');
  for (const damage of ['{"format":"rxconf-result 1","lines":', '{"format":"rxconf-result 1","lines":[1],"files":[],"dirs":[]}', '\u0000\u0001']) {
    writeFileSync(entryFile, damage);
    const run = await runCli(['check', '-p', dir, file]);
    t.deepEqual(run, cold, `same as the first run with the entry ${JSON.stringify(damage)}`);
    t.notThrows(() => JSON.parse(readFileSync(entryFile, 'utf8')) as unknown, 'rewritten whole');
    t.is((JSON.parse(readFileSync(entryFile, 'utf8')) as { format: string }).format, 'rxconf-result 1');
  }
});

test.serial('a failing check is not kept', async (t) => {
  const dir = moduleDir('leaf c { type nothing-like-it; }');
  const before = entries().length;
  const run = await runCli(['check', join(dir, 'other-name.yang')]);
  t.is(run.code, 1);
  t.regex(run.stderr, /nothing-like-it/);
  t.is(entries().length, before);
});

test.serial('a repeated tree of unchanged modules prints the tree the first printed, from the cache; an edit prints the new tree', async (t) => {
  const dir = moduleDir('leaf d { type string; }');
  const file = join(dir, 'other-name.yang');
  const cold = await runCli(['tree', file]);
  t.is(cold.code, 0, cold.stderr);
  t.regex(cold.stdout, /\+--rw d\?\s+string/);
  const treeEntries = readdirSync(join(cache, 'tree'));
  t.is(treeEntries.length, 1, 'the tree is kept');
  t.deepEqual(await runCli(['tree', file]), cold, 'the same exit code and output');

  // the entry's tree changed on purpose: printed as it is, so the compiler did not run
  const entryFile = join(cache, 'tree', treeEntries[0] ?? '');
  writeFileSync(entryFile, JSON.stringify({ ...(JSON.parse(readFileSync(entryFile, 'utf8')) as object), out: 'from the cache\n' }));
  const cached = await runCli(['tree', file]);
  t.deepEqual([cached.code, cached.stdout], [0, 'from the cache\n']);

  // the module edited: its new tree
  writeFileSync(file, readFileSync(file, 'utf8').replace('leaf d { type string; }', 'leaf e { type int8; }'));
  const edited = await runCli(['tree', file]);
  t.is(edited.code, 0, edited.stderr);
  t.regex(edited.stdout, /\+--rw e\?\s+int8/);
});
