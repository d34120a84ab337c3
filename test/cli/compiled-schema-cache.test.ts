/**
 * The client commands keep the server's compiled schema in the schema
 * cache (compiled.v8 beside the sources of its content-id's entry): a
 * command run against a known schema checks its input with the kept one
 * and refuses bad input with the same errors, word for word, as a command
 * that compiles the schema afresh (no cache); two commands filling the
 * empty cache at once both work and leave one whole entry; a damaged file is compiled
 * again and rewritten; a server whose schema changed (a new content-id)
 * is compiled again under a new entry. The fixture module has a check of
 * every kind: ranges, lengths, patterns, a typedef of another module,
 * identities, enumerations, bits, unions, if-feature, config false, must,
 * when, unique, mandatory, choices, leafrefs, rpc and action input.
 */
import test from 'ava';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type RxconfServer } from '../../src/index.ts';
import { runCli, type CliRun } from '../helpers/run-cli.ts';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'compiled-cache');
const dir = mkdtempSync(join(tmpdir(), 'rxconf-compiled-cache-'));
const cache = join(dir, 'cache');

const serve = async (searchPath: string): Promise<{ server: RxconfServer; url: string }> => {
  const server = createServer({ searchPath: [searchPath], modules: ['cache-checks'], port: 0, logger: false, accessLog: false });
  const { url } = await server.listen();
  return { server, url };
};

/** The command with the cache folder `cacheDir` ('' : no cache, so the schema is compiled afresh). */
const rxconf = async (cacheDir: string, args: readonly string[], stdin?: string): Promise<CliRun> => {
  process.env['RXCONF_CACHE_DIR'] = cacheDir;
  return runCli(args, stdin);
};

const entries = (): string[] => readdirSync(join(cache, 'schemas')).filter((n) => !n.startsWith('.'));
const compiledFile = (entry: string): string => join(cache, 'schemas', entry, 'compiled.v8');

const BAD_SETTINGS = JSON.stringify({
  'cache-checks:settings': {
    name: 'A1', ratio: '0.25', load: 200, address: '300.1.1.1', proto: 'cache-checks:udp', level: 'mid',
    flags: 'a c', port: 'none', speed: 5, state: { up: true }, colour: 'red',
  },
});
const BAD_DATASTORE = JSON.stringify({
  'cache-checks:settings': { min: 5, max: 3, mode: 'slow', turbo: true },
  'cache-checks:server': [
    { name: 's1', address: '10.0.0.1', plain: [null] },
    { name: 's2', address: '10.0.0.1', peer: 'nobody', tuned: 'x' },
    { name: 's3', tuned: 'y' },
    { name: 's4', address: '10.0.0.4' },
  ],
});

