/**
 * Checks real requests and answers against an OpenAPI document: the schema
 * of an operation's request body or answer in a media type (JSON Schema
 * 2020-12 by Ajv, `$ref`s resolved in the document), path templates filled
 * with instance values, and each path's documented methods as an `Allow`
 * list.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';

type Json = Record<string, any>;
export type Doc = { paths: Record<string, Json>; components: Json; [k: string]: unknown };

const BASE = 'https://rxconf.test/openapi.json';
const METHODS = ['get', 'put', 'patch', 'post', 'delete'];

export class DocumentCheck {
  readonly #ajv: InstanceType<typeof Ajv2020>;
  readonly #compiled = new Map<string, (v: unknown) => boolean>();

  constructor(readonly doc: Doc) {
    this.#ajv = new Ajv2020({ strict: false, allErrors: true });
    this.#ajv.addSchema({ $id: BASE, components: doc.components });
  }

  operation(path: string, method: string): Json {
    const op = this.doc.paths[path]?.[method.toLowerCase()];
    if (op === undefined) throw new Error(`the document has no ${method} ${path}`);
    return op;
  }

  /** The documented methods of a path as OPTIONS would list them. */
  allow(path: string): string[] {
    const item = this.doc.paths[path] ?? {};
    const methods = METHODS.filter((m) => m in item).map((m) => m.toUpperCase());
    if (methods.includes('GET')) methods.push('HEAD');
    return [...methods, 'OPTIONS'].sort();
  }

  #resolve(x: Json): Json {
    if (typeof x.$ref !== 'string') return x;
    return x.$ref.split('/').slice(1).reduce((o: Json, k: string) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], this.doc);
  }

  #validate(schema: Json, value: unknown): string | undefined {
    const key = JSON.stringify(schema);
    let v = this.#compiled.get(key);
    if (v === undefined) {
      const compiled = this.#ajv.compile(JSON.parse(key.replaceAll('"#/components/', `"${BASE}#/components/`)) as object);
      v = compiled;
      this.#compiled.set(key, compiled);
    }
    return v(value) ? undefined : JSON.stringify((v as unknown as { errors: unknown }).errors);
  }

  /** Why `body` does not fit the documented answer `status` of the operation in `media` (undefined: it fits); throws when that answer is not documented. */
  answer(path: string, method: string, status: number, media: string, body: unknown): string | undefined {
    const response = this.operation(path, method).responses[String(status)];
    if (response === undefined) throw new Error(`${method} ${path} does not document ${status}`);
    const schema = this.#resolve(response).content?.[media]?.schema;
    if (schema === undefined) throw new Error(`${method} ${path} ${status} has no ${media} body`);
    return this.#validate(schema, body);
  }

  /** Why `body` does not fit the documented request body of the operation in `media` (undefined: it fits). */
  request(path: string, method: string, media: string, body: unknown): string | undefined {
    const schema = this.operation(path, method).requestBody?.content?.[media]?.schema;
    if (schema === undefined) throw new Error(`${method} ${path} takes no ${media} body`);
    return this.#validate(schema, body);
  }
}

/** A path template with its `{name}` parameters filled (percent-encoded) from `values`; undefined when one has no value. */
export const fill = (template: string, values: Readonly<Record<string, string>>): string | undefined => {
  let missing = false;
  const path = template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) missing = true;
    return encodeURIComponent(v ?? '');
  });
  return missing ? undefined : path;
};
