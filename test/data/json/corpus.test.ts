/**
 * The corpus instance documents (../shared/yang-corpus/instances), decoded
 * strictly with content per yanglint's -t: every document yanglint accepts
 * decodes, and re-encoded it is accepted by yanglint again; every document
 * yanglint refuses is refused by the decoder, unless yanglint's reason is a
 * tree-level check (leafref target, mandatory node), which is not the
 * decoder's job.
 */
import test from 'ava';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeDatastore, encodeDatastore, parseJsonText, type DecodeResult } from '../../../src/data/json/index.ts';
import type { DataContainer } from '../../../src/data/data-container.ts';
import { compileSchema } from '../../../src/compile/compile-schema.ts';
import type { SchemaContext } from '../../../src/meta/meta.ts';
import { corpusInstances, corpusPublic, hasShared, sharedTest } from '../../helpers/shared.ts';
import { hasYanglint, yanglint } from '../../helpers/yanglint.ts';

interface Row {
  readonly file: string;
  readonly modules: readonly string[];
  readonly type: 'config' | 'data';
  readonly verdict: 'valid' | 'invalid';
  readonly error: string;
}

const rows = (): Row[] =>
  readFileSync(join(corpusInstances, 'EXPECTED.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => {
    const [file = '', modules = '', type = '', , verdict = '', error = ''] = line.split('\t');
    return { file, modules: modules.split(' '), type: type as Row['type'], verdict: verdict as Row['verdict'], error };
  });

/** yanglint reasons that only a check over the whole decoded tree can find. */
const TREE_LEVEL = /Invalid leafref value|Mandatory node/;

const schemas = new Map<string, SchemaContext>();
const schemaFor = (modules: readonly string[]): SchemaContext => {
  const key = modules.join(' ');
  let schema = schemas.get(key);
  if (schema === undefined) {
    const r = compileSchema({ searchPath: [corpusPublic], modules: modules.map((f) => ({ file: join(corpusPublic, f) })) });
    if (!r.ok) throw new Error(`${key} does not compile`);
    schema = r.context;
    schemas.set(key, schema);
  }
  return schema;
};

const decodeRow = (row: Row): DecodeResult<Map<string, DataContainer>> => {
  const parsed = parseJsonText(readFileSync(join(corpusInstances, row.file), 'utf8'));
  if (!parsed.ok) return parsed;
  return decodeDatastore(parsed.value, schemaFor(row.modules), {
    strict: true, content: row.type === 'config' ? 'config' : 'all', numbers: parsed.numbers,
  });
};

sharedTest('corpus instances: decode verdicts against yanglint\'s', (t) => {
  const all = rows();
  t.is(all.length, 67);
  const decoded = all.map((row) => ({ row, result: decodeRow(row) }));
  const agree = decoded.filter(({ row, result }) => result.ok === (row.verdict === 'valid'));
  const refusedValid = decoded.filter(({ row, result }) => row.verdict === 'valid' && !result.ok);
  const caught = decoded.filter(({ row, result }) => row.verdict === 'invalid' && !result.ok);
  const missed = decoded.filter(({ row, result }) => row.verdict === 'invalid' && result.ok);
  t.log(`decode alone reproduces ${agree.length} of ${all.length} yanglint verdicts`);
  t.log(`valid: ${decoded.filter(({ row }) => row.verdict === 'valid').length - refusedValid.length} of ${decoded.filter(({ row }) => row.verdict === 'valid').length} decode`);
  t.log(`invalid caught by decode (${caught.length}):`);
  for (const { row, result } of caught) t.log(`  ${row.file}: ${result.ok ? '' : `${result.errors[0]?.tag} ${result.errors[0]?.path ?? ''}`}`);
  t.log(`invalid left to tree-level checks (${missed.length}):`);
  for (const { row } of missed) t.log(`  ${row.file}: ${row.error.replace(/^libyang err : /, '').slice(0, 90)}`);

  t.deepEqual(refusedValid.map(({ row, result }) => `${row.file}: ${result.ok ? '' : result.errors.map((e) => e.message).join('; ')}`), []);
  t.deepEqual(missed.filter(({ row }) => !TREE_LEVEL.test(row.error)).map(({ row }) => row.file), [], 'only tree-level problems may pass the decoder');
});

sharedTest('corpus instances: errors point where yanglint points', (t) => {
  const located = rows().filter((row) => row.verdict === 'invalid' && /Data location "([^"]+)"/.test(row.error));
  const differ: string[] = [];
  for (const row of located) {
    const result = decodeRow(row);
    const where = /Data location "([^"]+)"/.exec(row.error)?.[1];
    if (result.ok || TREE_LEVEL.test(row.error)) continue;
    if (!result.errors.some((e) => e.path === where)) differ.push(`${row.file}: yanglint ${where}, decode ${result.errors.map((e) => e.path).join(', ')}`);
  }
  t.log(differ.join('\n'));
  // An entry without one of two keys: yanglint names it by the key it has, the decoder by none.
  t.deepEqual(differ.map((d) => d.slice(0, d.indexOf(':'))), ['openconfig-acl.invalid.missing-key.json']);
});

(hasShared && hasYanglint ? test : test.skip)('corpus instances: accepted documents re-encoded strictly are accepted by yanglint', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-corpus-'));
  try {
    const refused: string[] = [];
    for (const row of rows().filter((r) => r.verdict === 'valid')) {
      const result = decodeRow(row);
      if (!result.ok) {
        refused.push(`${row.file}: does not decode`);
        continue;
      }
      const file = join(dir, row.file);
      writeFileSync(file, JSON.stringify(encodeDatastore(result.value, { strict: true }), null, 2));
      const lint = yanglint(['-i', '-p', '../public', '-t', row.type, ...row.modules.map((m) => `../public/${m}`), file], corpusInstances);
      if (!lint.ok) refused.push(`${row.file}: ${lint.output}`);
    }
    t.deepEqual(refused, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
