/**
 * The data file (the snapshot): RFC 7951 JSON of every module's data, as
 * users read and edit it, indented by two spaces. It is written piece by
 * piece (data-file-text.ts), never held whole. Loading also accepts the
 * plain form keyed by module name (`{"my-module": {…}}`) and the simplified
 * form.
 */
import type { DataContainer } from '../data/data-container.ts';
import { decodeData, decodeDatastore, parseJsonText } from '../data/json/index.ts';
import type { ModuleMeta, SchemaContext } from '../meta/meta.ts';
import { writeDataFileText } from './data-file-text.ts';
import { draftFileSync, type DraftFile } from './snapshot-file.ts';
import { Utf8Pieces } from './utf8-pieces.ts';

/** The data file's text of `roots` as one string (for tests and tools; a snapshot is written with draftDataFile). */
export const encodeDataFile = (roots: ReadonlyMap<string, DataContainer>, schema: SchemaContext): string => {
  const parts: string[] = [];
  writeDataFileText(roots, schema, (text) => parts.push(text));
  return parts.join('');
};

/**
 * Writes the data file of `roots` as they are now to a temporary file beside
 * `file`, synchronously, in pieces of at most 1 MiB; syncing it and putting
 * it in place are replaceFile's.
 */
export const draftDataFile = (file: string, roots: ReadonlyMap<string, DataContainer>, schema: SchemaContext): DraftFile =>
  draftFileSync(file, (write) => {
    const bytes = new Utf8Pieces(write);
    writeDataFileText(roots, schema, bytes.put);
    bytes.end();
  });

/** Every module's root in `text`; throws with the file name and every problem. */
export const decodeDataFile = (text: string, schema: SchemaContext, file: string): Map<string, DataContainer> => {
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw new Error(`${file}: ${parsed.errors.map((e) => e.message).join('; ')}`);
  const json = parsed.value;
  const roots = new Map<string, DataContainer>();
  const keyedByModule = typeof json === 'object' && json !== null && !Array.isArray(json)
    && Object.keys(json).every((k) => !k.includes(':') && schema.modules.has(k));
  if (keyedByModule) {
    for (const [name, body] of Object.entries(json as Record<string, unknown>)) {
      const module = schema.modules.get(name) as ModuleMeta;
      const r = decodeData(body, module, { strict: false, content: 'all', schema });
      if (!r.ok) throw new Error(`${file}: ${r.errors.map((e) => `${e.path ?? ''} ${e.message}`).join('; ')}`);
      roots.set(name, r.value);
    }
    return roots;
  }
  const strict = decodeDatastore(json, schema, { strict: true, content: 'all' });
  const r = strict.ok ? strict : decodeDatastore(json, schema, { strict: false, content: 'all' });
  if (!r.ok) throw new Error(`${file}: ${r.errors.map((e) => `${e.path ?? ''} ${e.message}`).join('; ')}`);
  for (const [name, root] of r.value) roots.set(name, root);
  return roots;
};
