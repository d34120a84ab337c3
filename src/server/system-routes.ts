/**
 * Resources the server answers before the RESTCONF core: YANG source
 * download (the YANG library's `location` URLs). The YANG library and
 * `restconf-state` are modules served by the core (src/http/system/protocol-modules.ts).
 */
import type { CoreRequest, Handler } from '../http/exchange.ts';
import { isSchemaResource, schemaResource } from '../http/system/schema-resource.ts';
import type { SchemaContext } from '../meta/meta.ts';

export { SCHEMA_PREFIX, schemaLocation } from '../http/system/schema-resource.ts';

export const withSystemRoutes = (core: Handler, schema: SchemaContext): Handler => (req: CoreRequest) =>
  isSchemaResource(req.path) ? schemaResource(schema, req) : core(req);
