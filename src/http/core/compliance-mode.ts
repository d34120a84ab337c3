/**
 * The compliance mode of a request (the spec's Versioning table): strict
 * when application/yang-data+json is named in Accept or is the
 * Content-Type, unless `simplified` is in the query; simplified otherwise.
 */
import type { CoreRequest } from '../exchange.ts';
import { acceptNamesYangJson, essenceOf, YANG_JSON } from './media-type.ts';
import { parseQuery, type QueryParams } from './query/index.ts';

export const isStrict = (request: CoreRequest, params: QueryParams): boolean => {
  if (params.has('simplified')) return false;
  if (acceptNamesYangJson(request.headers.get('accept'))) return true;
  const contentType = request.headers.get('content-type');
  return contentType !== undefined && essenceOf(contentType) === YANG_JSON;
};

/** The compliance mode of a request the core has not parsed (for resources answered beside it). */
export const requestIsStrict = (request: CoreRequest): boolean => {
  const q = parseQuery(request.query);
  return isStrict(request, q.ok ? q.params : new Map());
};
