/**
 * The core's `yangLibrary` hook: GET of `ietf-yang-library:yang-library`
 * and `ietf-yang-library:modules-state`, built from the compiled schema.
 */
import type { SchemaContext } from '../meta/meta.ts';
import { restconfError } from '../errors/index.ts';
import type { CoreResponse } from '../http/exchange.ts';
import { errorBody, type YangLibraryRequest } from '../http/core/index.ts';
import { modulesState, yangLibrary, type SchemaLocation } from '../http/system/yang-library.ts';

const TREES = {
  'yang-library': yangLibrary,
  'modules-state': modulesState,
} as const;

export const yangLibraryHook = (schema: SchemaContext, location: SchemaLocation) => (r: YangLibraryRequest): CoreResponse => {
  const name = /^\/ietf-yang-library:([a-z-]+)\/?$/.exec(r.path)?.[1];
  const build = name === undefined ? undefined : TREES[name as keyof typeof TREES];
  if (build === undefined || (r.request.method !== 'GET' && r.request.method !== 'HEAD')) {
    const wrongMethod = build !== undefined;
    const error = wrongMethod
      ? restconfError('operation-not-supported', 'the YANG library is read-only', { type: 'protocol', status: 405 })
      : restconfError('invalid-value', `no data at ${r.path}: the YANG library serves /ietf-yang-library:yang-library and /ietf-yang-library:modules-state`, { type: 'protocol', status: 404 });
    return { status: wrongMethod ? 405 : 404, headers: { 'content-type': r.mediaType, ...(wrongMethod ? { allow: 'GET, HEAD, OPTIONS' } : {}) }, body: errorBody([error], r.strict) };
  }
  const member = r.strict ? `ietf-yang-library:${name}` : (name as string);
  const body = JSON.stringify({ [member]: build(schema, location) });
  return { status: 200, headers: { 'content-type': r.mediaType }, body: r.request.method === 'HEAD' ? undefined : body };
};
