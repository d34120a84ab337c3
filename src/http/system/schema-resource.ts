/**
 * The YANG source of every module and submodule the server compiled, at
 * the `location` (RFC 8525) and `schema` (RFC 7895) URLs of the YANG
 * library: `{+restconf}/schema/<name>[@<revision>]`, as `application/yang`.
 * GET, HEAD and OPTIONS; other methods 405 with Allow.
 */
import { readFileSync } from 'node:fs';
import type { SchemaContext } from '../../meta/meta.ts';
import { percentDecode } from '../../parser/expr/index.ts';
import type { CoreRequest, CoreResponse } from '../exchange.ts';
import { protocolError } from './protocol-error.ts';

export const SCHEMA_PREFIX = '/restconf/schema/';
const ALLOW = 'GET, HEAD, OPTIONS';

/** `http://host:port/restconf/schema/name@revision` */
export const schemaLocation = (base: string) => (name: string, revision: string | undefined): string =>
  `${base}${SCHEMA_PREFIX}${encodeURIComponent(name)}${revision === undefined ? '' : `@${revision}`}`;

export const isSchemaResource = (path: string): boolean => path.startsWith(SCHEMA_PREFIX);

/** The source text of a module or submodule by `name` or `name@revision`. */
const findSource = (schema: SchemaContext, ref: string): string | undefined => {
  const at = ref.indexOf('@');
  const name = at < 0 ? ref : ref.slice(0, at);
  const revision = at < 0 ? undefined : ref.slice(at + 1);
  const fits = (n: string, r: string | undefined) => n === name && (revision === undefined || r === revision);
  for (const m of schema.modules.values()) {
    if (fits(m.name, m.revision)) return m.source;
    const sub = m.submodules.find((s) => fits(s.name, s.revision));
    if (sub !== undefined) return readFileSync(sub.file, 'utf8');
  }
  return undefined;
};

export const schemaResource = (schema: SchemaContext, req: CoreRequest): CoreResponse => {
  const method = req.method;
  if (method === 'OPTIONS') return { status: 204, headers: { allow: ALLOW }, body: undefined };
  if (method !== 'GET' && method !== 'HEAD') return protocolError(req, 'operation-not-supported', 'YANG sources are read-only', 405, { allow: ALLOW });
  const ref = percentDecode(req.path, SCHEMA_PREFIX.length, req.path.length);
  if (!ref.ok) return protocolError(req, 'invalid-value', `bad module reference in ${req.path}: ${ref.message}`);
  const source = findSource(schema, ref.value);
  if (source === undefined) return protocolError(req, 'invalid-value', `no module or submodule ${ref.value} is served`, 404);
  // a module's source changes only with the modules the server is started with: kept an hour, per user (it may sit behind authentication)
  return { status: 200, headers: { 'content-type': 'application/yang', 'cache-control': 'private, max-age=3600' }, body: method === 'HEAD' ? undefined : source };
};
