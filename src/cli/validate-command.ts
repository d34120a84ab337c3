/**
 * `rxconf validate [--path DIR] [--state] MODULE... DATA.json`: checks an
 * instance document against the modules, as `yanglint` does: the decoder
 * (types, unknown members, keys, choices, config false in a config
 * document) and then tree validation (mandatory, min/max-elements, unique,
 * when, must, leafref and instance-identifier targets). Each problem is
 * printed on stderr as `DATA.json: PATH: error-tag: message`; nothing
 * when valid.
 *
 * The document is RFC 7951 JSON (top-level members module-qualified,
 * checked exactly as RFC 7951 says), or the plain form keyed by module
 * name (`{"my-module": {…}}`, names inside unqualified), as a datastore
 * file accepts. Without `--state` it is configuration (a config false node
 * is an error); with it, configuration and state together.
 */
import { readFileSync } from 'node:fs';
import type { DataContainer } from '../data/data-container.ts';
import { decodeData, decodeDatastore, parseJsonText } from '../data/json/index.ts';
import type { RestconfError } from '../errors/index.ts';
import type { ModuleMeta, SchemaContext } from '../meta/meta.ts';
import { validateTree } from '../validate/index.ts';
import { compileForCommand } from './compile-for-command.ts';
import { UsageError } from './usage-error.ts';

export interface ValidateArgs {
  readonly path: readonly string[];
  readonly features: readonly string[];
  /** The modules, then the data file last. */
  readonly positionals: readonly string[];
  /** Configuration and state (yanglint `-t data`); else configuration only (`-t config`). */
  readonly state: boolean;
}

type Decoded = { ok: true; roots: Map<string, DataContainer> } | { ok: false; errors: readonly RestconfError[] };

/** True for `{"module-name": {…}, …}`: every key an unqualified name of a loaded module. */
const keyedByModule = (json: unknown, schema: SchemaContext): json is Record<string, unknown> =>
  typeof json === 'object' && json !== null && !Array.isArray(json) && Object.keys(json).length > 0
  && Object.keys(json).every((k) => !k.includes(':') && schema.modules.get(k)?.implemented === true);

/** Decodes the document in whichever of the two forms it is. */
export const decodeDocument = (text: string, schema: SchemaContext, content: 'config' | 'all'): Decoded => {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  const json = parsed.value;
  if (keyedByModule(json, schema)) {
    const roots = new Map<string, DataContainer>();
    const errors: RestconfError[] = [];
    for (const [name, body] of Object.entries(json)) {
      const r = decodeData(body, schema.modules.get(name) as ModuleMeta, { strict: false, content, schema, numbers: parsed.numbers });
      if (r.ok) roots.set(name, r.value);
      else errors.push(...r.errors);
    }
    return errors.length > 0 ? { ok: false, errors } : { ok: true, roots };
  }
  const r = decodeDatastore(json, schema, { strict: true, content, numbers: parsed.numbers });
  return r.ok ? { ok: true, roots: r.value } : { ok: false, errors: r.errors };
};

/** Every problem of `text` as data: decoding errors, or if it decodes, tree validation's. */
export const validateDocument = (text: string, schema: SchemaContext, content: 'config' | 'all'): readonly RestconfError[] => {
  const decoded = decodeDocument(text, schema, content);
  return decoded.ok ? validateTree(decoded.roots, { content, schema }) : decoded.errors;
};

export const formatValidationError = (file: string, e: RestconfError): string =>
  `${file}: ${e.path !== undefined && e.path !== '' ? `${e.path}: ` : ''}${e.tag}: ${e.message}`;

/** Problems go to `err` (stderr), like `check`'s; a valid document prints nothing. */
export const validateCommand = (args: ValidateArgs, err: (line: string) => void): number => {
  const modules = args.positionals.slice(0, -1);
  const data = args.positionals.at(-1);
  if (data === undefined || modules.length === 0) throw new UsageError('give at least one module (name or file) and then the data file');
  if (data.endsWith('.yang')) throw new UsageError(`the last argument is the data file, not a module: ${data}`);
  const result = compileForCommand('validate', args, modules, err);
  if (!result.ok) return 1;
  let text: string;
  try {
    text = readFileSync(data, 'utf8');
  } catch (e) {
    err(`rxconf validate: cannot read ${data}: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
  const errors = validateDocument(text, result.context, args.state ? 'all' : 'config');
  for (const e of errors) err(formatValidationError(data, e));
  return errors.length > 0 ? 1 : 0;
};
