/**
 * GET (or HEAD) of `/restconf/openapi.json` answers the OpenAPI 3.1
 * document of the served modules (`openapiDocument`) as the requesting
 * user may see them: with access control, only what they may read, and
 * write methods only where they may write (a request without credentials
 * is a user with no name and no groups; authentication lets it through to
 * here, see docs/security.md). The document names the server's
 * authentication schemes, and the request's base URL as its server (as the
 * client used it, through a trusted proxy too: requestBaseUrl).
 * Each (reader's rights, authentication) document is built once and kept
 * as long as those rights are (a rule change makes new ones); any other method there is 405; every
 * other request goes on.
 */
import type { CoreRequest, Handler } from '../http/exchange.ts';
import { requestBaseUrl } from '../http/forwarded/request-base-url.ts';
import type { SchemaContext } from '../meta/meta.ts';
import { openapiDocument, type OpenapiOptions } from '../openapi/openapi-document.ts';
import { FULL_VIEW, type SchemaView } from '../openapi/schema-view.ts';
import type { Authentication } from '../openapi/security-schemes.ts';
import type { AccessRights } from './nacm/access-rights.ts';
import { requestError } from './request-error.ts';

export const OPENAPI_PATH = '/restconf/openapi.json';

/** Whether a request reads the document (which authentication lets through without credentials). */
export const readsOpenapi = (req: CoreRequest): boolean => req.path === OPENAPI_PATH && (req.method === 'GET' || req.method === 'HEAD');

export interface OpenapiRouteOptions extends OpenapiOptions {
  /** The server's authentication now (default: none). */
  readonly authentication?: () => Authentication;
  /** The requesting user's access rights (default: everything). */
  readonly rights?: (req: CoreRequest) => AccessRights | undefined;
}

/** What a user's rights let the document show: a node they may read or that leads to one, the operations they may use on some instance. */
const rightsView = (rights: AccessRights): SchemaView => ({
  may: (op, node) => rights.allows(op, node) || rights.perInstance(op, node) || (op === 'read' && rights.mayReadBelow(node)),
});

export const withOpenapi = (inner: Handler, schema: SchemaContext, options: OpenapiRouteOptions = {}): Handler => {
  const everything = {};
  // per rights object (a new one with each rule version), per authentication: the document without servers
  const texts = new WeakMap<object, Map<string, string>>();
  const documentText = (req: CoreRequest): string => {
    const rights = options.rights?.(req);
    const full = rights === undefined || rights.unrestricted;
    const auth = options.authentication?.() ?? {};
    const authKey = JSON.stringify(auth);
    const owner = full ? everything : rights;
    let byAuth = texts.get(owner);
    if (byAuth === undefined) texts.set(owner, (byAuth = new Map()));
    let text = byAuth.get(authKey);
    if (text === undefined) {
      const { servers: _none, ...doc } = openapiDocument(schema, { ...options, auth, view: full ? FULL_VIEW : rightsView(rights) }) as Record<string, unknown>;
      text = JSON.stringify(doc);
      byAuth.set(authKey, text);
    }
    return text;
  };
  return (req) => {
    if (req.path !== OPENAPI_PATH) return inner(req);
    if (!readsOpenapi(req)) {
      return requestError(req, 'operation-not-supported', `${OPENAPI_PATH} is read-only`, { status: 405, headers: { allow: 'GET, HEAD' } });
    }
    const url = options.url ?? requestBaseUrl(req);
    // the servers go first: the rest is kept as text
    const text = `{"servers":${JSON.stringify([{ url: url === '' ? '/' : url }])},${documentText(req).slice(1)}`;
    return { status: 200, headers: { 'content-type': 'application/json', 'cache-control': 'no-cache' }, body: req.method === 'HEAD' ? undefined : text };
  };
};
