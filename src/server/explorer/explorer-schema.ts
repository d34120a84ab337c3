/**
 * GET `<explorer>/schema.json`: the schema outline the explorer page draws
 * its tree and forms from (schema-outline.ts), built on first use. Behind
 * authentication.
 */
import type { Handler } from '../../http/exchange.ts';
import type { SchemaContext } from '../../meta/meta.ts';
import { requestError } from '../request-error.ts';
import { schemaOutline } from './schema-outline.ts';

export const withExplorerSchema = (inner: Handler, schema: SchemaContext, base: string): Handler => {
  const path = `${base}/schema.json`;
  let text: string | undefined;
  return (req) => {
    if (req.path !== path) return inner(req);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return requestError(req, 'operation-not-supported', `${path} is read-only`, { status: 405, headers: { allow: 'GET, HEAD' } });
    }
    text ??= JSON.stringify(schemaOutline(schema));
    return { status: 200, headers: { 'content-type': 'application/json', 'cache-control': 'no-cache' }, body: req.method === 'HEAD' ? undefined : text };
  };
};
