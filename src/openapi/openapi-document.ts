/**
 * The OpenAPI 3.1 document of a schema's served modules: every RESTCONF
 * path, method, query parameter, body and answer schema (JSON Schema of the
 * RFC 7951 encoding, and of the plain mode's), the error bodies, the
 * authentication schemes. `rxconf openapi` prints it; a running server
 * answers it at `GET /restconf/openapi.json`, for what the requesting user
 * may see, with the request's base URL as its server.
 */
import type { ModuleMeta, SchemaContext } from '../meta/meta.ts';
import { ERROR_RESPONSES, ERRORS_SCHEMAS } from './error-schema.ts';
import type { JsonSchema } from './json-schema.ts';
import { oneLine } from './one-line.ts';
import { OperationIds } from './operation-ids.ts';
import { openapiPaths } from './openapi-paths.ts';
import { QUERY_PARAMETERS } from './query-parameters.ts';
import { SchemaComponents } from './schema-components.ts';
import { FULL_VIEW, type SchemaView } from './schema-view.ts';
import { authenticates, securitySchemes, type Authentication } from './security-schemes.ts';

export interface OpenapiOptions {
  /** The modules to describe (default: every implemented module of the schema). */
  readonly modules?: readonly string[];
  readonly title?: string;
  readonly version?: string;
  /** The server URL (`servers`), when known. */
  readonly url?: string;
  /** What the reader may see and do (default: everything). */
  readonly view?: SchemaView;
  /** The server's authentication (default: none). */
  readonly auth?: Authentication;
}

const DESCRIPTION = 'RESTCONF (RFC 8040) over the YANG modules named in the title. Every body is described in both modes: '
  + 'application/yang-data+json is the strict mode (RFC 7951 names, module-qualified at the top and where the module changes; ietf-restconf:errors), '
  + 'application/json the plain mode (bare names where unambiguous; errors). Send the Accept or Content-Type of the mode you want.';

/** Whether some operation of `paths` is tagged `tag`. */
const tagged = (paths: Record<string, Record<string, unknown>>, tag: string): boolean =>
  Object.values(paths).some((item) => Object.values(item).some((op) => (op as { tags?: unknown[] }).tags?.includes(tag) === true));

/** The components `paths` refers to, as `#/components/<kind>/<name>`. */
const referenced = (paths: unknown): ReadonlySet<string> =>
  new Set([...JSON.stringify(paths).matchAll(/"\$ref":"(#\/components\/[^"]+)"/g)].map((m) => m[1]!));

/** The parameter or response components of `all` that are used (an unused one would only clutter the document). */
const only = (all: Readonly<Record<string, JsonSchema>>, used: ReadonlySet<string>): Record<string, JsonSchema> =>
  Object.fromEntries(Object.entries(all).filter(([name]) => used.has(`#/components/parameters/${name}`) || used.has(`#/components/responses/${name}`)));

export const openapiDocument = (schema: SchemaContext, options: OpenapiOptions = {}): JsonSchema => {
  const asked: ModuleMeta[] = options.modules === undefined
    ? [...schema.modules.values()].filter((m) => m.implemented)
    : options.modules.map((name) => {
      const m = schema.modules.get(name);
      if (m === undefined) throw new Error(`openapi: module "${name}" is not loaded`);
      return m;
    });
  const auth = options.auth ?? {};
  const components = new SchemaComponents(options.view ?? FULL_VIEW);
  const paths = openapiPaths(asked, { components, ids: new OperationIds(), authenticated: authenticates(auth) });
  // a module the reader may see nothing of is not named either
  const modules = options.view === undefined ? asked : asked.filter((m) => tagged(paths, m.name));
  const { schemes, security } = securitySchemes(auth);
  const used = referenced(paths);
  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? `RESTCONF: ${modules.map((m) => m.name).join(', ')}`,
      version: options.version ?? modules.map((m) => `${m.name}@${m.revision ?? 'none'}`).join(' '),
      description: DESCRIPTION,
    },
    servers: [options.url === undefined ? { url: '/', description: 'The server this document came from' } : { url: options.url }],
    security,
    tags: modules.map((m) => ({ name: m.name, ...(m.description === undefined ? {} : { description: oneLine(m.description) }) })),
    paths,
    components: {
      schemas: { ...ERRORS_SCHEMAS, ...components.schemas },
      parameters: only(QUERY_PARAMETERS, used),
      responses: only(ERROR_RESPONSES, used),
      ...(Object.keys(schemes).length === 0 ? {} : { securitySchemes: schemes }),
    },
  };
};