test.serial('a command against a known schema checks with the kept compiled schema: the same errors as a fresh compile', async (t) => {
  const s = await serve(fixtures);
  try {
    const runs: [string, readonly string[], string | undefined][] = [
      ['patch: types, patterns, identities, bits, unions, if-feature, config false, unknown members', ['patch', s.url, '/cache-checks:settings', '--data', '-'], BAD_SETTINGS],
      ['put of the datastore: must, when, unique, mandatory, choice, leafref', ['put', `${s.url}/restconf`, '--data', '-'], BAD_DATASTORE],
      ['rpc input: mandatory, must, max-elements', ['call', s.url, 'cache-checks:reset', '--data', '-'], '{"times":0,"tags":["a","b","c"]}'],
      ['action input: range', ['call', s.url, '/cache-checks:server=s1/restart', '--data', '-'], '{"delay":11}'],
      ['a path the schema does not have', ['patch', s.url, '/cache-checks:settings/nothing', '--data', '-'], '{"cache-checks:nothing":1}'],
    ];
    // afresh: no cache, every command downloads and compiles the schema (two at a time)
    process.env['RXCONF_CACHE_DIR'] = '';
    const fresh = await Promise.all(runs.map(([, args, stdin]) => runCli(args, stdin)));
    // cold: two commands at once fill the empty cache (sources and compiled schema, each written whole); warm: the others read it
    process.env['RXCONF_CACHE_DIR'] = cache;
    const [, firstArgs, firstStdin] = runs[0] ?? ['', [], undefined];
    const colds = await Promise.all([runCli(firstArgs, firstStdin), runCli(firstArgs, firstStdin)]);
    const kept = statSync(compiledFile(entries()[0] ?? ''), { bigint: true });
    const warm = await Promise.all(runs.map(([, args, stdin]) => runCli(args, stdin)));
    runs.forEach(([what], i) => {
      const f = fresh[i];
      t.is(f?.code, 1, `${what}: ${f?.stderr ?? ''}`);
      t.true((f?.stderr ?? '').trim().split('\n').length > (i < 3 ? 1 : 0), `${what}: every error named`);
      t.deepEqual([warm[i]?.code, warm[i]?.stderr], [f?.code, f?.stderr], `${what}, from the kept compiled schema`);
    });
    for (const cold of colds) t.deepEqual([cold.code, cold.stderr], [fresh[0]?.code, fresh[0]?.stderr], 'the commands that filled the cache');
    t.deepEqual(readdirSync(join(cache, 'schemas', entries()[0] ?? '')).filter((n) => n.endsWith('.tmp')), [], 'no file half written');
    const after = statSync(compiledFile(entries()[0] ?? ''), { bigint: true });
    t.deepEqual([after.ino, after.mtimeNs], [kept.ino, kept.mtimeNs], 'the kept compiled schema was used, not compiled and written again');
    t.is(entries().length, 1, 'one entry, for the server\'s content-id');

    // good input from the kept schema goes through
    const good = await runCli(['patch', s.url, '/cache-checks:settings', '--data', '-'], '{"cache-checks:settings":{"name":"ok","ratio":"1.5","proto":"tcp","port":"any"}}');
    t.is(good.code, 0, good.stderr);
    const read = await fetch(`${s.url}/restconf/data/cache-checks:settings/name`, { headers: { accept: 'application/yang-data+json' } });
    t.deepEqual(await read.json(), { 'cache-checks:name': 'ok' });

    // a damaged file: compiled again (the same errors), and rewritten whole
    const file = compiledFile(entries()[0] ?? '');
    const size = statSync(file).size;
    truncateSync(file, Math.floor(size / 2));
    const damaged = await runCli(firstArgs, firstStdin);
    t.deepEqual([damaged.code, damaged.stderr], [fresh[0]?.code, fresh[0]?.stderr]);
    const rewritten = statSync(file, { bigint: true });
    t.true(Number(rewritten.size) > size / 2, 'the damaged file was replaced by a whole one');
    const next = await runCli(firstArgs, firstStdin);
    t.deepEqual([next.code, next.stderr], [fresh[0]?.code, fresh[0]?.stderr]);
    const used = statSync(file, { bigint: true });
    t.deepEqual([used.ino, used.mtimeNs], [rewritten.ino, rewritten.mtimeNs], 'and used by the next command');
  } finally {
    await s.server.close();
  }
});

test.serial('a server whose schema changed (a new content-id) is compiled again', async (t) => {
  const load70 = '{"cache-checks:settings":{"load":70}}';
  const v1 = await serve(fixtures);
  try {
    const r = await rxconf(cache, ['patch', v1.url, '/cache-checks:settings', '--data', '-'], load70);
    t.is(r.code, 0, r.stderr);
  } finally {
    await v1.server.close();
  }
  const before = new Set(entries());
  // the same module, a new revision with a narrower typedef
  const v2dir = join(dir, 'v2');
  mkdirSync(v2dir);
  const text = readFileSync(join(fixtures, 'cache-checks.yang'), 'utf8').replace('revision 2026-12-01', 'revision 2026-12-02').replace('range "0..100"', 'range "0..50"');
  writeFileSync(join(v2dir, 'cache-checks.yang'), text);
  const v2 = await serve(v2dir);
  try {
    const r = await rxconf(cache, ['patch', v2.url, '/cache-checks:settings', '--data', '-'], load70);
    t.is(r.code, 1);
    t.regex(r.stderr, /^stdin: \/cache-checks:settings\/load: invalid-value: .*0\.\.50/m);
    const added = entries().filter((e) => !before.has(e));
    t.is(added.length, 1, 'a new entry for the new content-id');
    t.true(statSync(compiledFile(added[0] ?? '')).size > 0, 'with its compiled schema');
  } finally {
    await v2.server.close();
  }
});
