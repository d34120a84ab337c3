/**
 * `rxconf validate`: agreement with yanglint (run here, not its recorded
 * verdicts) on every corpus instance document, through the same decode and
 * validate path the command takes; and the binary itself, spawned.
 */
import test from 'ava';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateDocument } from '../../src/cli/validate-command.ts';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import type { SchemaContext } from '../../src/meta/meta.ts';
import { corpusInstances, corpusPublic, hasShared, sharedTest } from '../helpers/shared.ts';
import { hasYanglint, yanglint } from '../helpers/yanglint.ts';
import { runCli, type CliRun } from '../helpers/run-cli.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const demoYang = join(root, 'demo', 'yang');

const rxconf = (...args: string[]): Promise<CliRun> => runCli(args);

interface Row {
  readonly file: string;
  readonly modules: readonly string[];
  readonly type: 'config' | 'data';
}

const rows = (): Row[] =>
  readFileSync(join(corpusInstances, 'EXPECTED.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => {
    const [file = '', modules = '', type = ''] = line.split('\t');
    return { file, modules: modules.split(' '), type: type === 'data' ? 'data' : 'config' };
  });

const oracle = hasShared && hasYanglint ? test : test.skip;
if (!hasYanglint) console.log('note: yanglint is not installed; the yanglint agreement test is skipped');
if (!hasShared) console.log('note: ../shared is absent; the corpus tests of rxconf validate are skipped');

oracle('rxconf validate agrees with yanglint, run now, on every corpus instance document', (t) => {
  const schemas = new Map<string, SchemaContext>();
  const disagreements: string[] = [];
  const all = rows();
  let invalid = 0;
  for (const row of all) {
    const key = row.modules.join(' ');
    let schema = schemas.get(key);
    if (schema === undefined) {
      const r = compileSchema({ searchPath: [corpusPublic], modules: row.modules.map((f) => ({ file: join(corpusPublic, f) })) });
      t.true(r.ok, `${key} compiles`);
      schema = r.context;
      schemas.set(key, schema);
    }
    const theirs = yanglint(['-i', '-p', '../public', '-t', row.type, ...row.modules.map((f) => join('..', 'public', f)), row.file], corpusInstances);
    const errors = validateDocument(readFileSync(join(corpusInstances, row.file), 'utf8'), schema, row.type === 'data' ? 'all' : 'config');
    if (!theirs.ok) invalid++;
    if (theirs.ok !== (errors.length === 0)) {
      disagreements.push(`${row.file}: yanglint ${theirs.ok ? 'valid' : `invalid (${theirs.output.trim().split('\n')[0]})`}, rxconf ${errors.length === 0 ? 'valid' : `invalid (${errors[0]?.tag}: ${errors[0]?.message})`}`);
    } else if (errors.length > 0) {
      t.true(errors.every((e) => e.tag !== undefined && e.message !== ''), `${row.file}: every error has a tag and a message`);
    }
  }
  t.log(`${all.length - disagreements.length}/${all.length} agree with yanglint (${invalid} invalid)`);
  t.true(all.length >= 60);
  t.true(invalid > 20, 'the corpus has invalid documents to agree on');
  t.deepEqual(disagreements, []);
});

sharedTest('the binary: a valid document prints nothing and exits 0; an invalid one prints located errors and exits 1', async (t) => {
  const mods = ['ietf-interfaces', 'ietf-ip', 'iana-if-type'];
  const ok = await rxconf('validate', '--path', corpusPublic, ...mods, join(corpusInstances, 'ietf-interfaces.valid.json'));
  t.is(ok.code, 0, ok.stderr);
  t.is(ok.stdout + ok.stderr, '');
  const file = join(corpusInstances, 'ietf-interfaces.invalid.out-of-range.json');
  const bad = await rxconf('validate', '--path', corpusPublic, ...mods, file);
  t.is(bad.code, 1);
  t.is(bad.stdout, '');
  t.regex(bad.stderr, /^.*ietf-interfaces\.invalid\.out-of-range\.json: \/ietf-interfaces:interfaces\/interface\[name='eth0'\]\/ietf-ip:ipv4\/mtu: invalid-value: .*range/m);
  // state data: an error in a config document, accepted with --state
  const data = join(corpusInstances, 'ietf-interfaces.data.valid.json');
  const asConfig = await rxconf('validate', '--path', corpusPublic, ...mods, data);
  t.is(asConfig.code, 1);
  t.regex(asConfig.stderr, /oper-status: unknown-element: .*config false/);
  const asData = await rxconf('validate', '--state', '--path', corpusPublic, ...mods, data);
  t.is(asData.code, 0, asData.stderr);
});

test('the binary: the plain form keyed by module name, tree-level errors, usage errors', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-validate-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const plain = join(dir, 'plain.json');
  writeFileSync(plain, JSON.stringify({ 'rxconf-demo': { sensors: { sensor: [{ name: 'cpu', kind: 'temperature', threshold: '60.5' }] } } }));
  const ok = await rxconf('validate', '-p', demoYang, 'rxconf-demo', plain);
  t.is(ok.code, 0, ok.stderr);
  t.is(ok.stderr, '');
  const qualified = join(dir, 'qualified.json');
  writeFileSync(qualified, JSON.stringify({ 'rxconf-demo:sensors': { sensor: [{ name: 'cpu', kind: 'rxconf-demo:temperature' }] } }));
  t.is((await rxconf('validate', '-p', demoYang, 'rxconf-demo', qualified)).code, 0);
  // a missing mandatory leaf is found by tree validation, after decoding
  const missing = join(dir, 'missing.json');
  writeFileSync(missing, JSON.stringify({ 'rxconf-demo:sensors': { sensor: [{ name: 'cpu' }] } }));
  const m = await rxconf('validate', '-p', demoYang, 'rxconf-demo', missing);
  t.is(m.code, 1);
  t.regex(m.stderr, /missing\.json: \/rxconf-demo:sensors\/sensor\[name='cpu'\]\S*: data-missing: /);
  // RFC 7951 is strict: a 64-bit value as a JSON number is refused
  const state = join(dir, 'state.json');
  writeFileSync(state, '{"rxconf-demo:uptime": {"seconds": 5}}');
  const s = await rxconf('validate', '--state', '-p', demoYang, 'rxconf-demo', state);
  t.is(s.code, 1);
  t.regex(s.stderr, /\/rxconf-demo:uptime\/seconds: invalid-value: /);
  const broken = join(dir, 'broken.json');
  writeFileSync(broken, '{"rxconf-demo:sensors": ');
  const b = await rxconf('validate', '-p', demoYang, 'rxconf-demo', broken);
  t.is(b.code, 1);
  t.regex(b.stderr, /broken\.json: (\S+: )?malformed-message: /);
  const usage = await rxconf('validate', '-p', demoYang, plain);
  t.is(usage.code, 2);
  t.regex(usage.stderr, /rxconf validate: give at least one module/);
  const help = await rxconf('validate', '--help');
  t.is(help.code, 0);
  t.regex(help.stdout, /usage: rxconf validate/);
});
