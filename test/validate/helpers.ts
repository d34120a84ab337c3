/** Fixture schemas, JSON documents decoded to data trees, and compact views of the errors. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataContainer, HolderMeta } from '../../src/data/data-container.ts';
import { decodeData, decodeDatastore } from '../../src/data/json/index.ts';
import type { RestconfError } from '../../src/errors/index.ts';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import type { SchemaContext } from '../../src/meta/meta.ts';
import { validateTree, type Content } from '../../src/validate/index.ts';
import { yanglint } from '../helpers/yanglint.ts';

export const fixtureDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'yang', 'validate');
export const fixtureFile = (module: string): string => join(fixtureDir, `${module}.yang`);

const schemas = new Map<string, SchemaContext>();

/** The fixture modules compiled together (cached). */
export function schemaOf(...modules: string[]): SchemaContext {
  const key = modules.join(' ');
  let schema = schemas.get(key);
  if (schema === undefined) {
    const r = compileSchema({ searchPath: [fixtureDir], modules: modules.map((m) => ({ file: fixtureFile(m) })) });
    if (!r.ok) throw new Error(`fixture ${key} does not compile: ${r.diagnostics.map((d) => d.message).join('; ')}`);
    schema = r.context;
    schemas.set(key, schema);
  }
  return schema;
}

type Json = Readonly<Record<string, unknown>>;

/** An RFC 7951 datastore document → one data tree per module (decode errors throw: they are not under test here). */
export function datastore(schema: SchemaContext, doc: Json, content: Content = 'config'): Map<string, DataContainer> {
  const r = decodeDatastore(doc, schema, { strict: true, content });
  if (!r.ok) throw new Error(`fixture document does not decode: ${r.errors.map((e) => `${e.path} ${e.message}`).join('; ')}`);
  return r.value;
}

/** The content of one holder (rpc input, a notification...) from RFC 7951 JSON. */
export function holderData(schema: SchemaContext, holder: HolderMeta, doc: Json): DataContainer {
  const r = decodeData(doc, holder, { strict: true, content: 'all', schema });
  if (!r.ok) throw new Error(`fixture content does not decode: ${r.errors.map((e) => `${e.path} ${e.message}`).join('; ')}`);
  return r.value;
}

/** Decodes with the document's own content and validates with `content`. */
export const validate = (schema: SchemaContext, doc: Json, content: Content = 'config', modules?: ReadonlySet<string>): RestconfError[] =>
  validateTree(datastore(schema, doc, content), { content, schema, ...(modules === undefined ? {} : { modules }) });

/** `tag app-tag path`, sorted: what the tests compare (the order of errors is not part of the contract). */
export const brief = (errors: readonly RestconfError[]): string[] =>
  errors.map((e) => `${e.tag} ${e.appTag ?? '-'} ${e.path ?? '-'}`).sort();

let scratch: string | undefined;

/** yanglint's verdict on a document (true: valid), with the fixture modules named. */
export function yanglintAccepts(modules: readonly string[], doc: Json, type: 'config' | 'data'): boolean {
  scratch ??= mkdtempSync(join(tmpdir(), 'rxconf-validate-'));
  const file = join(scratch, `doc-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(doc));
  return yanglint(['-p', fixtureDir, '-t', type, ...modules.map(fixtureFile), file]).ok;
}
