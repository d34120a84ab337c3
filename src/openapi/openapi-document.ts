/**
 * The OpenAPI 3.1 document of a schema's served modules: every RESTCONF
 * path, method, query parameter, body and answer schema (JSON Schema of the
 * RFC 7951 encoding), and the error body. `rxconf openapi` prints it; a
 * running server answers it at `GET /restconf/openapi.json`.
 */
import type { ModuleMeta, SchemaContext } from '../meta/meta.ts';
import { ERROR_RESPONSE, ERRORS_SCHEMA } from './error-schema.ts';
import type { JsonSchema } from './json-schema.ts';
import { openapiPaths } from './openapi-paths.ts';
import { QUERY_PARAMETERS } from './query-parameters.ts';
import { SchemaComponents } from './schema-components.ts';

export interface OpenapiOptions {
  /** The modules to describe (default: every implemented module of the schema). */
  readonly modules?: readonly string[];
  readonly title?: string;
  readonly version?: string;
  /** The server URL (`servers`), when known. */
  readonly url?: string;
}

export const openapiDocument = (schema: SchemaContext, options: OpenapiOptions = {}): JsonSchema => {
  const modules: ModuleMeta[] = options.modules === undefined
    ? [...schema.modules.values()].filter((m) => m.implemented)
    : options.modules.map((name) => {
      const m = schema.modules.get(name);
      if (m === undefined) throw new Error(`openapi: module "${name}" is not loaded`);
      return m;
    });
  const components = new SchemaComponents();
  const paths = openapiPaths(modules, components);
  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? `RESTCONF: ${modules.map((m) => m.name).join(', ')}`,
      version: options.version ?? modules.map((m) => `${m.name}@${m.revision ?? 'none'}`).join(' '),
      description: 'RESTCONF (RFC 8040) over the YANG modules named in the title; bodies are RFC 7951 JSON.',
    },
    ...(options.url === undefined ? {} : { servers: [{ url: options.url }] }),
    tags: modules.map((m) => ({ name: m.name, ...(m.description === undefined ? {} : { description: m.description.replace(/\s+/g, ' ').trim() }) })),
    paths,
    components: {
      schemas: { 'ietf-restconf.errors': ERRORS_SCHEMA, ...components.schemas },
      parameters: QUERY_PARAMETERS,
      responses: { error: ERROR_RESPONSE },
    },
  };
};
