/**
 * GET (or HEAD) of `/restconf/openapi.json` answers the OpenAPI 3.1
 * document of the served modules (`openapiDocument`), built on first use
 * and kept; any other method there is 405; every other request goes on.
 */
import type { Handler } from '../http/exchange.ts';
import type { SchemaContext } from '../meta/meta.ts';
import { openapiDocument, type OpenapiOptions } from '../openapi/openapi-document.ts';
import { requestError } from './request-error.ts';

export const OPENAPI_PATH = '/restconf/openapi.json';

export const withOpenapi = (inner: Handler, schema: SchemaContext, options: OpenapiOptions = {}): Handler => {
  let text: string | undefined;
  return (req) => {
    if (req.path !== OPENAPI_PATH) return inner(req);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return requestError(req, 'operation-not-supported', `${OPENAPI_PATH} is read-only`, { status: 405, headers: { allow: 'GET, HEAD' } });
    }
    text ??= JSON.stringify(openapiDocument(schema, options));
    return { status: 200, headers: { 'content-type': 'application/json', 'cache-control': 'no-cache' }, body: req.method === 'HEAD' ? undefined : text };
  };
};
