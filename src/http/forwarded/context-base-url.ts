/**
 * The base URL (request-base-url.ts) of the request a node is reached by,
 * from its context: what state data builds its URLs with (stream
 * locations, YANG library schema URLs, subscription URIs). A read outside
 * any request (a metrics scrape, a subscription's owner) gets `own`.
 */
import type { RequestContext } from '../../actors/request-context.ts';
import { requestOf } from '../../actors/request-scope.ts';
import type { CoreRequest } from '../exchange.ts';
import { requestBaseUrl } from './request-base-url.ts';

export const contextBaseUrl = (context: RequestContext, own: () => string): string => {
  const request = requestOf(context) as CoreRequest | undefined;
  const base = request === undefined ? '' : requestBaseUrl(request);
  return base === '' ? own() : base;
};
