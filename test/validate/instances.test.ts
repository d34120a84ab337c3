/**
 * Agreement with yanglint on the 67 instance documents of the shared corpus:
 * each document is parsed, decoded (strict RFC 7951, content by its
 * yanglint_type) and validated; it is valid iff nothing reports an error.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeDatastore, parseJsonText } from '../../src/data/json/index.ts';
import type { RestconfError } from '../../src/errors/index.ts';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import type { SchemaContext } from '../../src/meta/meta.ts';
import { validateTree, type Content } from '../../src/validate/index.ts';
import { corpusInstances, corpusPublic, sharedTest } from '../helpers/shared.ts';

interface Row {
  readonly file: string;
  readonly modules: readonly string[];
  readonly content: Content;
  readonly verdict: 'valid' | 'invalid';
  readonly description: string;
}

const rows = (): Row[] =>
  readFileSync(join(corpusInstances, 'EXPECTED.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => {
    const [file = '', modules = '', type = '', , verdict = '', , description = ''] = line.split('\t');
    return { file, modules: modules.split(' '), content: type === 'data' ? 'all' : 'config', verdict: verdict as Row['verdict'], description };
  });

/** Which stage objected, and how. */
function check(row: Row, schema: SchemaContext): { stage: 'parse' | 'decode' | 'validate' | 'none'; errors: readonly RestconfError[] } {
  const parsed = parseJsonText(readFileSync(join(corpusInstances, row.file), 'utf8'));
  if (!parsed.ok) return { stage: 'parse', errors: parsed.errors };
  const decoded = decodeDatastore(parsed.value, schema, { strict: true, content: row.content, numbers: parsed.numbers });
  if (!decoded.ok) return { stage: 'decode', errors: decoded.errors };
  const errors = validateTree(decoded.value, { content: row.content, schema });
  return { stage: errors.length > 0 ? 'validate' : 'none', errors };
}

sharedTest('validator and decoder agree with yanglint on every corpus instance document', (t) => {
  const schemas = new Map<string, SchemaContext>();
  const all = rows();
  const disagreements: string[] = [];
  const byStage = { parse: 0, decode: 0, validate: 0, none: 0 };
  for (const row of all) {
    const key = row.modules.join(' ');
    let schema = schemas.get(key);
    if (schema === undefined) {
      const r = compileSchema({ searchPath: [corpusPublic], modules: row.modules.map((f) => ({ file: join(corpusPublic, f) })) });
      t.true(r.ok, `${key} compiles`);
      schema = r.context;
      schemas.set(key, schema);
    }
    const { stage, errors } = check(row, schema);
    byStage[stage]++;
    const mine = errors.length === 0 ? 'valid' : 'invalid';
    if (mine !== row.verdict) {
      const why = errors.slice(0, 2).map((e) => `${stage}: ${e.tag} ${e.path ?? ''} ${e.message}`).join('; ');
      disagreements.push(`${row.file} (yanglint: ${row.verdict}; ${row.description}): ${why || 'no error found'}`);
    }
  }
  t.log(`${all.length - disagreements.length}/${all.length} agree with yanglint`);
  t.log(`rejected by: JSON parser ${byStage.parse}, decoder ${byStage.decode}, validator ${byStage.validate}; accepted ${byStage.none}`);
  for (const d of disagreements) t.log(`disagreement: ${d}`);
  t.is(all.length, 67);
  t.deepEqual(disagreements, []);
});
